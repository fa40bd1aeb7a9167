import { CreditNoteView, InvoiceHistoryEntryView, InvoicePaymentView, InvoiceView, toJsonSchema } from "@apar/core";
import { listSchema } from "./support.js";

export const INVOICE_SCHEMA = toJsonSchema(InvoiceView);

export const PAYMENT_SCHEMA = toJsonSchema(InvoicePaymentView);

export const CREDIT_NOTE_SCHEMA = toJsonSchema(CreditNoteView);

export const INVOICE_HISTORY_SCHEMA = listSchema(InvoiceHistoryEntryView);
