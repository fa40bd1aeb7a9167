import type { AccountingChart, AccountingExport, JournalEntry } from "@apar/core";
import type { AccountingCharts, AccountingExports, BookSources, OrgScope } from "@apar/core/ports";
import { decodeDate, decodeInt, decodeJson, decodeOptionalDate, encodeDate, placeholders } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { type DocRow, decodeInvoice, decodeNote, SELECT_INVOICE, SELECT_NOTE } from "./invoices.js";
import { organisationDocument, saveOrganisationDocument } from "./organisation-documents.js";
import { indexHint, pageLimit } from "./paging.js";
import { BILL_WITH_LIFECYCLE, type BillWithLifecycleRow, billWithLifecycle, type Walk, walk } from "./walk.js";

type BookedBillRow = BillWithLifecycleRow & { id: unknown };

const INVOICE_SELECT = SELECT_INVOICE.replace(/ FROM invoices$/, "").replace("SELECT ", "SELECT invoices.");
type InvoiceRow = DocRow & { id: unknown };

/**
 * Where the books are read from in SQL: each source one index range walked in batches of WALK_BATCH; a bill's
 * lifecycle joined by key; a batch of credit notes' invoices read in one more statement. Amounts are decoded in the
 * application (SQLite keeps DECIMAL as a double: money is never summed in SQL).
 */
export const sqlBookSources = (session: SqlSession): BookSources => {
  const scoped = (table: string) => `${table}.organisation_id = $1 AND ${table}.client_id = $2`;
  const bills = async function* (scope: OrgScope, w: Pick<Walk, "index" | "where" | "bind" | "order">) {
    for await (const rows of walk<BookedBillRow>(session, {
      ...w,
      ...BILL_WITH_LIFECYCLE,
      table: "bills",
      where: `${scoped("bills")} AND ${w.where}`,
      bind: [scope.organisationId, scope.clientId, ...w.bind],
    }))
      yield rows.map(billWithLifecycle);
  };
  const invoices = async function* (scope: OrgScope, w: Pick<Walk, "index" | "where" | "bind" | "order">) {
    for await (const rows of walk<InvoiceRow>(session, {
      ...w,
      select: INVOICE_SELECT,
      table: "invoices",
      where: `${scoped("invoices")} AND invoices.document_number IS NOT NULL AND ${w.where}`,
      bind: [scope.organisationId, scope.clientId, ...w.bind],
    }))
      yield rows.map(decodeInvoice);
  };
  type Range = Pick<Walk, "index" | "where" | "bind" | "order">;
  /** The rows whose date column lies in [from, to], in its index's order. */
  const dated = (table: string, index: string, column: string, from: string, to: string): Range => ({
    index,
    order: column,
    where: `${table}.${column} >= $3 AND ${table}.${column} <= $4`,
    bind: [from, to],
  });
  /** The rows changed at or after `since`, in change order. */
  const changed = (table: string, index: string, since: Date): Range => ({
    index,
    order: "updated_at",
    where: `${table}.updated_at >= $3`,
    bind: [encodeDate(since)],
  });
  return {
    billsDated: (scope, from, to) => bills(scope, dated("bills", "bills_invoice_date", "invoice_date", from, to)),
    billsChanged: (scope, since) => bills(scope, changed("bills", "bills_changed", since)),
    invoicesIssued: (scope, from, to) =>
      invoices(scope, dated("invoices", "invoices_issue_date", "issue_date", from, to)),
    invoicesChanged: (scope, since) => invoices(scope, changed("invoices", "invoices_changed", since)),
    async *creditNotesIssued(scope, since, until) {
      const select = SELECT_NOTE.replace(/ FROM credit_notes$/, "").replace("SELECT ", "SELECT credit_notes.");
      for await (const rows of walk<DocRow & { id: unknown }>(session, {
        select,
        table: "credit_notes",
        index: "credit_notes_status_changed",
        order: "updated_at",
        where: `${scoped("credit_notes")} AND credit_notes.status = 'Issued' AND credit_notes.updated_at >= $3 AND credit_notes.updated_at < $4`,
        bind: [scope.organisationId, scope.clientId, encodeDate(since), encodeDate(until)],
      })) {
        const notes = rows.map(decodeNote);
        const ids = [...new Set(notes.map((n) => n.invoiceId))];
        const invoices = await session.select<DocRow>(
          `${SELECT_INVOICE} WHERE client_id = $1 AND organisation_id = $2 AND id IN (${placeholders(3, ids.length)})`,
          [scope.clientId, scope.organisationId, ...ids],
        );
        const byId = new Map(invoices.map(decodeInvoice).map((i) => [i.id, i]));
        yield notes.flatMap((note) => {
          const invoice = byId.get(note.invoiceId);
          return invoice === undefined ? [] : [{ note, invoice }];
        });
      }
    },
  };
};

/** Chart mappings in SQL: one JSON document per organisation. */
export const sqlAccountingCharts = (session: SqlSession): AccountingCharts => ({
  async ofOrganisation(scope) {
    const body = await organisationDocument(session, "accounting_charts", scope);
    if (body === undefined) return undefined;
    const chart = decodeJson<AccountingChart & { updatedAt: string | null }>(body);
    return { ...chart, updatedAt: chart.updatedAt === null ? null : new Date(chart.updatedAt) };
  },
  async save(scope, chart) {
    await saveOrganisationDocument(
      session,
      "accounting_charts",
      scope,
      JSON.stringify(chart),
      chart.updatedAt ?? new Date(0),
    );
  },
});

type ExportRow = Record<"id" | "client_id" | "organisation_id" | "body" | "acknowledged_at" | "created_at", unknown>;
type ExportBody = Omit<AccountingExport, "id" | "clientId" | "organisationId" | "createdAt" | "acknowledgedAt">;

const decodeExport = (r: ExportRow): AccountingExport => {
  const body = decodeJson<ExportBody & { chart: { updatedAt: string | null } }>(r.body);
  return {
    ...body,
    chart: { ...body.chart, updatedAt: body.chart.updatedAt === null ? null : new Date(body.chart.updatedAt) },
    id: String(r.id),
    clientId: String(r.client_id),
    organisationId: String(r.organisation_id),
    createdAt: decodeDate(r.created_at),
    acknowledgedAt: decodeOptionalDate(r.acknowledged_at),
  };
};

const bodyOf = (e: AccountingExport): string => {
  const { id: _i, clientId: _c, organisationId: _o, createdAt: _t, acknowledgedAt: _a, ...body } = e;
  return JSON.stringify(body);
};

const EXPORT_SELECT =
  "SELECT id, client_id, organisation_id, body, acknowledged_at, created_at FROM accounting_exports";

/** Exports of the books in SQL: the export as JSON beside its acknowledgement time, its entries one row each. */
export const sqlAccountingExports = (session: SqlSession): AccountingExports => ({
  async add(e) {
    await session.execute(
      `INSERT INTO accounting_exports (id, client_id, organisation_id, body, acknowledged_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        e.id,
        e.clientId,
        e.organisationId,
        bodyOf(e),
        e.acknowledgedAt === null ? null : encodeDate(e.acknowledgedAt),
        encodeDate(e.createdAt),
      ],
    );
  },
  async addEntries(scope, exportId, entries) {
    if (entries.length === 0) return;
    const values = entries.map((_, i) => `(${placeholders(i * 6 + 1, 6)})`).join(", ");
    await session.execute(
      `INSERT INTO accounting_export_entries (export_id, seq, client_id, organisation_id, entry_key, body) VALUES ${values}`,
      entries.flatMap((e) => [
        exportId,
        e.seq,
        scope.clientId,
        scope.organisationId,
        e.entry.key,
        JSON.stringify(e.entry),
      ]),
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<ExportRow>(
      `${EXPORT_SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeExport(row);
  },
  async list(scope, page) {
    const limit = pageLimit(page);
    const bind: unknown[] = [scope.organisationId, scope.clientId];
    if (page.after !== undefined) bind.push(page.after);
    const rows = await session.select<ExportRow>(
      `${EXPORT_SELECT} ${indexHint(session, "accounting_exports_organisation")} WHERE organisation_id = $1 AND client_id = $2${page.after === undefined ? "" : " AND id < $3"} ORDER BY id DESC LIMIT ${limit + 1}`,
      bind,
    );
    return { items: rows.slice(0, limit).map(decodeExport), hasMore: rows.length > limit };
  },
  async entries(scope, exportId, afterSeq, limit) {
    const rows = await session.select<{ seq: unknown; body: unknown }>(
      `SELECT seq, body FROM accounting_export_entries WHERE export_id = $1 AND client_id = $2 AND organisation_id = $3
       AND seq > $4 ORDER BY seq LIMIT ${Math.max(0, Math.floor(limit))}`,
      [exportId, scope.clientId, scope.organisationId, afterSeq],
    );
    return rows.map((r) => ({ seq: decodeInt(r.seq), entry: decodeJson<JournalEntry>(r.body) }));
  },
  async carried(scope, keys) {
    if (keys.length === 0) return new Set<string>();
    const rows = await session.select<{ entry_key: unknown }>(
      `SELECT DISTINCT e.entry_key FROM accounting_export_entries e
       JOIN accounting_exports x ON x.id = e.export_id
       WHERE e.organisation_id = $1 AND e.client_id = $2 AND x.acknowledged_at IS NOT NULL
       AND e.entry_key IN (${placeholders(3, keys.length)})`,
      [scope.organisationId, scope.clientId, ...keys],
    );
    return new Set(rows.map((r) => String(r.entry_key)));
  },
  async acknowledge(e) {
    const changed = await session.execute(
      `UPDATE accounting_exports SET body = $1, acknowledged_at = $2
       WHERE id = $3 AND client_id = $4 AND organisation_id = $5 AND acknowledged_at IS NULL`,
      [bodyOf(e), e.acknowledgedAt === null ? null : encodeDate(e.acknowledgedAt), e.id, e.clientId, e.organisationId],
    );
    return changed > 0;
  },
});
