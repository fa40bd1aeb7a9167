import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Public approval links (the token's hash only). */
export const approvalLinks: Migration = {
  name: "0012-approval-links",
  async up(context) {
    await context.queryInterface.createTable(
      "approval_links",
      {
        token_hash: { type: DataTypes.CHAR(64), allowNull: false, primaryKey: true },
        client_id: id,
        organisation_id: id,
        bill_id: id,
        user_id: id,
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        used_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "approval_links", "approval_links_bill", ["bill_id", "user_id"]);
  },
};
