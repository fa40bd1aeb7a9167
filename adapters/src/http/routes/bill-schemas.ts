import {
  BankDetailsView,
  BillView,
  HistoryEntryView,
  nullable,
  SupplierHistoryEntryView,
  SupplierView,
  toJsonSchema,
} from "@apar/core";

/** The bank details object (suppliers, bills), or null. */
export const BANK_DETAILS_SCHEMA = toJsonSchema(nullable(BankDetailsView));

/** A bill as GET /v1/bills/{id} answers it and bill.* events carry it. */
export const BILL_SCHEMA = toJsonSchema(BillView);

/** One entry of a bill's history. */
export const HISTORY_ENTRY_SCHEMA = toJsonSchema(HistoryEntryView);

/** A supplier. */
export const SUPPLIER_SCHEMA = toJsonSchema(SupplierView);

/** One entry of a supplier's history (GET /v1/suppliers/{id}/history). */
export const SUPPLIER_HISTORY_ENTRY_SCHEMA = toJsonSchema(SupplierHistoryEntryView);
