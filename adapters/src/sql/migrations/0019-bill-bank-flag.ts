import { DataTypes } from "sequelize";
import type { Migration } from "./migration.js";

/** The fraud signal on a bill: its bank details name an account its supplier has not been paid at before. */
export const billBankFlag: Migration = {
  name: "0019-bill-bank-flag",
  async up(context) {
    await context.queryInterface.addColumn("bills", "bank_details_changed", {
      type: DataTypes.BOOLEAN,
      allowNull: false,
      defaultValue: false,
    });
  },
};
