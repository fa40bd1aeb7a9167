import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };

/** Companies' sender allowlists and the bills that wait for a company's organisation to be chosen. */
export const inboxAllowlists: Migration = {
  name: "0008-inbox-allowlists",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "allowed_senders",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        company_id: id,
        kind: { type: DataTypes.STRING(16), allowNull: false },
        // An address (RFC 5321 path limit) or a domain.
        value: { type: DataTypes.STRING(320), allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "allowed_senders", "allowed_senders_company", ["client_id", "company_id", "id"]);
    await qi.createTable(
      "company_bills",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        company_id: id,
        state: { type: DataTypes.STRING(32), allowNull: false },
        // The rest of the record (document, read fields) as JSON: nothing queries inside it.
        data: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "company_bills", "company_bills_company", ["client_id", "company_id", "id"]);
  },
};
