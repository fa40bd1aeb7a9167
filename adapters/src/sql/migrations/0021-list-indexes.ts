import { ensureIndex, type Migration } from "./migration.js";

/**
 * Indexes for the list filters that had none in id order: a bill list by supplier, supplier name or invoice
 * date, an invoice list by issue date. Each list reads one named index (stores/paging.ts): the equalities it seeks, then `id` for
 * the keyset order, or the date for a range whose rows are then sorted (at most the scan cap of them).
 */
export const listIndexes: Migration = {
  name: "0021-list-indexes",
  async up(context) {
    await ensureIndex(context, "bills", "bills_supplier_list", ["organisation_id", "supplier_id", "id"]);
    await ensureIndex(context, "bills", "bills_invoice_date", ["organisation_id", "invoice_date", "id"]);
    // The supplier-name filter walks the organisation in id order and tests each entry's name in the index
    // itself (MariaDB's index condition pushdown, SQLite's deferred seek): a row is read only when it matches.
    await ensureIndex(context, "bills", "bills_supplier_name_list", ["organisation_id", "id", "supplier_name_norm"]);
    await ensureIndex(context, "invoices", "invoices_issue_date", ["organisation_id", "issue_date", "id"]);
  },
};
