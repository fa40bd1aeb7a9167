import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Organisations' accounts with the payment processor, and the processor events applied (each once). */
export const paymentAccounts: Migration = {
  name: "0020-payment-accounts",
  async up(context) {
    await context.queryInterface.createTable(
      "payment_accounts",
      {
        client_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        provider: { type: DataTypes.STRING(32), allowNull: false },
        account_id: { type: DataTypes.STRING(255), allowNull: false },
        status: { type: DataTypes.STRING(32), allowNull: false },
        capabilities: { type: DataTypes.TEXT, allowNull: false },
        enabled_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "payment_accounts", "payment_accounts_account", ["provider", "account_id"], true);
    await context.queryInterface.createTable(
      "processor_events",
      {
        provider: { type: DataTypes.STRING(32), allowNull: false, primaryKey: true },
        event_id: { type: DataTypes.STRING(255), allowNull: false, primaryKey: true },
        outcome: { type: DataTypes.STRING(255), allowNull: false },
        applied_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
  },
};
