import { DataTypes } from "sequelize";
import { type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/**
 * Payment runs under four eyes: each organisation's approval settings (a JSON body: the number of approvals and the
 * amount bands), and runs made before proposals existed given the members a run now has. Those runs were released
 * when they were made (their file was served at once): they keep their status, with no proposer, no approvals
 * needed and no release recorded.
 */
export const paymentRunApprovals: Migration = {
  name: "0024-payment-run-approvals",
  async up(context) {
    await context.queryInterface.createTable(
      "payment_run_settings",
      {
        client_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        body: { type: DataTypes.TEXT, allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    // Re-run safe: a run already given the members is left alone.
    const sequelize = context.queryInterface.sequelize;
    const [rows] = await sequelize.query("SELECT id, body FROM payment_runs");
    for (const row of rows as { id: string; body: string }[]) {
      const body = JSON.parse(String(row.body)) as Record<string, unknown>;
      if ("approvalsRequired" in body) continue;
      const upgraded = {
        ...body,
        proposedBy: null,
        approvalsRequired: 0,
        approvals: [],
        released: null,
        rejected: null,
      };
      await sequelize.query("UPDATE payment_runs SET body = ? WHERE id = ?", {
        replacements: [JSON.stringify(upgraded), row.id],
      });
    }
  },
};
