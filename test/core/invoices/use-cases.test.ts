import { openMemoryDatabase } from "@apar/adapters/memory";
import { randomIds } from "@apar/adapters/system/ids";
import { SYSTEM_ACTOR } from "@apar/core";
import { createCustomer, createInvoice, type InvoiceDeps, sendInvoice } from "@apar/core/app";
import type { Clock, Database } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const clock: Clock = { now: () => new Date("2026-05-06T07:08:09Z") };
const scope = {
  clientId: "01900000-0000-7000-8000-0000000000c1",
  organisationId: "01900000-0000-7000-8000-0000000000a1",
};
let token = 0;
const depsOf = (db: Database): InvoiceDeps => ({
  db,
  clock,
  ids: randomIds(clock),
  tokens: { next: () => `token-${++token}` },
  publicBaseUrl: "https://pay.example/",
});

const right = <A>(e: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(e)) throw new Error(e.left.code);
  return e.right;
};

const draft = async (deps: InvoiceDeps) => {
  const customer = right(
    await createCustomer(deps)(scope, { name: "Globex", email: "ap@globex.example", currency: "EUR" })(),
  );
  return right(
    await createInvoice(deps)({
      scope,
      actor: SYSTEM_ACTOR,
      body: { customerId: customer.id, lineItems: [{ description: "Work", unitPrice: "10", taxRate: "20" }] },
    })(),
  );
};

test("a draft's defaults: issue date today in the organisation's zone, due 30 days later, totals, no number", async (t) => {
  const deps = depsOf(openMemoryDatabase());
  const invoice = await draft(deps);
  t.like(invoice, {
    status: "Draft",
    documentNumber: null,
    issueDate: "2026-05-06",
    dueDate: "2026-06-05",
    totalAmount: "12.00",
  });
  const events = await deps.db.stores.events.ofSubject(scope.clientId, "invoice", invoice.id);
  t.deepEqual(
    events.map((e) => e.envelope.type),
    ["invoice.created"],
  );
  t.deepEqual(events[0]?.envelope.data, { invoice });
});

test("send: number, link, email job and invoice.sent commit together; a failed commit gives the number back", async (t) => {
  const db = openMemoryDatabase();
  const deps = depsOf(db);
  const first = await draft(deps);
  // The outbox refuses the event: the whole send rolls back.
  const failing: Database = {
    ...db,
    run: (work) =>
      db.run((s) =>
        work({
          ...s,
          events: {
            ...s.events,
            append: async () => {
              throw new Error("outbox down");
            },
          },
        }),
      ),
  };
  await t.throwsAsync(sendInvoice({ ...deps, db: failing })({ scope, actor: SYSTEM_ACTOR, id: first.id })(), {
    message: "outbox down",
  });
  const still = await db.stores.invoices.ofId(scope, first.id);
  t.is(still?.status, "Draft");
  t.is(still?.documentNumber, null);
  const claim = () => db.stores.jobs.claim({ worker: "w", now: new Date("2030-01-01"), visibilityMs: 60_000 });
  t.is(await claim(), undefined);

  const sent = right(await sendInvoice(deps)({ scope, actor: SYSTEM_ACTOR, id: first.id })());
  t.is(sent.documentNumber, "INV-000001");
  t.regex(String(sent.paymentUrl), /^https:\/\/pay\.example\/i\/token-\d+$/);
  const events = await db.stores.events.ofSubject(scope.clientId, "invoice", first.id);
  t.deepEqual(
    events.map((e) => e.envelope.type),
    ["invoice.created", "invoice.sent"],
  );
  const job = await claim();
  t.like(job, { type: "email-invoice", payload: { ...scope, invoiceId: first.id } });
});
