import type { BillState, CreditNote, InvoiceStatus } from "@apar/core";
import { isPositiveAmount } from "@apar/core";
import type { OrgScope, PayableDocument, ReceivableDocument, ReportSelection, ReportSources } from "@apar/core/ports";
import { encodeDate, placeholders } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { type DocRow, decodeInvoice, decodeNote, SELECT_INVOICE, SELECT_NOTE } from "./invoices.js";
import { indexHint } from "./paging.js";
import { BILL_WITH_LIFECYCLE, type BillWithLifecycleRow, billWithLifecycle, walk } from "./walk.js";

/** Each state's walk: open states by id, settled ones by change time from `changedSince`. */
async function* byState<S extends string, R extends { id: unknown }>(
  session: SqlSession,
  scope: OrgScope,
  selection: ReportSelection<S>,
  shape: { select: string; table: string; join?: string; column: string; openIndex: string; changedIndex: string },
): AsyncGenerator<R[]> {
  const where = `${shape.table}.organisation_id = $1 AND ${shape.column} = $2 AND ${shape.table}.client_id = $3`;
  for (const state of selection.open)
    yield* walk<R>(session, {
      ...shape,
      index: shape.openIndex,
      where,
      bind: [scope.organisationId, state, scope.clientId],
    });
  // The change time is read back as stored (text) to continue from it exactly.
  for (const state of selection.settled)
    yield* walk<R>(session, {
      ...shape,
      index: shape.changedIndex,
      where: `${where} AND ${shape.table}.updated_at >= $4`,
      bind: [scope.organisationId, state, scope.clientId, encodeDate(selection.changedSince)],
      order: "updated_at",
    });
}

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
  yield* walk<DocRow & { id: unknown }>(session, {
    select: INVOICE_SELECT,
    table: "invoices",
    index: "invoices_customer",
    where: `organisation_id = $1 AND customer_id = $2 AND client_id = $3 AND (${open} OR ${settled})`,
    bind,
  });
}

/**
 * The report sources in SQL: each state's range of its index walked in batches of WALK_BATCH (keyset, never
 * OFFSET), bills joined to their lifecycles by key, each batch's credit notes read in one more statement. Amounts are decoded in the
 * application: SQLite keeps DECIMAL as a double, so money is never summed in SQL.
 */
export const sqlReportSources = (session: SqlSession): ReportSources => ({
  async *bills(scope, selection: ReportSelection<BillState>): AsyncGenerator<PayableDocument[]> {
    for await (const rows of byState<BillState, BillWithLifecycleRow & { id: unknown }>(session, scope, selection, {
      ...BILL_WITH_LIFECYCLE,
      table: "bills",
      column: "state",
      openIndex: "bills_state",
      changedIndex: "bills_state_changed",
    }))
      yield rows.map(billWithLifecycle);
  },
  async *invoices(scope, selection): AsyncGenerator<ReceivableDocument[]> {
    const batches =
      selection.customerId === undefined
        ? byState<InvoiceStatus, DocRow & { id: unknown }>(session, scope, selection, {
            select: INVOICE_SELECT,
            table: "invoices",
            column: "status",
            openIndex: "invoices_status",
            changedIndex: "invoices_status_changed",
          })
        : customerInvoices(session, scope, selection, selection.customerId);
    for await (const rows of batches) yield await withCredits(session, scope, rows);
  },
});
