import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/**
 * Payment runs (one pain.001 file each) as documents, and the bills each run pays, so that a bank statement's
 * end-to-end id (the bill id) finds its run.
 */
export const paymentRuns: Migration = {
  name: "0017-payment-runs",
  async up(context) {
    await context.queryInterface.createTable(
      "payment_runs",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        status: { type: DataTypes.STRING(24), allowNull: false },
        body: { type: mediumText(context), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "payment_runs", "payment_runs_list", ["organisation_id", "id"]);
    await context.queryInterface.createTable(
      "payment_run_bills",
      {
        run_id: { ...id, primaryKey: true },
        bill_id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "payment_run_bills", "payment_run_bills_bill", ["organisation_id", "bill_id", "run_id"]);
  },
};
