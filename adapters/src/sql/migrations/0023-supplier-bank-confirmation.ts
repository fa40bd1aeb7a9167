import { DataTypes } from "sequelize";
import type { Migration } from "./migration.js";

const COLUMNS = {
  // Actors as JSON ({type, id, via?}); instants with milliseconds.
  bank_details_proposed_by: { type: DataTypes.TEXT, allowNull: true },
  bank_details_proposed_at: { type: DataTypes.DATE(3), allowNull: true },
  bank_details_confirmed_by: { type: DataTypes.TEXT, allowNull: true },
  bank_details_confirmed_at: { type: DataTypes.DATE(3), allowNull: true },
} as const;

/**
 * Dual control on suppliers' bank accounts: who proposed the current account and when, who confirmed it and when.
 * Accounts stored before have neither: they are unconfirmed until a person confirms them.
 */
export const supplierBankConfirmation: Migration = {
  name: "0023-supplier-bank-confirmation",
  async up(context) {
    const existing = (await context.queryInterface.describeTable("suppliers")) as Record<string, unknown>;
    // MySQL DDL is not transactional: a re-run after a crash adds only the columns still missing.
    for (const [name, column] of Object.entries(COLUMNS))
      if (!(name in existing)) await context.queryInterface.addColumn("suppliers", name, column);
  },
};
