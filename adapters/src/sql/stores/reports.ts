import type { BillLifecycle, BillState, CreditNote, InvoiceStatus } from "@apar/core";
import { isPositiveAmount } from "@apar/core";
import type { OrgScope, PayableDocument, ReceivableDocument, ReportSelection, ReportSources } from "@apar/core/ports";
import { decodeJson, encodeDate, placeholders } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { BILL_COLUMNS, type BillRow, decodeBill } from "./bills.js";
import { type DocRow, decodeInvoice, decodeNote, SELECT_INVOICE, SELECT_NOTE } from "./invoices.js";
import { indexHint } from "./paging.js";

/** Documents per batch: a report holds one batch at a time, whatever the organisation's size. */
export const REPORT_BATCH = 500;

/** Where a keyset walk is: after this id (and, walking by change time, this time). */
interface Position {
  readonly updatedAt?: string;
  readonly id: string;
}

/**
 * Walks one index range in batches: `open` walks `(organisation_id, <state>, id)` from the start; `changed`
 * walks `(organisation_id, <state>, updated_at, id)` from `since`. Each batch is one statement (LIMIT inlined).
 */
async function* walk<R extends { id: unknown; updated_at?: unknown }>(
  session: SqlSession,
  statement: {
    select: string;
    table: string;
    index: string;
    join?: string;
    where: string;
    bind: readonly unknown[];
  },
  since: string | undefined,
): AsyncGenerator<R[]> {
  let at: Position = since === undefined ? { id: "" } : { updatedAt: since, id: "" };
  for (;;) {
    const n = statement.bind.length;
    const after =
      at.updatedAt === undefined
        ? { sql: `id > $${n + 1}`, bind: [at.id], order: "id" }
        : {
            // After (time, id) in the index's order. SQLite seeks a row value in the index; MariaDB makes the two
            // ranges of the OR. Either way documents changed at one same instant are not walked again per batch.
            sql:
              session.dialect === "sqlite"
                ? `(updated_at, id) > ($${n + 1}, $${n + 2})`
                : `(updated_at > $${n + 1} OR (updated_at = $${n + 1} AND id > $${n + 2}))`,
            bind: [at.updatedAt, at.id],
            order: "updated_at, id",
          };
    const rows = await session.select<R>(
      `${statement.select} FROM ${statement.table} ${indexHint(session, statement.index)}${statement.join === undefined ? "" : ` ${statement.join}`} WHERE ${statement.where} AND ${after.sql} ORDER BY ${after.order} LIMIT ${REPORT_BATCH}`,
      [...statement.bind, ...after.bind],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < REPORT_BATCH) return;
    const last = rows[rows.length - 1] as R;
    at =
      at.updatedAt === undefined
        ? { id: String(last.id) }
        : { updatedAt: String(last.updated_at), id: String(last.id) };
  }
}

/** Each state's walk: open states by id, settled ones by change time from `changedSince`. */
async function* byState<S extends string, R extends { id: unknown; updated_at?: unknown }>(
  session: SqlSession,
  scope: OrgScope,
  selection: ReportSelection<S>,
  shape: { select: string; table: string; join?: string; column: string; openIndex: string; changedIndex: string },
): AsyncGenerator<R[]> {
  const where = `${shape.table}.organisation_id = $1 AND ${shape.column} = $2 AND ${shape.table}.client_id = $3`;
  for (const state of selection.open)
    yield* walk<R>(
      session,
      { ...shape, index: shape.openIndex, where, bind: [scope.organisationId, state, scope.clientId] },
      undefined,
    );
  // The change time is read back as stored (text) to continue from it exactly.
  for (const state of selection.settled)
    yield* walk<R>(
      session,
      { ...shape, index: shape.changedIndex, where, bind: [scope.organisationId, state, scope.clientId] },
      encodeDate(selection.changedSince),
    );
}

// A bill's lifecycle comes with it, by its primary key (one statement per batch).
const BILL_SELECT = `SELECT ${BILL_COLUMNS.map((c) => `bills.${c}`).join(", ")}, bill_lifecycles.body AS lifecycle_body`;
const WITH_LIFECYCLE = "LEFT JOIN bill_lifecycles ON bill_lifecycles.bill_id = bills.id";

/** The issued credit notes of the batch's invoices that were credited at all (one statement). */
const creditNotesOf = async (
  session: SqlSession,
  scope: OrgScope,
  invoiceIds: readonly string[],
): Promise<Map<string, CreditNote[]>> => {
  const notes = new Map<string, CreditNote[]>();
  if (invoiceIds.length === 0) return notes;
  const rows = await session.select<DocRow>(
    `${SELECT_NOTE} ${indexHint(session, "credit_notes_invoice")} WHERE organisation_id = $1 AND client_id = $2 AND status = 'Issued' AND invoice_id IN (${placeholders(3, invoiceIds.length)})`,
    [scope.organisationId, scope.clientId, ...invoiceIds],
  );
  for (const note of rows.map(decodeNote)) notes.set(note.invoiceId, [...(notes.get(note.invoiceId) ?? []), note]);
  return notes;
};

const withCredits = async (
  session: SqlSession,
  scope: OrgScope,
  rows: readonly DocRow[],
): Promise<ReceivableDocument[]> => {
  const invoices = rows.map(decodeInvoice);
  const notes = await creditNotesOf(
    session,
    scope,
    invoices.filter((i) => isPositiveAmount(i.amountCredited)).map((i) => i.id),
  );
  return invoices.map((invoice) => ({ invoice, creditNotes: notes.get(invoice.id) ?? [] }));
};

const INVOICE_SELECT = SELECT_INVOICE.replace(/ FROM invoices$/, "");

/** One customer's invoices in the selection: its index, in id order, the states tested on the rows. */
async function* customerInvoices(
  session: SqlSession,
  scope: OrgScope,
  selection: ReportSelection<InvoiceStatus>,
  customerId: string,
): AsyncGenerator<DocRow[]> {
  const bind: unknown[] = [scope.organisationId, customerId, scope.clientId];
  const open = selection.open.length === 0 ? "0 = 1" : `status IN (${placeholders(4, selection.open.length)})`;
  bind.push(...selection.open);
  const settled =
    selection.settled.length === 0
      ? "0 = 1"
      : `(status IN (${placeholders(bind.length + 1, selection.settled.length)}) AND updated_at >= $${bind.length + selection.settled.length + 1})`;
  if (selection.settled.length > 0) bind.push(...selection.settled, encodeDate(selection.changedSince));
  yield* walk<DocRow & { id: unknown }>(
    session,
    {
      select: `${INVOICE_SELECT}, updated_at`,
      table: "invoices",
      index: "invoices_customer",
      where: `organisation_id = $1 AND customer_id = $2 AND client_id = $3 AND (${open} OR ${settled})`,
      bind,
    },
    undefined,
  );
}

/**
 * The report sources in SQL: each state's range of its index walked in batches of REPORT_BATCH (keyset, never
 * OFFSET), bills joined to their lifecycles by key, each batch's credit notes read in one more statement. Amounts are decoded in the
 * application: SQLite keeps DECIMAL as a double, so money is never summed in SQL.
 */
export const sqlReportSources = (session: SqlSession): ReportSources => ({
  async *bills(scope, selection: ReportSelection<BillState>): AsyncGenerator<PayableDocument[]> {
    for await (const rows of byState<BillState, BillRow & { id: unknown; lifecycle_body: unknown }>(
      session,
      scope,
      selection,
      {
        select: BILL_SELECT,
        table: "bills",
        join: WITH_LIFECYCLE,
        column: "state",
        openIndex: "bills_state",
        changedIndex: "bills_state_changed",
      },
    ))
      yield rows.map((row) => ({
        bill: decodeBill(row),
        lifecycle:
          row.lifecycle_body === null || row.lifecycle_body === undefined
            ? undefined
            : decodeJson<BillLifecycle>(row.lifecycle_body),
      }));
  },
  async *invoices(scope, selection): AsyncGenerator<ReceivableDocument[]> {
    const batches =
      selection.customerId === undefined
        ? byState<InvoiceStatus, DocRow & { id: unknown }>(session, scope, selection, {
            select: `${INVOICE_SELECT}, updated_at`,
            table: "invoices",
            column: "status",
            openIndex: "invoices_status",
            changedIndex: "invoices_status_changed",
          })
        : customerInvoices(session, scope, selection, selection.customerId);
    for await (const rows of batches) yield await withCredits(session, scope, rows);
  },
});
