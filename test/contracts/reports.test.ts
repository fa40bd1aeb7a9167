import { type BillLifecycle, emptyLifecycle } from "@apar/core";
import type { Database, OrgScope, PayableDocument, ReceivableDocument } from "@apar/core/ports";
import { aBill, aScope } from "./bill-fixtures.js";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";
import { aCreditNote, anInvoice } from "./invoices/receivable-fixtures.js";

// The report sources (issue 38, part 3) behave alike in memory, on SQLite and on MySQL: every selected document
// exactly once, in batches of at most 500, open states whatever their age, settled ones only when they changed at
// or after the time given, one customer's alone when asked, never another organisation's; bills with their
// lifecycle, invoices with their issued credit notes only.

const BATCH = 500;
const SINCE = at(500);

/** Every batch of a stream, and the ids it held. */
const drain = async <A>(stream: AsyncIterable<readonly A[]>, id: (a: A) => string) => {
  const sizes: number[] = [];
  const ids: string[] = [];
  const all: A[] = [];
  for await (const batch of stream) {
    sizes.push(batch.length);
    for (const a of batch) {
      ids.push(id(a));
      all.push(a);
    }
  }
  return { sizes, ids, all };
};

const inOneGo = (db: Database, work: (s: Database["stores"]) => Promise<void>) =>
  db.run(async (s) => work(s as Database["stores"]));

contractTest("invoices: open ones all, settled ones changed since, in batches of at most 500", async (t, db) => {
  const scope: OrgScope = aScope();
  const customerId = newId();
  const expected: string[] = [];
  await inOneGo(db, async (s) => {
    for (let i = 0; i < 620; i++) {
      const invoice = anInvoice(scope, { status: i % 2 === 0 ? "Sent" : "PartiallyPaid", updatedAt: at(1) });
      await s.invoices.add(invoice);
      expected.push(invoice.id);
    }
    for (const [status, updatedAt, selected] of [
      ["Paid", at(500), true],
      ["Paid", at(499), false],
      ["Void", at(9_000), true],
      ["Credited", at(600), true],
      ["Draft", at(9_000), false],
    ] as const)
      for (let i = 0; i < 3; i++) {
        const invoice = anInvoice(scope, { status, updatedAt, customerId: i === 0 ? customerId : newId() });
        await s.invoices.add(invoice);
        if (selected) expected.push(invoice.id);
      }
    // Another organisation's open invoice never shows.
    await s.invoices.add(anInvoice(aScope(), { status: "Sent" }));
  });
  const selection = {
    open: ["Sent", "PartiallyPaid"] as const,
    settled: ["Paid", "Credited", "Void"] as const,
    changedSince: SINCE,
  };
  const { sizes, ids } = await drain<ReceivableDocument>(
    db.stores.reports.invoices(scope, selection),
    (d) => d.invoice.id,
  );
  t.deepEqual([...ids].sort(), [...expected].sort(), "each selected invoice once");
  t.true(
    sizes.every((n) => n > 0 && n <= BATCH),
    `batches ${sizes.join(", ")}`,
  );
  t.true(sizes.length >= 2, "more than one batch");

  const one = await drain<ReceivableDocument>(
    db.stores.reports.invoices(scope, { ...selection, customerId }),
    (d) => d.invoice.id,
  );
  t.deepEqual(
    one.all.map((d) => d.invoice.status).sort(),
    ["Credited", "Paid", "Void"],
    "that customer's: Paid changed since, Void, Credited; not the older Paid nor the draft",
  );
});

contractTest("invoices come with their issued credit notes, not drafts nor another invoice's", async (t, db) => {
  const scope = aScope();
  const credited = anInvoice(scope, { status: "PartiallyPaid", amountCredited: "10.5" });
  const plain = anInvoice(scope, { status: "Sent" });
  const issued = aCreditNote(scope, credited.id, { status: "Issued", documentNumber: "CN-1", issuedAt: at(5) });
  await inOneGo(db, async (s) => {
    await s.invoices.add(credited);
    await s.invoices.add(plain);
    await s.creditNotes.add(issued);
    await s.creditNotes.add(aCreditNote(scope, credited.id));
  });
  const { all } = await drain<ReceivableDocument>(
    db.stores.reports.invoices(scope, { open: ["Sent", "PartiallyPaid"], settled: [], changedSince: SINCE }),
    (d) => d.invoice.id,
  );
  const of = (id: string) => all.find((d) => d.invoice.id === id);
  t.deepEqual(
    of(credited.id)?.creditNotes.map((n) => [n.id, n.status, n.amount, n.issuedAt?.toISOString()]),
    [[issued.id, "Issued", "10.5", at(5).toISOString()]],
  );
  t.deepEqual(of(plain.id)?.creditNotes, []);
  t.deepEqual(of(credited.id)?.invoice, credited, "the invoice as stored");
});

contractTest("bills: liabilities all, Paid ones changed since, each with its lifecycle", async (t, db) => {
  const scope = aScope();
  const expected: string[] = [];
  let withLifecycle: BillLifecycle | undefined;
  await inOneGo(db, async (s) => {
    for (let i = 0; i < 510; i++) {
      const bill = aBill(scope, { state: i % 3 === 0 ? "NeedsApproval" : "Approved", updatedAt: at(1) });
      await s.bills.add(bill);
      expected.push(bill.id);
    }
    for (const [state, updatedAt, selected] of [
      ["Paid", at(700), true],
      ["Paid", at(100), false],
      ["PendingReview", at(9_000), false],
      ["Voided", at(9_000), false],
    ] as const) {
      const bill = aBill(scope, { state, updatedAt });
      await s.bills.add(bill);
      if (selected) {
        expected.push(bill.id);
        withLifecycle = {
          ...emptyLifecycle(bill, null),
          amountPaid: "1234.5",
          paidAt: at(700).toISOString(),
          settlements: [{ at: at(700).toISOString(), paid: "1234.5", credited: "0" }],
        };
        await s.billLifecycles.save(withLifecycle);
      }
    }
    await s.bills.add(aBill(aScope(), { state: "Approved" }));
  });
  const { sizes, ids, all } = await drain<PayableDocument>(
    db.stores.reports.bills(scope, { open: ["NeedsApproval", "Approved"], settled: ["Paid"], changedSince: SINCE }),
    (d) => d.bill.id,
  );
  t.deepEqual([...ids].sort(), [...expected].sort());
  t.true(sizes.every((n) => n > 0 && n <= BATCH));
  const paid = all.find((d) => d.bill.state === "Paid");
  t.deepEqual(paid?.lifecycle, withLifecycle);
  t.is(paid?.bill.fields.totalAmount, "1234.5", "DECIMAL read back exactly on every database");
  t.is(all.filter((d) => d.lifecycle !== undefined).length, 1, "bills without a lifecycle row come with none");
});
