import { type AccountingExport, DEFAULT_CHART, emptyLifecycle, type JournalEntry, SYSTEM_ACTOR } from "@apar/core";
import type { BookSources, Database, OrgScope } from "@apar/core/ports";
import { aBill, aScope } from "./bill-fixtures.js";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";
import { aCreditNote, anInvoice } from "./invoices/receivable-fixtures.js";

// The books' stores on memory, SQLite and MySQL: charts, exports with the entries they carried, and the sources the
// journal reads (each document once, in batches of at most 500, by its date or by change time).

const anExport = (scope: OrgScope, over: Partial<AccountingExport> = {}): AccountingExport => ({
  id: newId(),
  ...scope,
  from: "2026-03-01",
  to: "2026-03-31",
  format: "datev",
  onlyNew: false,
  chart: { ...DEFAULT_CHART, updatedAt: at(3) },
  entryCount: 2,
  lineCount: 5,
  createdAt: at(5),
  createdBy: { type: "api_key", id: newId() },
  acknowledgedAt: null,
  acknowledgedBy: null,
  matchGroupsSynced: 0,
  ...over,
});

const anEntry = (key: string): JournalEntry => ({
  key,
  kind: "bill",
  date: "2026-03-02",
  documentId: newId(),
  documentNumber: 'RE-1 ä "quoted"',
  currency: "EUR",
  counterparty: "Müller GmbH",
  reference: null,
  text: "Bill RE-1",
  lines: [
    { role: "payables", account: "1600", side: "credit", amount: "119", taxRate: null },
    { role: "expenses", account: "4980", side: "debit", amount: "100", taxRate: null },
    { role: "inputVat", account: "1576", side: "debit", amount: "19", taxRate: "19" },
  ],
});

contractTest(
  "accounting charts: none until saved; saved, read back equal; another organisation's is not",
  async (t, db) => {
    const scope = aScope();
    t.is(await db.stores.accountingCharts.ofOrganisation(scope), undefined);
    const chart = { ...DEFAULT_CHART, accounts: { ...DEFAULT_CHART.accounts, bank: "1800" }, updatedAt: at(7) };
    await db.run((s) => s.accountingCharts.save(scope, chart));
    await db.run((s) => s.accountingCharts.save(scope, { ...chart, updatedAt: at(8) }));
    t.deepEqual(await db.stores.accountingCharts.ofOrganisation(scope), { ...chart, updatedAt: at(8) });
    t.is(await db.stores.accountingCharts.ofOrganisation({ ...scope, organisationId: newId() }), undefined);
  },
);

contractTest(
  "accounting exports: entries in order after a seq; scoped; newest first; acknowledged once; carried keys only of acknowledged exports",
  async (t, db) => {
    const scope = aScope();
    const first = anExport(scope);
    const keys = Array.from({ length: 7 }, (_, i) => `bill:${newId()}:${i}`);
    const entries = keys.map(anEntry);
    await db.run(async (s) => {
      await s.accountingExports.add(first);
      await s.accountingExports.addEntries(
        scope,
        first.id,
        entries.slice(0, 5).map((entry, i) => ({ seq: i + 1, entry })),
      );
    });
    t.deepEqual(await db.stores.accountingExports.ofId(scope, first.id), first);
    t.is(await db.stores.accountingExports.ofId({ ...scope, organisationId: newId() }, first.id), undefined);
    const after2 = await db.stores.accountingExports.entries(scope, first.id, 2, 2);
    t.deepEqual(
      after2.map((e) => e.seq),
      [3, 4],
    );
    t.deepEqual(
      after2.map((e) => e.entry),
      entries.slice(2, 4),
      "an entry reads back as written",
    );
    t.deepEqual(await db.stores.accountingExports.entries({ ...scope, clientId: newId() }, first.id, 0, 10), []);

    const second = anExport(scope, { format: "csv" });
    await db.run(async (s) => {
      await s.accountingExports.add(second);
      await s.accountingExports.addEntries(scope, second.id, [{ seq: 1, entry: entries[5] as JournalEntry }]);
    });
    const page = await db.stores.accountingExports.list(scope, { limit: 1 });
    t.deepEqual([page.items.map((e) => e.id), page.hasMore], [[second.id], true]);
    const next = await db.stores.accountingExports.list(scope, { limit: 1, after: second.id });
    t.deepEqual([next.items.map((e) => e.id), next.hasMore], [[first.id], false]);

    t.deepEqual([...(await db.stores.accountingExports.carried(scope, keys))], [], "nothing acknowledged yet");
    const acknowledged = { ...first, acknowledgedAt: at(9), acknowledgedBy: SYSTEM_ACTOR, matchGroupsSynced: 3 };
    t.true(await db.run((s) => s.accountingExports.acknowledge(acknowledged)));
    t.false(await db.run((s) => s.accountingExports.acknowledge({ ...acknowledged, matchGroupsSynced: 4 })));
    t.deepEqual(await db.stores.accountingExports.ofId(scope, first.id), acknowledged);
    t.deepEqual([...(await db.stores.accountingExports.carried(scope, keys))].sort(), keys.slice(0, 5).sort());
    t.deepEqual([...(await db.stores.accountingExports.carried({ ...scope, organisationId: newId() }, keys))], []);
    t.deepEqual([...(await db.stores.accountingExports.carried(scope, []))], []);
  },
);

/** Every batch of a source, checked to be at most 500 long. */
const all = async <A>(t: { true(v: boolean, m?: string): void }, source: AsyncIterable<readonly A[]>): Promise<A[]> => {
  const out: A[] = [];
  for await (const batch of source) {
    t.true(batch.length > 0 && batch.length <= 500, `a batch of ${batch.length}`);
    out.push(...batch);
  }
  return out;
};

const seedBills = async (db: Database, scope: OrgScope, count: number) => {
  const bills = Array.from({ length: count }, (_, i) =>
    aBill(scope, {
      state: i % 3 === 0 ? "PendingReview" : "Approved",
      fields: { ...aBill(scope).fields, invoiceDate: i % 2 === 0 ? "2026-03-15" : "2026-04-02" },
      updatedAt: at(i * 1000),
    }),
  );
  await db.run(async (s) => {
    for (const bill of bills) await s.bills.add(bill);
    await s.billLifecycles.save({ ...emptyLifecycle(bills[1] as (typeof bills)[number], null), amountPaid: "5" });
  });
  return bills;
};

contractTest(
  "book sources: bills by invoice date and by change time, each once, batches of at most 500, lifecycles joined",
  async (t, db) => {
    const scope = aScope();
    const bills = await seedBills(db, scope, 1003);
    const sources: BookSources = db.stores.bookSources;
    const dated = await all(t, sources.billsDated(scope, "2026-03-01", "2026-03-31"));
    t.deepEqual(
      dated.map((b) => b.bill.id).sort(),
      bills
        .filter((b) => b.fields.invoiceDate === "2026-03-15")
        .map((b) => b.id)
        .sort(),
    );
    const changed = await all(t, sources.billsChanged(scope, at(500_000)));
    t.deepEqual(
      changed.map((b) => b.bill.id).sort(),
      bills
        .filter((b) => b.updatedAt >= at(500_000))
        .map((b) => b.id)
        .sort(),
    );
    const withLifecycle = (await all(t, sources.billsChanged(scope, at(0)))).find((b) => b.bill.id === bills[1]?.id);
    t.is(withLifecycle?.lifecycle?.amountPaid, "5");
    t.deepEqual(
      await all(t, sources.billsDated({ ...scope, organisationId: newId() }, "2026-01-01", "2026-12-31")),
      [],
    );
  },
);

contractTest(
  "book sources: invoices with a number by issue date and by change time; issued credit notes with their invoices",
  async (t, db) => {
    const scope = aScope();
    const sent = anInvoice(scope, { status: "Sent", documentNumber: "INV-000001", updatedAt: at(2000) });
    const draft = anInvoice(scope, { updatedAt: at(3000) });
    const later = anInvoice(scope, { status: "Sent", documentNumber: "INV-000002", issueDate: "2026-05-01" });
    const issued = aCreditNote(scope, sent.id, { status: "Issued", documentNumber: "CN-000001", updatedAt: at(4000) });
    const drafted = aCreditNote(scope, sent.id, { updatedAt: at(4000) });
    await db.run(async (s) => {
      for (const i of [sent, draft, later]) await s.invoices.add(i);
      for (const n of [issued, drafted]) await s.creditNotes.add(n);
    });
    const sources = db.stores.bookSources;
    t.deepEqual(
      (await all(t, sources.invoicesIssued(scope, "2026-03-01", "2026-03-31"))).map((i) => i.id),
      [sent.id],
    );
    t.deepEqual(
      (await all(t, sources.invoicesChanged(scope, at(1500)))).map((i) => i.id),
      [sent.id],
      "the draft has no number; the later invoice changed before",
    );
    const notes = await all(t, sources.creditNotesIssued(scope, at(3999), at(4001)));
    t.deepEqual(
      notes.map((n) => [n.note.id, n.invoice.id]),
      [[issued.id, sent.id]],
    );
    t.deepEqual(await all(t, sources.creditNotesIssued(scope, at(4001), at(5000))), []);
  },
);
