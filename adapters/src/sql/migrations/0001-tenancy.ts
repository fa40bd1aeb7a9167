import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const optionalInstant = { type: DataTypes.DATE(3), allowNull: true };

/** Clients, organisations, users, memberships and API keys. */
export const tenancy: Migration = {
  name: "0001-tenancy",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "clients",
      {
        id: { ...id, primaryKey: true },
        name: { type: DataTypes.STRING(255), allowNull: false },
        type: { type: DataTypes.STRING(16), allowNull: false },
        modules: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await qi.createTable(
      "organisations",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        name: { type: DataTypes.STRING(255), allowNull: false },
        industry_id: { type: DataTypes.STRING(64), allowNull: true },
        time_zone: { type: DataTypes.STRING(64), allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "organisations", "organisations_client", ["client_id", "id"]);
    await qi.createTable(
      "users",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        email: { type: DataTypes.STRING(320), allowNull: false },
        // Lower-cased copy: e-mail lookups ignore case on every dialect.
        email_lower: { type: DataTypes.STRING(320), allowNull: false },
        name: { type: DataTypes.STRING(255), allowNull: false },
        client_roles: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "users", "users_client_email", ["client_id", "email_lower"], true);
    await qi.createTable(
      "memberships",
      {
        user_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        roles: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "memberships", "memberships_organisation", ["organisation_id", "user_id"]);
    await qi.createTable(
      "api_keys",
      {
        id: { ...id, primaryKey: true },
        name: { type: DataTypes.STRING(255), allowNull: true },
        // The whole scope as JSON, so that authenticating a request reads one row.
        scope: { type: DataTypes.TEXT, allowNull: false },
        key_prefix: { type: DataTypes.STRING(64), allowNull: false },
        key_hash: { type: DataTypes.STRING(128), allowNull: false },
        created_at: instant,
        expires_at: optionalInstant,
        revoked_at: optionalInstant,
        last_used_at: optionalInstant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "api_keys", "api_keys_prefix", ["key_prefix"], true);
    // Which clients a key may act for, for listing a client's keys.
    await qi.createTable(
      "api_key_clients",
      {
        client_id: { ...id, primaryKey: true },
        api_key_id: { ...id, primaryKey: true },
      },
      TABLE_OPTIONS,
    );
  },
};
