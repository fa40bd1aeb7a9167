import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const number = { type: DataTypes.STRING(32), allowNull: true };

/**
 * Customers, products, invoices (payments inside), credit notes and the per-organisation document number
 * sequences. Records are JSON documents beside the columns that are filtered, searched or unique.
 */
export const receivables: Migration = {
  name: "0009-receivables",
  async up(context) {
    const qi = context.queryInterface;
    for (const table of ["customers", "products"]) {
      await qi.createTable(
        table,
        {
          id: { ...id, primaryKey: true },
          client_id: id,
          organisation_id: id,
          // Lower-cased name, e-mail / SKU and tax number / description, for `q`.
          search_text: { type: DataTypes.TEXT, allowNull: false },
          body: { type: DataTypes.TEXT, allowNull: false },
          created_at: instant,
          updated_at: instant,
        },
        TABLE_OPTIONS,
      );
      await ensureIndex(context, table, `${table}_organisation`, ["organisation_id", "id"]);
    }
    await qi.createTable(
      "invoices",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        status: { type: DataTypes.STRING(32), allowNull: false },
        customer_id: id,
        issue_date: { type: DataTypes.CHAR(10), allowNull: false },
        document_number: number,
        public_token: { type: DataTypes.STRING(64), allowNull: true },
        body: { type: mediumText(context), allowNull: false },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "invoices", "invoices_organisation", ["organisation_id", "id"]);
    await ensureIndex(context, "invoices", "invoices_status", ["organisation_id", "status", "id"]);
    await ensureIndex(context, "invoices", "invoices_customer", ["organisation_id", "customer_id", "id"]);
    await ensureIndex(context, "invoices", "invoices_number", ["organisation_id", "document_number"], true);
    await ensureIndex(context, "invoices", "invoices_token", ["public_token"], true);
    await qi.createTable(
      "credit_notes",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        invoice_id: id,
        status: { type: DataTypes.STRING(32), allowNull: false },
        document_number: number,
        body: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "credit_notes", "credit_notes_organisation", ["organisation_id", "id"]);
    await ensureIndex(context, "credit_notes", "credit_notes_invoice", ["organisation_id", "invoice_id", "id"]);
    await ensureIndex(context, "credit_notes", "credit_notes_number", ["organisation_id", "document_number"], true);
    await qi.createTable(
      "document_numbers",
      {
        organisation_id: { ...id, primaryKey: true },
        kind: { type: DataTypes.STRING(32), allowNull: false, primaryKey: true },
        client_id: id,
        last_value: { type: DataTypes.BIGINT, allowNull: false },
      },
      TABLE_OPTIONS,
    );
  },
};
