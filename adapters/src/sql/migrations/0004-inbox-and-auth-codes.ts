import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };

/** Single-use auth codes, companies and the forwards they rejected. */
export const inboxAndAuthCodes: Migration = {
  name: "0004-inbox-and-auth-codes",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "auth_codes",
      {
        code_hash: { type: DataTypes.CHAR(64), allowNull: false, primaryKey: true },
        client_id: id,
        user_id: id,
        organisation_id: id,
        api_key_id: id,
        created_at: instant,
        expires_at: instant,
        used_at: { type: DataTypes.DATE(3), allowNull: true },
      },
      TABLE_OPTIONS,
    );
    // For purging expired codes.
    await ensureIndex(context, "auth_codes", "auth_codes_expires", ["expires_at"]);
    await qi.createTable(
      "companies",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        name: { type: DataTypes.STRING(255), allowNull: false },
        // The forwarding address's local part: at most 64 octets by RFC 5321.
        slug: { type: DataTypes.STRING(64), allowNull: false },
        organisation_ids: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "companies", "companies_slug", ["slug"], true);
    await ensureIndex(context, "companies", "companies_client", ["client_id", "id"]);
    await qi.createTable(
      "forwarding_rejections",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        company_id: id,
        from_address: { type: DataTypes.STRING(320), allowNull: false },
        from_domain: { type: DataTypes.STRING(255), allowNull: false },
        subject: { type: DataTypes.TEXT, allowNull: true },
        attachment_count: { type: DataTypes.INTEGER, allowNull: false },
        attachment_summary: { type: DataTypes.TEXT, allowNull: true },
        reason: { type: DataTypes.STRING(32), allowNull: false },
        auth_result: { type: DataTypes.STRING(16), allowNull: false },
        dkim_result: { type: DataTypes.STRING(16), allowNull: false },
        spf_result: { type: DataTypes.STRING(16), allowNull: false },
        received_at: instant,
      },
      TABLE_OPTIONS,
    );
    // The listing: a company's newest rejections, read backwards along this index.
    await ensureIndex(context, "forwarding_rejections", "forwarding_rejections_company", [
      "client_id",
      "company_id",
      "received_at",
      "id",
    ]);
  },
};
