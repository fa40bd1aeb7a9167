import { CREDIT_NOTE_STATUSES, type CreditNote, INVOICE_STATUSES, type Invoice, oneOf } from "@apar/core";
import type { CreditNotes, DocumentNumbers, Invoices } from "@apar/core/ports";
import { column, decodeDate, decodeInt, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { type Condition, filteredList, listPage } from "./paging.js";
import { decodeDoc, encodeDoc } from "./receivable-docs.js";

export interface DocRow {
  readonly body: unknown;
  readonly created_at: unknown;
}

// The documents' statuses are decoded, not cast: a value no code of ours writes is a defect named by its place.
const decodeInvoiceStatus = column(oneOf(INVOICE_STATUSES, "InvoiceStatus"), "invoices.body.status");
const decodeNoteStatus = column(oneOf(CREDIT_NOTE_STATUSES, "CreditNoteStatus"), "credit_notes.body.status");

/** An invoice row (`SELECT_INVOICE`) read back. */
export const decodeInvoice = (r: DocRow): Invoice => {
  const doc = decodeDoc<Invoice>(r.body, ["updatedAt", "sentAt", "voidedAt"]);
  // The creation time is the column's: an update never changes it, whatever the record says.
  return {
    ...doc,
    status: decodeInvoiceStatus(doc.status),
    payments: doc.payments.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
    createdAt: decodeDate(r.created_at),
  };
};

export const SELECT_INVOICE = "SELECT id, body, created_at FROM invoices";

/** Invoices in SQL: a JSON document beside the filtered columns (status, customer, issue date, number, token). */
export const sqlInvoices = (session: SqlSession): Invoices => ({
  async add(i) {
    await session.execute(
      `INSERT INTO invoices (id, client_id, organisation_id, status, customer_id, issue_date, document_number,
       public_token, body, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        i.id,
        i.clientId,
        i.organisationId,
        i.status,
        i.customerId,
        i.issueDate,
        i.documentNumber,
        i.publicToken,
        encodeDoc(i),
        encodeDate(i.createdAt),
        encodeDate(i.updatedAt),
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<DocRow>(
      `${SELECT_INVOICE} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeInvoice(row);
  },
  async ofPublicToken(token) {
    const [row] = await session.select<DocRow>(`${SELECT_INVOICE} WHERE public_token = $1`, [token]);
    return row === undefined ? undefined : decodeInvoice(row);
  },
  async update(i) {
    await session.execute(
      `UPDATE invoices SET status = $1, customer_id = $2, issue_date = $3, document_number = $4, public_token = $5,
       body = $6, updated_at = $7 WHERE id = $8 AND client_id = $9 AND organisation_id = $10`,
      [
        i.status,
        i.customerId,
        i.issueDate,
        i.documentNumber,
        i.publicToken,
        encodeDoc(i),
        encodeDate(i.updatedAt),
        i.id,
        i.clientId,
        i.organisationId,
      ],
    );
  },
  list(scope, filter, page) {
    const bounds: Condition[] = [];
    if (filter.issueDateFrom !== undefined) bounds.push(["issue_date >= ?", filter.issueDateFrom]);
    if (filter.issueDateTo !== undefined) bounds.push(["issue_date <= ?", filter.issueDateTo]);
    const query = filteredList(
      { select: SELECT_INVOICE, table: "invoices", scope },
      {
        index: "invoices_organisation",
        equal: [
          ...(filter.customerId === undefined
            ? []
            : [["invoices_customer", ["customer_id = ?", filter.customerId]] as const]),
          ...(filter.status === undefined ? [] : [["invoices_status", ["status = ?", filter.status]] as const]),
        ],
        range: ["invoices_issue_date", bounds],
        checks: [],
      },
    );
    return listPage(session, query, page, decodeInvoice);
  },
});

/** A credit note row (`SELECT_NOTE`) read back. */
export const decodeNote = (r: DocRow): CreditNote => {
  const doc = decodeDoc<CreditNote>(r.body, ["updatedAt", "issuedAt"]);
  return { ...doc, status: decodeNoteStatus(doc.status), createdAt: decodeDate(r.created_at) };
};
export const SELECT_NOTE = "SELECT id, body, created_at FROM credit_notes";

/** Credit notes in SQL. */
export const sqlCreditNotes = (session: SqlSession): CreditNotes => ({
  async add(n) {
    await session.execute(
      `INSERT INTO credit_notes (id, client_id, organisation_id, invoice_id, status, document_number, body, created_at,
       updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        n.id,
        n.clientId,
        n.organisationId,
        n.invoiceId,
        n.status,
        n.documentNumber,
        encodeDoc(n),
        encodeDate(n.createdAt),
        encodeDate(n.updatedAt),
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<DocRow>(
      `${SELECT_NOTE} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeNote(row);
  },
  async update(n) {
    await session.execute(
      `UPDATE credit_notes SET status = $1, document_number = $2, body = $3, updated_at = $4
       WHERE id = $5 AND client_id = $6 AND organisation_id = $7`,
      [n.status, n.documentNumber, encodeDoc(n), encodeDate(n.updatedAt), n.id, n.clientId, n.organisationId],
    );
  },
  list(scope, filter, page) {
    const list = { select: SELECT_NOTE, table: "credit_notes", scope };
    const query =
      filter.invoiceId === undefined
        ? { ...list, index: "credit_notes_organisation" }
        : { ...list, index: "credit_notes_invoice", seek: [["invoice_id = ?", filter.invoiceId] as const] };
    return listPage(session, query, page, decodeNote);
  },
});

/**
 * Document number sequences: one row per (organisation, kind), bumped by an upsert. The upsert takes the row's
 * lock until the transaction ends (MySQL; SQLite has one writer), so concurrent senders queue and a rollback
 * hands the number back: no gaps, no duplicates.
 */
export const sqlDocumentNumbers = (session: SqlSession): DocumentNumbers => ({
  next: (scope, kind) =>
    session.write(async (tx) => {
      const bump =
        tx.dialect === "mysql"
          ? "ON DUPLICATE KEY UPDATE last_value = last_value + 1"
          : "ON CONFLICT (organisation_id, kind) DO UPDATE SET last_value = last_value + 1";
      await tx.execute(
        `INSERT INTO document_numbers (organisation_id, kind, client_id, last_value) VALUES ($1, $2, $3, 1) ${bump}`,
        [scope.organisationId, kind, scope.clientId],
      );
      const [row] = await tx.select<{ last_value: unknown }>(
        "SELECT last_value FROM document_numbers WHERE organisation_id = $1 AND kind = $2 AND client_id = $3",
        [scope.organisationId, kind, scope.clientId],
      );
      if (row === undefined) throw new Error(`no ${kind} sequence for organisation ${scope.organisationId}`);
      return decodeInt(row.last_value);
    }),
});
