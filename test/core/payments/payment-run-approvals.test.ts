import { openMemoryDatabase } from "@apar/adapters/memory";
import { randomIds } from "@apar/adapters/system/ids";
import type { Actor, PaymentRun } from "@apar/core";
import {
  approvePaymentRun,
  getPaymentRunSettings,
  markBillPaid,
  putPaymentRunSettings,
  rejectPaymentRun,
} from "@apar/core/app";
import type { Clock, Database } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { aBill, aScope, aSupplier } from "../../contracts/bill-fixtures.js";
import { newId } from "../../contracts/fixtures.js";

// Who relative to the run, decided by the use cases whatever the caller's roles (the permissions table decides
// which roles reach the route; these hold for every caller it lets through, and for every other way in).

const clock: Clock = { now: () => new Date("2026-05-06T07:08:09Z") };
const depsOf = (db: Database) => ({ db, clock, ids: randomIds(clock) });
const codeOf = (e: E.Either<{ code: string }, unknown>) => (E.isLeft(e) ? e.left.code : "right");

const account = { name: "Lieferant", iban: "DE89370400440532013000", accountNumber: null, bic: null, country: "DE" };
const proposer: Actor = { type: "user", id: newId() };
const person: Actor = { type: "user", id: newId() };

const seededRun = async (db: Database) => {
  const scope = aScope();
  const id = newId();
  const run: PaymentRun = {
    id,
    ...scope,
    status: "Proposed",
    currency: "EUR",
    executionDate: "2026-05-07",
    debtor: account,
    messageId: id.replace(/-/g, ""),
    controlSum: "1.00",
    items: [],
    proposedBy: proposer,
    approvalsRequired: 1,
    approvals: [],
    released: null,
    rejected: null,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  };
  await db.run((s) => s.paymentRuns.insert(run));
  return { scope, id };
};

test("approving: a person, never a key nor an agent acting for one, with the right, never the proposer", async (t) => {
  const db = openMemoryDatabase();
  const { scope, id } = await seededRun(db);
  const approve = (actor: Actor, approver = true) => approvePaymentRun(depsOf(db))({ scope, id, actor, approver })();
  t.is(codeOf(await approve({ type: "api_key", id: newId() })), "PaymentRun.PersonRequired");
  t.is(codeOf(await approve({ ...person, via: "agent" })), "PaymentRun.PersonRequired");
  t.is(codeOf(await approve({ ...person, via: "mcp" })), "PaymentRun.PersonRequired");
  t.is(codeOf(await approve({ type: "system", id: null })), "PaymentRun.PersonRequired");
  t.is(codeOf(await approve(person, false)), "PaymentRun.NotApprover");
  t.is(codeOf(await approve(proposer)), "PaymentRun.SameApprover");
  t.is(codeOf(await approve(person)), "right");
  t.like(await db.stores.paymentRuns.ofId(scope, id), { status: "Approved", approvals: [{ actor: person }] });
});

test("rejecting: the proposer, or one who may approve; nobody else", async (t) => {
  const db = openMemoryDatabase();
  const { scope, id } = await seededRun(db);
  const reject = (actor: Actor, approver: boolean) =>
    rejectPaymentRun(depsOf(db))({ scope, id, actor, approver, reason: "no" })();
  t.is(codeOf(await reject(person, false)), "PaymentRun.NotApprover");
  t.is(codeOf(await reject(proposer, false)), "right", "the proposer withdraws their own run");
  t.like(await db.stores.paymentRuns.ofId(scope, id), { status: "Rejected", rejected: { actor: proposer } });
});

test("the settings and marking a bill paid by hand are administrators' business", async (t) => {
  const db = openMemoryDatabase();
  const scope = aScope();
  const deps = depsOf(db);
  t.is(
    codeOf(await getPaymentRunSettings(deps)({ scope, administrator: false })()),
    "PaymentRunSettings.AdministratorRequired",
  );
  const body = { approvalsRequired: 2 };
  t.is(
    codeOf(await putPaymentRunSettings(deps)({ scope, administrator: false, body })()),
    "PaymentRunSettings.AdministratorRequired",
  );
  t.is(await db.stores.paymentRuns.settingsOf(scope), undefined);
  // A supplier whose account a second person confirmed: marking paid by hand pays nowhere else.
  const at = { actor: proposer, at: new Date() };
  const supplier = aSupplier(scope, {
    bankDetails: {
      accountHolderName: null,
      accountNumber: null,
      sortCode: null,
      routingNumber: null,
      iban: "DE89370400440532013000",
      bicSwift: null,
      country: "DE",
      currency: null,
    },
    bankDetailsProposed: at,
    bankDetailsConfirmed: { ...at, actor: person },
  });
  const bill = aBill(scope, { state: "Approved", supplierId: supplier.id });
  await db.run(async (s) => {
    await s.suppliers.add(supplier);
    await s.bills.add(bill);
  });
  const mark = (administrator: boolean) =>
    markBillPaid(deps)({ scope, actor: person, id: bill.id, administrator, reason: "cash", reference: "R-1" })();
  t.is(codeOf(await mark(false)), "Bill.AdministratorRequired");
  t.is((await db.stores.bills.ofId(scope, bill.id))?.state, "Approved");
  t.is(codeOf(await mark(true)), "right");
});
