import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const hash = { type: DataTypes.CHAR(64), allowNull: false, primaryKey: true };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const optionalInstant = { type: DataTypes.DATE(3), allowNull: true };

/** People signing in as themselves: mailed single-use links and their portal sessions (both by hash only). */
export const signIn: Migration = {
  name: "0027-sign-in",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "sign_in_links",
      {
        token_hash: hash,
        email_lower: { type: DataTypes.STRING(320), allowNull: false },
        created_at: instant,
        expires_at: instant,
        used_at: optionalInstant,
      },
      TABLE_OPTIONS,
    );
    // For purging expired links.
    await ensureIndex(context, "sign_in_links", "sign_in_links_expires", ["expires_at"]);
    await qi.createTable(
      "person_sessions",
      {
        id_hash: hash,
        client_id: id,
        user_id: id,
        method: { type: DataTypes.STRING(8), allowNull: false },
        created_at: instant,
        expires_at: instant,
        ended_at: optionalInstant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "person_sessions", "person_sessions_expires", ["expires_at"]);
    // A sign-in finds the users of an address in every client (users_client_email leads with the client).
    await ensureIndex(context, "users", "users_email", ["email_lower"]);
  },
};
