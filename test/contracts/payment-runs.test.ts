import type { PaymentRun } from "@apar/core";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

const aScope = () => ({ clientId: newId(), organisationId: newId() });
const account = { name: "Lieferant", iban: "DE89370400440532013000", accountNumber: null, bic: null, country: "DE" };

const aRun = (scope: { clientId: string; organisationId: string }, billId = newId()): PaymentRun => {
  const id = newId();
  return {
    id,
    ...scope,
    status: "Proposed",
    currency: "EUR",
    executionDate: "2026-03-05",
    debtor: account,
    messageId: id.replace(/-/g, ""),
    controlSum: "12.50",
    items: [
      {
        billId,
        endToEndId: billId.replace(/-/g, ""),
        supplierName: "Lieferant",
        amount: "12.50",
        creditor: account,
        reference: null,
        status: "Pending",
        returnReason: null,
        held: { state: "Scheduled", paymentDate: "2026-03-06", paymentMethod: "BankTransfer" },
      },
    ],
    proposedBy: { type: "user", id: newId() },
    approvalsRequired: 2,
    approvals: [],
    released: null,
    rejected: null,
    createdAt: at(0),
    updatedAt: at(0),
  };
};

contractTest(
  "payment runs round-trip with their proposer, approvals and holds; scoped like every store",
  async (t, db) => {
    const scope = aScope();
    const store = db.stores.paymentRuns;
    const run = aRun(scope);
    await db.run((s) => s.paymentRuns.insert(run));
    t.deepEqual(await store.ofId(scope, run.id), run);
    const approved: PaymentRun = {
      ...run,
      status: "Approved",
      approvals: [{ actor: { type: "user", id: newId() }, at: at(5).toISOString() }],
      updatedAt: at(5),
    };
    await db.run(async (s) => {
      await s.paymentRuns.lock(scope, run.id);
      await s.paymentRuns.update(approved);
    });
    t.deepEqual(await store.ofId(scope, run.id), approved);
    t.deepEqual(await store.ofBill(scope, run.items[0]?.billId ?? ""), approved);
    t.is(await store.ofId({ ...scope, organisationId: newId() }, run.id), undefined);
    t.is(await store.ofBill({ ...scope, clientId: newId() }, run.items[0]?.billId ?? ""), undefined);
  },
);

contractTest("payment run settings: none until saved, then replaced, per organisation", async (t, db) => {
  const scope = aScope();
  const store = db.stores.paymentRuns;
  t.is(await store.settingsOf(scope), undefined);
  const settings = { approvalsRequired: 1, bands: [{ currency: "EUR", minControlSum: "10000", approvalsRequired: 2 }] };
  await db.run((s) => s.paymentRuns.saveSettings(scope, settings, at(0)));
  await db.run((s) => s.paymentRuns.saveSettings(scope, settings, at(1)));
  t.deepEqual(await store.settingsOf(scope), settings);
  await db.run((s) => s.paymentRuns.saveSettings(scope, { approvalsRequired: 3, bands: [] }, at(2)));
  t.deepEqual(await store.settingsOf(scope), { approvalsRequired: 3, bands: [] });
  t.is(await store.settingsOf({ ...scope, organisationId: newId() }), undefined);
  t.is(await store.settingsOf({ ...scope, clientId: newId() }), undefined);
});
