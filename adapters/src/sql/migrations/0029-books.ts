import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };

/**
 * The books: each organisation's chart mapping (a JSON document), exports of the books with every entry they carried
 * (the entry as it was written, so a file reads the same whenever it is downloaded; its key, to leave out what an
 * acknowledged export carried), and the indexes the journal reads documents by: those changed since a day (payments,
 * voids, bills without an invoice date) and issued credit notes by change time.
 */
export const books: Migration = {
  name: "0029-books",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "accounting_charts",
      {
        client_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        body: { type: DataTypes.TEXT, allowNull: false },
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await qi.createTable(
      "accounting_exports",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        body: { type: DataTypes.TEXT, allowNull: false },
        acknowledged_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "accounting_exports", "accounting_exports_organisation", ["organisation_id", "id"]);
    await qi.createTable(
      "accounting_export_entries",
      {
        export_id: { ...id, primaryKey: true },
        seq: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
        client_id: id,
        organisation_id: id,
        entry_key: { type: DataTypes.STRING(100), allowNull: false },
        body: { type: mediumText(context), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "accounting_export_entries", "accounting_export_entries_key", [
      "organisation_id",
      "entry_key",
    ]);
    await ensureIndex(context, "bills", "bills_changed", ["organisation_id", "updated_at", "id"]);
    await ensureIndex(context, "invoices", "invoices_changed", ["organisation_id", "updated_at", "id"]);
    await ensureIndex(context, "credit_notes", "credit_notes_status_changed", [
      "organisation_id",
      "status",
      "updated_at",
      "id",
    ]);
  },
};
