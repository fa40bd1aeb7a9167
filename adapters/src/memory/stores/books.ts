import type { AccountingExport, Bill, Invoice } from "@apar/core";
import type { AccountingCharts, AccountingExports, BookSources, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const key = (scope: OrgScope) => `${scope.clientId} ${scope.organisationId}`;
const inScope =
  (scope: OrgScope) =>
  (row: { readonly clientId: string; readonly organisationId: string }): boolean =>
    row.clientId === scope.clientId && row.organisationId === scope.organisationId;
const byId = (a: { readonly id: string }, b: { readonly id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Rows in batches of `size`, as the SQL walks answer them. */
function* batches<A>(rows: readonly A[], size = 500): Generator<readonly A[]> {
  for (let i = 0; i < rows.length; i += size) yield copy(rows.slice(i, i + size));
}

/** Chart mappings in memory, as the SQL store answers them. */
export const memoryAccountingCharts = (access: Access): AccountingCharts => ({
  ofOrganisation: async (scope) => copy(access.read().accountingCharts.get(key(scope))),
  save: (scope, chart) =>
    access.write((t) => {
      t.accountingCharts.set(key(scope), copy(chart));
    }),
});

const entryKey = (exportId: string, seq: number) => `${exportId} ${String(seq).padStart(12, "0")}`;

/** Exports of the books in memory, as the SQL store answers them. */
export const memoryAccountingExports = (access: Access): AccountingExports => {
  const acknowledgedOf = (exportId: string): boolean =>
    (access.read().accountingExports.get(exportId)?.acknowledgedAt ?? null) !== null;
  return {
    add: (record) =>
      access.write((t) => {
        assertAbsent(t.accountingExports, record.id, "export id");
        t.accountingExports.set(record.id, copy(record));
      }),
    addEntries: (scope, exportId, entries) =>
      access.write((t) => {
        for (const e of entries) {
          assertAbsent(t.accountingExportEntries, entryKey(exportId, e.seq), "export entry");
          t.accountingExportEntries.set(entryKey(exportId, e.seq), copy({ ...e, exportId, ...scope }));
        }
      }),
    ofId: async (scope, id) => {
      const found = access.read().accountingExports.get(id);
      return found !== undefined && inScope(scope)(found) ? copy(found) : undefined;
    },
    list: async (scope, page) => {
      if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`bad page limit: ${page.limit}`);
      const after = page.after;
      const rows = [...access.read().accountingExports.values()]
        .filter((e) => inScope(scope)(e) && (after === undefined || e.id < after))
        .sort((a, b) => byId(b, a));
      return { items: copy(rows.slice(0, page.limit)), hasMore: rows.length > page.limit };
    },
    entries: async (scope, exportId, afterSeq, limit) => {
      const owner = access.read().accountingExports.get(exportId);
      if (owner === undefined || !inScope(scope)(owner)) return [];
      return copy(
        [...access.read().accountingExportEntries.values()]
          .filter((e) => e.exportId === exportId && e.seq > afterSeq)
          .sort((a, b) => a.seq - b.seq)
          .slice(0, limit)
          .map(({ seq, entry }) => ({ seq, entry })),
      );
    },
    carried: async (scope, keys) => {
      const wanted = new Set(keys);
      const found = new Set<string>();
      for (const e of access.read().accountingExportEntries.values()) {
        if (inScope(scope)(e) && wanted.has(e.entry.key) && acknowledgedOf(e.exportId)) found.add(e.entry.key);
      }
      return found;
    },
    acknowledge: (record: AccountingExport) =>
      access.write((t) => {
        const stored = t.accountingExports.get(record.id);
        if (stored === undefined || !inScope(record)(stored) || stored.acknowledgedAt !== null) return false;
        t.accountingExports.set(record.id, {
          ...stored,
          acknowledgedAt: record.acknowledgedAt,
          acknowledgedBy: copy(record.acknowledgedBy),
          matchGroupsSynced: record.matchGroupsSynced,
        });
        return true;
      }),
  };
};

/** The books' sources in memory: the same documents the SQL walks read, in batches. */
export const memoryBookSources = (access: Access): BookSources => {
  const booked = (scope: OrgScope, keep: (b: Bill) => boolean) => {
    const t = access.read();
    return [...t.bills.values()]
      .filter((b) => inScope(scope)(b) && keep(b))
      .sort(byId)
      .map((bill) => ({ bill, lifecycle: t.billLifecycles.get(bill.id) }));
  };
  const invoices = (scope: OrgScope, keep: (i: Invoice) => boolean) =>
    [...access.read().invoices.values()]
      .filter((i) => inScope(scope)(i) && i.documentNumber !== null && keep(i))
      .sort(byId);
  return {
    async *billsDated(scope, from, to) {
      yield* batches(
        booked(
          scope,
          (b) => b.fields.invoiceDate !== null && b.fields.invoiceDate >= from && b.fields.invoiceDate <= to,
        ),
      );
    },
    async *billsChanged(scope, since) {
      yield* batches(booked(scope, (b) => b.updatedAt >= since));
    },
    async *invoicesIssued(scope, from, to) {
      yield* batches(invoices(scope, (i) => i.issueDate >= from && i.issueDate <= to));
    },
    async *invoicesChanged(scope, since) {
      yield* batches(invoices(scope, (i) => i.updatedAt >= since));
    },
    async *creditNotesIssued(scope, since, until) {
      const t = access.read();
      const rows = [...t.creditNotes.values()]
        .filter((n) => inScope(scope)(n) && n.status === "Issued" && n.updatedAt >= since && n.updatedAt < until)
        .sort(byId)
        .flatMap((note) => {
          const invoice = t.invoices.get(note.invoiceId);
          return invoice === undefined ? [] : [{ note, invoice }];
        });
      yield* batches(rows);
    },
  };
};
