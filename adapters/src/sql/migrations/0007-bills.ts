import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const optionalId = { type: DataTypes.CHAR(36), allowNull: true };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const text = { type: DataTypes.TEXT, allowNull: true };
// Normal forms used for matching: indexed, so bounded (the stores cut them at 255 characters).
const key = { type: DataTypes.STRING(255), allowNull: true };
// DECIMAL(30, 10) holds any amount apar accepts (20 integer and 10 fraction digits).
const money = { type: DataTypes.DECIMAL(30, 10), allowNull: true };

/** Bills (with their document's metadata), suppliers and idempotency keys. */
export const bills: Migration = {
  name: "0007-bills",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "bills",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        state: { type: DataTypes.STRING(32), allowNull: false },
        document_sha256: { type: DataTypes.CHAR(64), allowNull: false },
        document_media_type: { type: DataTypes.STRING(100), allowNull: false },
        document_filename: { type: DataTypes.STRING(255), allowNull: true },
        document_size: { type: DataTypes.BIGINT, allowNull: false },
        supplier_name: text,
        supplier_name_norm: key,
        invoice_number: text,
        invoice_number_norm: key,
        currency: { type: DataTypes.CHAR(3), allowNull: true },
        total_amount: money,
        sub_total: money,
        tax_amount: money,
        invoice_date: { type: DataTypes.CHAR(10), allowNull: true },
        due_date: { type: DataTypes.CHAR(10), allowNull: true },
        supplier_tax_number: text,
        bank_details: text,
        line_items: { type: mediumText(context), allowNull: false },
        purchase_order_number: text,
        payment_terms: text,
        payment_ref: text,
        confidence: { type: DataTypes.DOUBLE, allowNull: true },
        field_confidence: text,
        reader: { type: DataTypes.STRING(16), allowNull: true },
        read_failure: text,
        supplier_id: optionalId,
        duplicate_of_bill_id: optionalId,
        duplicate_match_basis: { type: DataTypes.STRING(16), allowNull: true },
        duplicate_same_file: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        void_reason: text,
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "bills", "bills_organisation", ["organisation_id", "id"]);
    await ensureIndex(context, "bills", "bills_state", ["organisation_id", "state", "id"]);
    await ensureIndex(context, "bills", "bills_dup_supplier", [
      "organisation_id",
      "supplier_id",
      "invoice_number_norm",
    ]);
    await ensureIndex(context, "bills", "bills_dup_name", [
      "organisation_id",
      "supplier_name_norm",
      "invoice_number_norm",
    ]);
    await ensureIndex(context, "bills", "bills_dup_file", ["organisation_id", "document_sha256"]);
    await qi.createTable(
      "suppliers",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        name: { type: DataTypes.TEXT, allowNull: false },
        name_norm: key,
        tax_number: text,
        tax_number_norm: key,
        email: { type: DataTypes.STRING(254), allowNull: true },
        address: text,
        bank_details: text,
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "suppliers", "suppliers_organisation", ["organisation_id", "id"]);
    await ensureIndex(context, "suppliers", "suppliers_name", ["organisation_id", "name_norm"]);
    await ensureIndex(context, "suppliers", "suppliers_tax", ["organisation_id", "tax_number_norm"]);
    await qi.createTable(
      "idempotency_keys",
      {
        client_id: { ...id, primaryKey: true },
        scope: { type: DataTypes.STRING(100), allowNull: false, primaryKey: true },
        idem_key: { type: DataTypes.STRING(255), allowNull: false, primaryKey: true },
        request_hash: { type: DataTypes.CHAR(64), allowNull: false },
        status: { type: DataTypes.INTEGER, allowNull: false },
        response: { type: mediumText(context), allowNull: false },
        created_at: instant,
      },
      TABLE_OPTIONS,
    );
  },
};
