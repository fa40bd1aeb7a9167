import { BillView, SupplierView, toJsonSchema } from "@apar/core";

/** A bill as GET /v1/bills/{id} answers it and bill.* events carry it. */
export const BILL_SCHEMA = toJsonSchema(BillView);

/** A supplier. */
export const SUPPLIER_SCHEMA = toJsonSchema(SupplierView);
