import { DataTypes } from "sequelize";
import type { Migration } from "./migration.js";

/**
 * What named a bill's supplier record (issue 33): `{basis, value}` as JSON, null for bills matched before (and
 * bills without a supplier).
 */
export const supplierEvidence: Migration = {
  name: "0032-supplier-evidence",
  async up(context) {
    const existing = (await context.queryInterface.describeTable("bills")) as Record<string, unknown>;
    // MySQL DDL is not transactional: a re-run after a crash adds the column only when it is still missing.
    if (!("supplier_evidence" in existing))
      await context.queryInterface.addColumn("bills", "supplier_evidence", { type: DataTypes.TEXT, allowNull: true });
  },
};
