import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/**
 * Three-way matching: purchase orders, delivery notes, match groups and tolerances in one table of JSON
 * documents (lines, allocations and resolutions are read and written with their document, never queried
 * alone), with the columns the lookups need.
 */
export const matching: Migration = {
  name: "0014-matching",
  async up(context) {
    await context.queryInterface.createTable(
      "matching_documents",
      {
        id: { ...id, primaryKey: true },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        client_id: id,
        organisation_id: id,
        number: { type: DataTypes.STRING(100), allowNull: true },
        bill_id: { type: DataTypes.CHAR(36), allowNull: true },
        // Match groups: their purchase order ids, space-separated, for over-billing across bills.
        refs: { type: DataTypes.TEXT, allowNull: true },
        body: { type: mediumText(context), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "matching_documents", "matching_documents_list", ["organisation_id", "kind", "id"]);
    await ensureIndex(
      context,
      "matching_documents",
      "matching_documents_number",
      ["organisation_id", "kind", "number"],
      true,
    );
    await ensureIndex(
      context,
      "matching_documents",
      "matching_documents_bill",
      ["organisation_id", "kind", "bill_id"],
      true,
    );
  },
};
