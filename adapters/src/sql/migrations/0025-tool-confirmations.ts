import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Tool calls of MCP clients and agents waiting for a person's confirmation (single use, by token hash). */
export const toolConfirmations: Migration = {
  name: "0025-tool-confirmations",
  async up(context) {
    await context.queryInterface.createTable(
      "tool_confirmations",
      {
        token_hash: { type: DataTypes.CHAR(64), allowNull: false, primaryKey: true },
        client_id: id,
        organisation_id: id,
        principal_type: { type: DataTypes.STRING(16), allowNull: false },
        principal_id: { type: DataTypes.STRING(64), allowNull: false },
        via: { type: DataTypes.STRING(8), allowNull: false },
        tool: { type: DataTypes.STRING(100), allowNull: false },
        input: { type: mediumText(context), allowNull: false },
        summary: { type: DataTypes.TEXT, allowNull: false },
        amount: { type: DataTypes.STRING(40), allowNull: true },
        currency: { type: DataTypes.STRING(3), allowNull: true },
        payee: { type: DataTypes.STRING(500), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        used_at: { type: DataTypes.DATE(3), allowNull: true },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "tool_confirmations", "tool_confirmations_expiry", ["expires_at"]);
  },
};
