import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };

/** Approval policies and the lifecycle of bills after review (decision snapshot, approvals, payment). */
export const approvals: Migration = {
  name: "0011-approvals",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "approval_policies",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        priority_order: { type: DataTypes.INTEGER, allowNull: false },
        version: { type: DataTypes.INTEGER, allowNull: false },
        // The fields as JSON: conditions grow without a migration each, and nothing queries inside them.
        body: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "approval_policies", "approval_policies_order", [
      "organisation_id",
      "priority_order",
      "id",
    ]);
    await qi.createTable(
      "bill_lifecycles",
      {
        bill_id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        supplier_id: { type: DataTypes.CHAR(36), allowNull: true },
        approved_at: { type: DataTypes.STRING(32), allowNull: true },
        body: { type: mediumText(context), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "bill_lifecycles", "bill_lifecycles_supplier", ["organisation_id", "supplier_id"]);
  },
};
