import type { Reminder } from "@apar/core";
import { contractTest } from "../contract.js";
import { at, newId } from "../fixtures.js";
import { anInvoice } from "../invoices/receivable-fixtures.js";

const aScope = () => ({ clientId: newId(), organisationId: newId() });

const aReminder = (scope: { clientId: string; organisationId: string }, over: Partial<Reminder> = {}): Reminder => ({
  id: newId(),
  ...scope,
  invoiceId: newId(),
  step: "OnDueDate",
  key: "OnDueDate",
  status: "Pending",
  dueAt: at(1000),
  sentAt: null,
  recipient: null,
  error: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

contractTest("reminder rules: none until saved, then replaced, per organisation", async (t, db) => {
  const scope = aScope();
  const store = db.stores.invoiceReminders;
  t.is(await store.rulesOf(scope), undefined);
  await store.saveRules(scope, ["OnDueDate", "OneWeekAfter"], at(0));
  await store.saveRules(scope, ["OnDueDate", "OneWeekAfter"], at(1));
  t.deepEqual(await store.rulesOf(scope), ["OnDueDate", "OneWeekAfter"]);
  await store.saveRules(scope, [], at(2));
  t.deepEqual(await store.rulesOf(scope), []);
  t.is(await store.rulesOf({ ...scope, organisationId: newId() }), undefined);
});

contractTest("reminders round-trip; one per invoice and key; scoped like every store", async (t, db) => {
  const scope = aScope();
  const store = db.stores.invoiceReminders;
  const r = aReminder(scope, { sentAt: at(5), recipient: "ap@x.example", error: "boom", status: "Failed" });
  t.true(await store.add(r));
  t.deepEqual(await store.ofId(scope, r.id), r);
  t.false(await store.add(aReminder(scope, { invoiceId: r.invoiceId, key: r.key })));
  t.true(await store.add(aReminder(scope, { invoiceId: r.invoiceId, key: "OneWeekAfter", dueAt: at(500) })));
  t.is(await store.ofId({ ...scope, clientId: newId() }, r.id), undefined);
  t.deepEqual(await store.ofInvoice({ ...scope, organisationId: newId() }, r.invoiceId), []);
  t.deepEqual(
    (await store.ofInvoice(scope, r.invoiceId)).map((x) => x.key),
    ["OneWeekAfter", "OnDueDate"],
  );
});

contractTest("a reminder update applies only from the expected status", async (t, db) => {
  const scope = aScope();
  const store = db.stores.invoiceReminders;
  const r = aReminder(scope);
  await store.add(r);
  const sent = { ...r, status: "Sent" as const, sentAt: at(2000), recipient: "ap@x.example", updatedAt: at(2000) };
  t.true(await store.update(sent, "Pending"));
  t.false(await store.update({ ...sent, status: "Cancelled" }, "Pending"));
  t.deepEqual(await store.ofId(scope, r.id), sent);
});

contractTest("due reminders: Pending ones at or before now, earliest first, across tenants", async (t, db) => {
  const store = db.stores.invoiceReminders;
  const a = aReminder(aScope(), { dueAt: at(2000) });
  const b = aReminder(aScope(), { dueAt: at(1000) });
  const later = aReminder(aScope(), { dueAt: at(3001) });
  const sent = aReminder(aScope(), { dueAt: at(10), status: "Sent" });
  for (const r of [a, b, later, sent]) await store.add(r);
  const mine = new Set([a.id, b.id, later.id, sent.id]);
  t.deepEqual(
    (await store.due(at(3000), 100)).filter((r) => mine.has(r.id)).map((r) => r.id),
    [b.id, a.id],
  );
});

contractTest("unplanned invoices: Sent or PartiallyPaid ones until marked planned", async (t, db) => {
  const scope = aScope();
  const sent = anInvoice(scope, { status: "Sent", documentNumber: "INV-000001", publicToken: newId() });
  const partly = anInvoice(scope, { status: "PartiallyPaid", documentNumber: "INV-000002", publicToken: newId() });
  const draft = anInvoice(scope, { status: "Draft", documentNumber: null, publicToken: null });
  for (const i of [sent, partly, draft]) await db.stores.invoices.add(i);
  const ids = async () =>
    (await db.stores.invoiceReminders.unplanned(500))
      .filter((r) => r.clientId === scope.clientId)
      .map((r) => r.invoiceId);
  t.deepEqual(await ids(), [sent.id, partly.id].sort());
  await db.stores.invoiceReminders.markPlanned({ ...scope, invoiceId: sent.id }, at(0));
  await db.stores.invoiceReminders.markPlanned({ ...scope, invoiceId: sent.id }, at(1));
  t.deepEqual(await ids(), [partly.id]);
  const [ref] = (await db.stores.invoiceReminders.unplanned(500)).filter((r) => r.invoiceId === partly.id);
  t.deepEqual(ref, { ...scope, invoiceId: partly.id });
});
