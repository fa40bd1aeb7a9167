import { DataTypes } from "sequelize";
import { type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/**
 * The body of a run made before proposals existed, with the members a run now has (undefined when it has them):
 * it was released when it was made, so it keeps its status, with no proposer, no approvals needed and no release
 * recorded.
 */
export const upgradedRunBody = (body: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined =>
  "approvalsRequired" in body
    ? undefined
    : { ...body, proposedBy: null, approvalsRequired: 0, approvals: [], released: null, rejected: null };

/**
 * Payment runs under four eyes: each organisation's approval settings (a JSON body: the number of approvals and the
 * amount bands), and runs made before proposals existed given the members a run now has (`upgradedRunBody`).
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
