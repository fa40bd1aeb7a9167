import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Imported bank statement files (their entries and matches as a document), one per file per organisation. */
export const bankStatements: Migration = {
  name: "0018-bank-statements",
  async up(context) {
    await context.queryInterface.createTable(
      "bank_statements",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        fingerprint: { type: DataTypes.CHAR(64), allowNull: false },
        body: { type: mediumText(context), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "bank_statements", "bank_statements_list", ["organisation_id", "id"]);
    await ensureIndex(context, "bank_statements", "bank_statements_file", ["organisation_id", "fingerprint"], true);
  },
};
