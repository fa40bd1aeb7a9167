import { aScope } from "../bill-fixtures.js";
import { contractTest } from "../contract.js";
import { at, newId } from "../fixtures.js";
import { aCreditNote, aCustomer, anInvoice, aProduct } from "./receivable-fixtures.js";

contractTest(
  "customers: round-trip, scope, search by q (case-insensitive), sample, update, remove",
  async (t, { stores }) => {
    const scope = aScope();
    const a = aCustomer(scope, { name: "Globex Corporation" });
    const b = aCustomer(scope, { name: "Initech", email: "billing@initech.example", taxNumber: null, currency: null });
    await stores.customers.add(a);
    await stores.customers.add(b);
    await stores.customers.add(aCustomer(aScope(), { name: "Globex elsewhere" }));
    t.deepEqual(await stores.customers.ofId(scope, a.id), a);
    t.is(await stores.customers.ofId({ ...scope, organisationId: newId() }, a.id), undefined);
    await t.throwsAsync(stores.customers.add(a));
    const names = async (q?: string) =>
      (await stores.customers.search(scope, q, { limit: 10 })).items.map((c) => c.name);
    t.deepEqual(await names(), ["Globex Corporation", "Initech"]);
    t.deepEqual(await names("GLOBEX"), ["Globex Corporation"]);
    t.deepEqual(await names("initech.example"), ["Initech"]);
    t.deepEqual(await names("gb1234"), ["Globex Corporation"]);
    t.deepEqual(await names("100%"), []);
    const page = await stores.customers.search(scope, undefined, { limit: 1 });
    t.true(page.hasMore);
    t.deepEqual(
      (await stores.customers.sample(scope, 10)).map((c) => c.id),
      [a.id, b.id],
    );
    await stores.customers.update({ ...a, name: "Globex Ltd", updatedAt: at(5), createdAt: at(999) });
    t.deepEqual(await stores.customers.ofId(scope, a.id), { ...a, name: "Globex Ltd", updatedAt: at(5) });
    t.deepEqual(await names("ltd"), ["Globex Ltd"]);
    t.false(await stores.customers.remove({ ...scope, clientId: newId() }, a.id));
    t.true(await stores.customers.remove(scope, a.id));
    t.is(await stores.customers.ofId(scope, a.id), undefined);
  },
);

contractTest("products: round-trip, search by name, SKU or description, remove", async (t, { stores }) => {
  const scope = aScope();
  const p = aProduct(scope);
  await stores.products.add(p);
  t.deepEqual(await stores.products.ofId(scope, p.id), p);
  t.is((await stores.products.search(scope, "cons-", { limit: 5 })).items.length, 1);
  t.is((await stores.products.search(scope, "senior", { limit: 5 })).items.length, 1);
  t.is((await stores.products.search(scope, "widget", { limit: 5 })).items.length, 0);
  t.true(await stores.products.remove(scope, p.id));
  t.false(await stores.products.remove(scope, p.id));
});

contractTest(
  "invoices: round-trip with payments, update, token lookup, unique numbers per organisation",
  async (t, { stores }) => {
    const scope = aScope();
    const draft = anInvoice(scope);
    await stores.invoices.add(draft);
    t.deepEqual(await stores.invoices.ofId(scope, draft.id), draft);
    t.is(await stores.invoices.ofId({ ...scope, clientId: newId() }, draft.id), undefined);
    const sent = {
      ...draft,
      status: "PartiallyPaid" as const,
      documentNumber: "INV-000001",
      publicToken: "tok-abc",
      amountPaid: "20",
      payments: [
        {
          id: newId(),
          amount: "20",
          paidAt: "2026-03-05",
          notes: "wire",
          method: "bank",
          reference: "R1",
          createdAt: at(7),
        },
      ],
      sentAt: at(3),
      updatedAt: at(8),
    };
    await stores.invoices.update({ ...sent, createdAt: at(500) });
    t.deepEqual(await stores.invoices.ofId(scope, draft.id), sent);
    t.deepEqual(await stores.invoices.ofPublicToken("tok-abc"), sent);
    t.is(await stores.invoices.ofPublicToken("tok-abd"), undefined);
    // The same number in the same organisation is refused; in another organisation it is fine.
    await t.throwsAsync(stores.invoices.add(anInvoice(scope, { documentNumber: "INV-000001" })));
    await stores.invoices.add(anInvoice(aScope(), { documentNumber: "INV-000001" }));
  },
);

contractTest(
  "invoices: list filters by status, customer and issue dates, in id order, by pages",
  async (t, { stores }) => {
    const scope = aScope();
    const customerId = newId();
    const a = anInvoice(scope, { customerId, issueDate: "2026-01-10" });
    const b = anInvoice(scope, { status: "Void", issueDate: "2026-02-10" });
    const c = anInvoice(scope, { customerId, issueDate: "2026-03-10", status: "Sent" });
    for (const i of [a, b, c]) await stores.invoices.add(i);
    await stores.invoices.add(anInvoice(aScope()));
    const ids = async (filter: Parameters<typeof stores.invoices.list>[1], limit = 10) =>
      (await stores.invoices.list(scope, filter, { limit })).items.map((i) => i.id);
    t.deepEqual(await ids({}), [a.id, b.id, c.id]);
    t.deepEqual(await ids({ status: "Void" }), [b.id]);
    t.deepEqual(await ids({ customerId }), [a.id, c.id]);
    t.deepEqual(await ids({ issueDateFrom: "2026-02-10" }), [b.id, c.id]);
    t.deepEqual(await ids({ issueDateTo: "2026-02-10" }), [a.id, b.id]);
    t.deepEqual(await ids({ issueDateFrom: "2026-02-01", issueDateTo: "2026-02-28" }), [b.id]);
    const first = await stores.invoices.list(scope, {}, { limit: 2 });
    t.true(first.hasMore);
    const second = await stores.invoices.list(scope, {}, { limit: 2, after: first.items[1]?.id ?? "" });
    t.deepEqual(
      second.items.map((i) => i.id),
      [c.id],
    );
    t.false(second.hasMore);
  },
);

contractTest("credit notes: round-trip, update, list by invoice", async (t, { stores }) => {
  const scope = aScope();
  const invoiceId = newId();
  const n = aCreditNote(scope, invoiceId);
  await stores.creditNotes.add(n);
  await stores.creditNotes.add(aCreditNote(scope, newId()));
  t.deepEqual(await stores.creditNotes.ofId(scope, n.id), n);
  t.is(await stores.creditNotes.ofId(aScope(), n.id), undefined);
  const issued = { ...n, status: "Issued" as const, documentNumber: "CN-000001", issuedAt: at(9), updatedAt: at(9) };
  await stores.creditNotes.update(issued);
  t.deepEqual(await stores.creditNotes.ofId(scope, n.id), issued);
  t.deepEqual((await stores.creditNotes.list(scope, { invoiceId }, { limit: 5 })).items, [issued]);
  t.is((await stores.creditNotes.list(scope, {}, { limit: 5 })).items.length, 2);
});

contractTest(
  "document numbers: 1, 2, 3 per organisation and kind; a rolled-back number is given again",
  async (t, database) => {
    const scope = aScope();
    t.is(await database.stores.documentNumbers.next(scope, "invoice"), 1);
    t.is(await database.stores.documentNumbers.next(scope, "invoice"), 2);
    t.is(await database.stores.documentNumbers.next(scope, "credit-note"), 1);
    t.is(await database.stores.documentNumbers.next(aScope(), "invoice"), 1);
    await t.throwsAsync(
      database.run(async (s) => {
        t.is(await s.documentNumbers.next(scope, "invoice"), 3);
        throw new Error("roll back");
      }),
    );
    t.is(await database.run((s) => s.documentNumbers.next(scope, "invoice")), 3);
  },
);

contractTest("document numbers: concurrent units of work get distinct numbers without gaps", async (t, database) => {
  const scope = aScope();
  const numbers = await Promise.all(
    Array.from({ length: 12 }, () =>
      database.run(async (s) => {
        const n = await s.documentNumbers.next(scope, "invoice");
        // Work after taking the number, as a send does, so that the transactions overlap.
        await s.invoices.add(anInvoice(scope, { documentNumber: `INV-${n}` }));
        return n;
      }),
    ),
  );
  t.deepEqual(
    [...numbers].sort((a, b) => a - b),
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
});
