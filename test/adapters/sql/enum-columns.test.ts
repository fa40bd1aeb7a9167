import { decodeBill } from "@apar/adapters/sql/stores/bills";
import { decodeInvoice } from "@apar/adapters/sql/stores/invoices";
import test from "ava";

// A bills row as either dialect returns it (SQLite: numbers for flags and sizes).
const row = {
  id: "01900000-0000-7000-8000-000000000001",
  client_id: "01900000-0000-7000-8000-000000000002",
  organisation_id: "01900000-0000-7000-8000-000000000003",
  state: "PendingReview",
  document_sha256: "ab",
  document_media_type: "application/pdf",
  document_filename: "bill.pdf",
  document_size: 12,
  supplier_name: "Acme",
  supplier_name_norm: "acme",
  invoice_number: "1",
  invoice_number_norm: "1",
  currency: "EUR",
  total_amount: "10.5000",
  sub_total: null,
  tax_amount: null,
  invoice_date: null,
  due_date: null,
  supplier_tax_number: null,
  bank_details: null,
  line_items: "[]",
  purchase_order_number: null,
  payment_terms: null,
  payment_ref: null,
  confidence: 0.9,
  field_confidence: null,
  reader: "pdf-text",
  read_failure: null,
  supplier_id: null,
  supplier_evidence: null,
  duplicate_of_bill_id: null,
  duplicate_match_basis: null,
  duplicate_same_file: 0,
  bank_details_changed: 0,
  void_reason: null,
  created_at: "2026-03-04 05:06:07.089",
  updated_at: "2026-03-04 05:06:07.089",
};

test("a bill row's enum columns are decoded: known values pass, any other is a defect naming its column", (t) => {
  const bill = decodeBill(row);
  t.is(bill.state, "PendingReview");
  t.is(bill.reader, "pdf-text");
  t.is(bill.duplicateMatchBasis, null);
  t.is(decodeBill({ ...row, duplicate_match_basis: "SupplierName" }).duplicateMatchBasis, "SupplierName");
  t.throws(() => decodeBill({ ...row, state: "Posted" }), { instanceOf: TypeError, message: /bills\.state.*Posted/ });
  t.throws(() => decodeBill({ ...row, reader: "fax" }), { instanceOf: TypeError, message: /bills\.reader/ });
  t.throws(() => decodeBill({ ...row, duplicate_match_basis: "Name" }), {
    instanceOf: TypeError,
    message: /bills\.duplicate_match_basis/,
  });
  const evidence = JSON.stringify({ basis: "iban", value: "DE89370400440532013000" });
  t.deepEqual(decodeBill({ ...row, supplier_evidence: evidence }).supplierEvidence, {
    basis: "iban",
    value: "DE89370400440532013000",
  });
  t.throws(() => decodeBill({ ...row, supplier_evidence: JSON.stringify({ basis: "hunch", value: null }) }), {
    instanceOf: TypeError,
    message: /bills\.supplier_evidence/,
  });
});

test("an invoice document's status is decoded, not cast", (t) => {
  const body = { status: "Sent", payments: [], updatedAt: "2026-03-04T05:06:07.089Z", sentAt: null, voidedAt: null };
  const created_at = "2026-03-04 05:06:07.089";
  t.is(decodeInvoice({ body: JSON.stringify(body), created_at }).status, "Sent");
  t.throws(() => decodeInvoice({ body: JSON.stringify({ ...body, status: "Open" }), created_at }), {
    instanceOf: TypeError,
    message: /invoices\.body\.status/,
  });
});
