import { DataTypes } from "sequelize";
import type { Migration } from "./migration.js";

/** Clients' branding and flags as one JSON column (null: the defaults). */
export const clientSettings: Migration = {
  name: "0005-client-settings",
  async up(context) {
    const columns = (await context.queryInterface.describeTable("clients")) as Record<string, unknown>;
    // MySQL DDL is not transactional: a re-run after a crash finds the column there.
    if ("settings" in columns) return;
    await context.queryInterface.addColumn("clients", "settings", { type: DataTypes.TEXT, allowNull: true });
  },
};
