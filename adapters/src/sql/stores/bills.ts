import {
  type BankDetails,
  BILL_STATES,
  type Bill,
  type BillDocument,
  DUPLICATE_MATCH_BASES,
  type ExtractedFields,
  normalisedOrNull,
  normaliseInvoiceNumber,
  normaliseSupplierName,
  oneOf,
  READER_KINDS,
  SUPPLIER_EVIDENCE_BASES,
  type SupplierEvidence,
} from "@apar/core";
import type { Bills } from "@apar/core/ports";
import {
  column,
  decodeDate,
  decodeInt,
  decodeJson,
  decodeOptionalString,
  encodeDate,
  optionalColumn,
  placeholders,
} from "../columns.js";
import { decodeOptionalDecimal } from "../decimal.js";
import type { SqlSession } from "../sql-session.js";
import { type Condition, filteredList, listPage } from "./paging.js";

/** The bill columns every read selects, in the order `decodeBill` reads them. */
export const BILL_COLUMNS = [
  "id",
  "client_id",
  "organisation_id",
  "state",
  "document_sha256",
  "document_media_type",
  "document_filename",
  "document_size",
  "supplier_name",
  "supplier_name_norm",
  "invoice_number",
  "invoice_number_norm",
  "currency",
  "total_amount",
  "sub_total",
  "tax_amount",
  "invoice_date",
  "due_date",
  "supplier_tax_number",
  "bank_details",
  "line_items",
  "purchase_order_number",
  "payment_terms",
  "payment_ref",
  "confidence",
  "field_confidence",
  "reader",
  "read_failure",
  "supplier_id",
  "supplier_evidence",
  "duplicate_of_bill_id",
  "duplicate_match_basis",
  "duplicate_same_file",
  "bank_details_changed",
  "void_reason",
  "created_at",
  "updated_at",
] as const;

export type BillRow = Record<(typeof BILL_COLUMNS)[number], unknown>;

const SELECT = `SELECT ${BILL_COLUMNS.join(", ")} FROM bills`;
// Hot statements are built once: a text made per call is hashed again at every cache lookup on its way down.
const OF_ID = `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`;

/** A normal form cut to its indexed column's width (probes are cut the same way, so they still match). */
export const key255 = (value: string | null): string | null =>
  value === null ? null : [...value].slice(0, 255).join("");

const str = decodeOptionalString;
const json = <A>(v: unknown): A | null => (v === null || v === undefined ? null : decodeJson<A>(v));

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeState = column(oneOf(BILL_STATES, "BillState"), "bills.state");
const decodeReader = optionalColumn(oneOf(READER_KINDS, "ReaderKind"), "bills.reader");
const decodeEvidenceBasis = column(oneOf(SUPPLIER_EVIDENCE_BASES, "SupplierEvidenceBasis"), "bills.supplier_evidence");
const decodeEvidence = (v: unknown): SupplierEvidence | null => {
  const e = json<{ basis: unknown; value: unknown }>(v);
  return e === null ? null : { basis: decodeEvidenceBasis(e.basis), value: str(e.value) };
};
const decodeMatchBasis = optionalColumn(oneOf(DUPLICATE_MATCH_BASES, "DuplicateBasis"), "bills.duplicate_match_basis");

/** A bill row read back. */
export const decodeBill = (r: BillRow): Bill => {
  const document: BillDocument = {
    sha256: String(r.document_sha256),
    mediaType: String(r.document_media_type),
    filename: str(r.document_filename),
    size: decodeInt(r.document_size),
  };
  const fields: ExtractedFields = {
    supplierName: str(r.supplier_name),
    invoiceNumber: str(r.invoice_number),
    currency: str(r.currency),
    totalAmount: decodeOptionalDecimal(r.total_amount),
    lineItems: decodeJson(r.line_items),
    invoiceDate: str(r.invoice_date),
    dueDate: str(r.due_date),
    subTotal: decodeOptionalDecimal(r.sub_total),
    taxAmount: decodeOptionalDecimal(r.tax_amount),
    supplierTaxNumber: str(r.supplier_tax_number),
    bankDetails: json(r.bank_details),
    purchaseOrderNumber: str(r.purchase_order_number),
    paymentTerms: str(r.payment_terms),
    paymentRef: str(r.payment_ref),
  };
  return {
    id: String(r.id),
    clientId: String(r.client_id),
    organisationId: String(r.organisation_id),
    state: decodeState(r.state),
    document,
    fields,
    confidence: r.confidence === null || r.confidence === undefined ? null : Number(r.confidence),
    fieldConfidence: json(r.field_confidence),
    reader: decodeReader(r.reader),
    readFailure: json(r.read_failure),
    supplierId: str(r.supplier_id),
    supplierEvidence: decodeEvidence(r.supplier_evidence),
    duplicateOfBillId: str(r.duplicate_of_bill_id),
    duplicateMatchBasis: decodeMatchBasis(r.duplicate_match_basis),
    duplicateSameFile: Boolean(Number(r.duplicate_same_file)),
    bankDetailsChanged: Boolean(Number(r.bank_details_changed)),
    voidReason: str(r.void_reason),
    createdAt: decodeDate(r.created_at),
    updatedAt: decodeDate(r.updated_at),
  };
};

const orNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** The column values of a bill, in BILL_COLUMNS order. */
const encode = (b: Bill): unknown[] => {
  const f = b.fields;
  return [
    b.id,
    b.clientId,
    b.organisationId,
    b.state,
    b.document.sha256,
    b.document.mediaType,
    b.document.filename,
    b.document.size,
    f.supplierName,
    key255(normalisedOrNull(f.supplierName, normaliseSupplierName)),
    f.invoiceNumber,
    key255(normalisedOrNull(f.invoiceNumber, normaliseInvoiceNumber)),
    f.currency,
    f.totalAmount,
    f.subTotal,
    f.taxAmount,
    f.invoiceDate,
    f.dueDate,
    f.supplierTaxNumber,
    orNull(f.bankDetails),
    JSON.stringify(f.lineItems),
    f.purchaseOrderNumber,
    f.paymentTerms,
    f.paymentRef,
    b.confidence,
    orNull(b.fieldConfidence),
    b.reader,
    orNull(b.readFailure),
    b.supplierId,
    orNull(b.supplierEvidence),
    b.duplicateOfBillId,
    b.duplicateMatchBasis,
    b.duplicateSameFile,
    b.bankDetailsChanged,
    b.voidReason,
    encodeDate(b.createdAt),
    encodeDate(b.updatedAt),
  ];
};

/**
 * The most distinct supplier names of an organisation a supplier-name filter looks through (`bill_supplier_names`,
 * one range of short rows); above it the filter tests the bills themselves, at most the scan cap of them.
 */
const DISTINCT_NAMES = 20_000;

const insertIgnore = (session: SqlSession): string =>
  session.dialect === "mysql" ? "INSERT IGNORE" : "INSERT OR IGNORE";

/** Records every bill's supplier name among its organisation's names: for rows written around the store (seeds). */
export const rememberEverySupplierName = (session: SqlSession): Promise<number> =>
  session.execute(
    `${insertIgnore(session)} INTO bill_supplier_names (organisation_id, name_norm)
     SELECT DISTINCT organisation_id, supplier_name_norm FROM bills WHERE supplier_name_norm IS NOT NULL`,
  );

/** Records the bill's supplier name among its organisation's names (`bill_supplier_names`), if it is new there. */
const rememberName = async (session: SqlSession, bill: Bill): Promise<void> => {
  const name = key255(normalisedOrNull(bill.fields.supplierName, normaliseSupplierName));
  if (name === null) return;
  await session.execute(
    `${insertIgnore(session)} INTO bill_supplier_names (organisation_id, name_norm) VALUES ($1, $2)`,
    [bill.organisationId, name],
  );
};

/** Bills in SQL, always within one organisation of one client. */
export const sqlBills = (session: SqlSession): Bills => ({
  async add(bill) {
    await session.execute(
      `INSERT INTO bills (${BILL_COLUMNS.join(", ")}) VALUES (${BILL_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`,
      encode(bill),
    );
    await rememberName(session, bill);
  },
  async ofId(scope, id) {
    const [row] = await session.select<BillRow>(OF_ID, [id, scope.clientId, scope.organisationId]);
    return row === undefined ? undefined : decodeBill(row);
  },
  async update(bill) {
    // Every column but the id, the scope and the creation time (the first three and the next to last).
    const values = encode(bill);
    const settable = BILL_COLUMNS.map((c, i) => ({ c, v: values[i] })).filter(
      ({ c }) => !["id", "client_id", "organisation_id", "created_at"].includes(c),
    );
    const bind = [...settable.map((s) => s.v), bill.id, bill.clientId, bill.organisationId];
    const n = settable.length;
    await session.execute(
      `UPDATE bills SET ${settable.map((s, i) => `${s.c} = $${i + 1}`).join(", ")}
       WHERE id = $${n + 1} AND client_id = $${n + 2} AND organisation_id = $${n + 3}`,
      bind,
    );
    await rememberName(session, bill);
  },
  async list(scope, filter, page) {
    // Normal forms hold only letters, digits and spaces: nothing in them means anything to LIKE.
    const name = normalisedOrNull(filter.supplierName, normaliseSupplierName);
    const bounds: Condition[] = [];
    if (filter.invoiceDateFrom !== undefined) bounds.push(["invoice_date >= ?", filter.invoiceDateFrom]);
    if (filter.invoiceDateTo !== undefined) bounds.push(["invoice_date <= ?", filter.invoiceDateTo]);
    const equal = [
      ...(filter.supplierId === undefined
        ? []
        : [["bills_supplier_list", ["supplier_id = ?", filter.supplierId]] as const]),
      ...(filter.state === undefined ? [] : [["bills_state", ["state = ?", filter.state]] as const]),
    ];
    const list = { select: SELECT, table: "bills", scope };
    const filters = {
      index: "bills_organisation",
      equal,
      range: ["bills_invoice_date", bounds] as const,
      checks: name === null ? [] : [["supplier_name_norm LIKE ?", `%${name}%`] as const],
      checksIndex: "bills_supplier_name_list",
    };
    const query = filteredList(list, filters);
    if (name === null || bounds.length > 0) return listPage(session, query, page, decodeBill);
    // A supplier-name filter first finds the organisation's names that contain it (few, against its bills):
    // none is an empty list at once; else the bills of those names, unless they are more than the cap.
    const max = Math.min(DISTINCT_NAMES, session.listScanRows);
    const names = await session.select<{ name_norm: unknown }>(
      `SELECT name_norm FROM bill_supplier_names WHERE organisation_id = $1 ORDER BY name_norm LIMIT ${max + 1}`,
      [scope.organisationId],
    );
    if (names.length > max) return listPage(session, query, page, decodeBill);
    const hits = names.flatMap((r) => {
      const n = String(r.name_norm);
      return n.includes(name) ? [n] : [];
    });
    if (hits.length === 0) return { items: [], hasMore: false };
    const named = filteredList(list, {
      ...filters,
      range: ["bills_dup_name", [[`supplier_name_norm IN (${hits.map(() => "?").join(", ")})`, ...hits]]],
      checks: [],
    });
    return listPage(session, { ...named, overflow: query }, page, decodeBill);
  },
  async duplicateCandidates(scope, probe) {
    const bind: unknown[] = [scope.clientId, scope.organisationId, probe.billId, probe.sha256];
    const any = ["document_sha256 = $4"];
    const invoice = key255(probe.invoiceNumber);
    if (invoice !== null) {
      bind.push(invoice);
      const inv = `$${bind.length}`;
      if (probe.supplierId !== null) {
        bind.push(probe.supplierId);
        any.push(`(supplier_id = $${bind.length} AND invoice_number_norm = ${inv})`);
      }
      const name = key255(probe.supplierName);
      if (name !== null) {
        bind.push(name);
        any.push(`(supplier_name_norm = $${bind.length} AND invoice_number_norm = ${inv})`);
      }
    }
    const rows = await session.select<BillRow>(
      `${SELECT} WHERE client_id = $1 AND organisation_id = $2 AND id < $3 AND state <> 'Voided'
       AND (${any.join(" OR ")}) ORDER BY id LIMIT 50`,
      bind,
    );
    return rows.map(decodeBill);
  },
  async paidBankDetails(scope, supplierId, limit) {
    const rows = await session.select<{ bank_details: unknown }>(
      `SELECT bank_details FROM bills WHERE client_id = $1 AND organisation_id = $2 AND supplier_id = $3
         AND state = 'Paid' AND bank_details IS NOT NULL ORDER BY id DESC LIMIT ${Math.max(0, Math.floor(limit))}`,
      [scope.clientId, scope.organisationId, supplierId],
    );
    return rows.flatMap((r) => {
      const details = json<BankDetails>(r.bank_details);
      return details === null ? [] : [details];
    });
  },
  async staleInExtracting(updatedBefore, limit) {
    const rows = await session.select<BillRow>(
      `${SELECT} WHERE state = 'Extracting' AND updated_at < $1 ORDER BY updated_at, id LIMIT ${Math.max(0, Math.floor(limit))}`,
      [encodeDate(updatedBefore)],
    );
    return rows.map(decodeBill);
  },
  async referencedDocuments(sha256s) {
    if (sha256s.length === 0) return new Set<string>();
    const rows = await session.select<{ document_sha256: string }>(
      `SELECT DISTINCT document_sha256 FROM bills WHERE document_sha256 IN (${placeholders(1, sha256s.length)})`,
      [...sha256s],
    );
    return new Set(rows.map((r) => r.document_sha256));
  },
});
