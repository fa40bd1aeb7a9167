import { DataTypes } from "sequelize";
import { type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Each organisation's seller identity (legal name, address, registrations, bank accounts) as one document. */
export const sellerIdentities: Migration = {
  name: "0016-seller-identities",
  async up(context) {
    await context.queryInterface.createTable(
      "seller_identities",
      {
        client_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        body: { type: DataTypes.TEXT, allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
  },
};
