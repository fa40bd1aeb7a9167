import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Supplier credit notes with their applications (as JSON: always read and written with the note). */
export const supplierCredits: Migration = {
  name: "0015-supplier-credits",
  async up(context) {
    await context.queryInterface.createTable(
      "supplier_credit_notes",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        supplier_id: id,
        status: { type: DataTypes.STRING(24), allowNull: false },
        body: { type: mediumText(context), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "supplier_credit_notes", "supplier_credit_notes_list", ["organisation_id", "id"]);
  },
};
