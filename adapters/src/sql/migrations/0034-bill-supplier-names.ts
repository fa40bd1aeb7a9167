import { DataTypes } from "sequelize";
import { type Migration, TABLE_OPTIONS } from "./migration.js";

/**
 * The distinct supplier names (normal form) an organisation's bills have carried, kept by the bill store as bills
 * are written: a supplier-name filter looks through them (one range of short rows) before it touches a bill, so
 * a name no bill carries is an empty page at once however many names the organisation has. Bills are never
 * deleted; a name a bill no longer carries stays and only costs a probe that finds nothing.
 */
export const billSupplierNames: Migration = {
  name: "0034-bill-supplier-names",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "bill_supplier_names",
      {
        organisation_id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true },
        name_norm: { type: DataTypes.STRING(255), allowNull: false, primaryKey: true },
      },
      TABLE_OPTIONS,
    );
    // A re-run after a crash finds some names there already.
    const ignore = context.dialect === "mysql" ? "INSERT IGNORE" : "INSERT OR IGNORE";
    await qi.sequelize.query(
      `${ignore} INTO bill_supplier_names (organisation_id, name_norm)
       SELECT DISTINCT organisation_id, supplier_name_norm FROM bills WHERE supplier_name_norm IS NOT NULL`,
    );
  },
};
