import test from "ava";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { approveAndRelease, callAs, readyToPay, runEvents } from "./run-support.js";

// Payment runs under four eyes over real HTTP: a run is proposed, approved by someone else (a person, with the
// right, once each, as many as the organisation's settings ask), and only then is its file released; a proposal is
// rejected and its bills come back; every step is an event naming its actor; a retried proposal is the same run.
// Which roles reach a route is the permissions table's (403 Permission.Denied); who relative to the run, the use
// case's (test/core/payments/payment-run-approvals.test.ts covers the refusals the table leaves to it).

type Json = Record<string, unknown>;
type User = { id: string; token: string };
let h: BillHarness;
let member: User;
let proposer: User;
let approver: User;
let secondApprover: User;
let admin: User;

const FR_IBAN = "FR1420041010050500013M02606";
/** The supplier the bills name: its account (the one the bills print) confirmed by a second person. */
const SUPPLIER = "Fournisseur Quatre Yeux SA";

test.before(async () => {
  h = await startBillHarness();
  await readyToPay(h, "Vier Augen AG");
  const supplier = await h.call("POST", "/v1/suppliers", { body: { name: SUPPLIER, bankDetails: { iban: FR_IBAN } } });
  if (supplier.status !== 201) throw new Error(`supplier: ${supplier.status}`);
  await confirmSupplierAccount(h, String((supplier.json as Json).id));
  member = await userWithToken(h, "Member");
  proposer = await userWithToken(h, "Approver");
  approver = await userWithToken(h, "Approver");
  secondApprover = await userWithToken(h, "Approver");
  admin = await userWithToken(h, "Admin");
});
test.after.always(async () => {
  await h?.dispose();
});

const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;
const stateOf = async (id: string) => ((await h.call("GET", `/v1/bills/${id}`)).json as Json).state;

/** An Approved EUR bill paying a French IBAN read from the bill. */
const approvedBill = async (totalAmount = "50.00"): Promise<string> => {
  const up = await h.upload(
    pdfWith({
      supplierName: SUPPLIER,
      currency: "EUR",
      totalAmount,
      invoiceNumber: `INV-${Math.random().toString(36).slice(2, 8)}`,
      bankDetails: bankDetailsOf(FR_IBAN),
    }),
  );
  const id = String((up.json as Json).id);
  await h.settled(id);
  const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
  if ((submitted.json as Json).state !== "Approved") throw new Error(`submit: ${submitted.text}`);
  return id;
};

/** Proposes one run of the bills as the user of `token` (or the harness's API key); answers the run. */
/** Proposes one run of the bills (an execution date given: bills scheduled for other dates would make several). */
const propose = async (billIds: readonly string[], token?: string, executionDate?: string): Promise<Json> => {
  const body = { billIds, ...(executionDate === undefined ? {} : { executionDate }) };
  const answer =
    token === undefined
      ? await h.call("POST", "/v1/payment-runs", { body })
      : await callAs(h, token, "POST", "/v1/payment-runs", body);
  if (answer.status !== 201) throw new Error(`propose: ${answer.status} ${answer.text}`);
  return (answer.json as { data: Json[] }).data[0] as Json;
};

const approve = (token: string, runId: string) => callAs(h, token, "POST", `/v1/payment-runs/${runId}/approve`);

test.serial(
  "proposed by one person, approved by another, released by the first download, confirmed: each step an event with its actor",
  async (t) => {
    const bill = await approvedBill();
    const run = await propose([bill], proposer.token);
    const id = String(run.id);
    t.like(run, {
      status: "Proposed",
      approvalsRequired: 1,
      approvals: [],
      released: null,
      rejected: null,
      proposedBy: { type: "user", id: proposer.id },
    });
    t.is((run.items as Json[])[0]?.status, "Pending");
    t.false("held" in ((run.items as Json[])[0] as Json), "where the bill was is not shown");
    t.is(await stateOf(bill), "PaymentInProgress", "the proposal holds the bill");

    const early = await h.call("GET", `/v1/payment-runs/${id}/file`);
    t.is(early.status, 409);
    t.is(title(early), "PaymentRun.NotApproved");
    t.regex(String((early.json as Json).detail), /0 of the 1 approvals/);

    const approved = await approve(approver.token, id);
    t.is(approved.status, 200, approved.text);
    t.like(approved.json as Json, { status: "Approved", approvals: [{ actor: { type: "user", id: approver.id } }] });
    t.is((await approve(secondApprover.token, id)).status, 409, "an approved run takes no more approvals");

    const file = await callAs(h, proposer.token, "GET", `/v1/payment-runs/${id}/file`);
    t.is(file.status, 200);
    t.true(file.text.includes(bill.replace(/-/g, "")));
    const again = await h.call("GET", `/v1/payment-runs/${id}/file`);
    t.is(again.text, file.text, "later downloads answer the same bytes");
    const released = (await h.call("GET", `/v1/payment-runs/${id}`)).json as Json;
    t.like(released, { status: "InProgress", released: { actor: { type: "user", id: proposer.id } } });
    t.is((released.items as Json[])[0]?.status, "InProgress");

    const confirmed = await callAs(h, admin.token, "POST", `/v1/payment-runs/${id}/bills/${bill}/confirm`);
    t.like(confirmed.json as Json, { status: "Completed" });
    t.is(await stateOf(bill), "Paid");
    t.is((await h.call("POST", `/v1/payment-runs/${id}/reject`, { body: { reason: "too late" } })).status, 409);

    const events = await runEvents(h, id);
    t.deepEqual(
      events.map((e) => [e.type, e.actor.id]),
      [
        ["payment_run.proposed", proposer.id],
        ["payment_run.approval_recorded", approver.id],
        ["payment_run.approved", approver.id],
        ["payment_run.released", proposer.id],
        ["payment_run.transfer_confirmed", admin.id],
      ],
    );
    t.like(events[2]?.data as Json, { paymentRun: { id, status: "Approved", approvalsRequired: 1, approvalCount: 1 } });
    t.like(events[4]?.data as Json, { transfer: { billId: bill, status: "Paid", amount: "50.00" } });
  },
);

test.serial("the proposer, an API key and a Member cannot approve: each a problem naming why", async (t) => {
  const run = await propose([await approvedBill()], approver.token);
  const id = String(run.id);
  const own = await approve(approver.token, id);
  t.is(own.status, 403);
  t.is(title(own), "PaymentRun.SameApprover");
  t.regex(String((own.json as Json).detail), /different person/);
  // Keys and Members are refused by the permissions table, naming who may.
  const byKey = await h.call("POST", `/v1/payment-runs/${id}/approve`);
  t.is(byKey.status, 403);
  t.is(title(byKey), "Permission.Denied");
  t.regex(
    String((byKey.json as Json).detail),
    /approvePaymentRun: it takes client administrator, organisation Admin, Approver/,
  );
  const byMember = await approve(member.token, id);
  t.is(byMember.status, 403);
  t.is(title(byMember), "Permission.Denied");
  t.like((await h.call("GET", `/v1/payment-runs/${id}`)).json as Json, { status: "Proposed", approvals: [] });
  t.is(title(await h.call("GET", `/v1/payment-runs/${id}/file`)), "PaymentRun.NotApproved");
  // A proposal made with an API key is approved by any person with the right, an organisation Admin here.
  const keyRun = await propose([await approvedBill()]);
  t.like(keyRun, { proposedBy: { type: "api_key" } });
  t.like((await approve(admin.token, String(keyRun.id))).json as Json, { status: "Approved" });
  t.is((await approve(admin.token, String(run.id))).status, 200);
});

test.serial("settings: administrators only; a band asks two approvals of large runs, each person once", async (t) => {
  const byMember = await callAs(h, member.token, "GET", "/v1/payment-run-settings");
  t.is(byMember.status, 403);
  const put = { approvalsRequired: 1, bands: [{ currency: "EUR", minControlSum: "1000.00", approvalsRequired: 2 }] };
  t.is((await callAs(h, approver.token, "PUT", "/v1/payment-run-settings", put)).status, 403);
  t.like((await h.call("GET", "/v1/payment-run-settings")).json as Json, { approvalsRequired: 1, isDefault: true });
  for (const body of [
    { approvalsRequired: 0 },
    { approvalsRequired: 6 },
    { approvalsRequired: 1, bands: [{ currency: "EUR", minControlSum: "x", approvalsRequired: 2 }] },
    { approvalsRequired: 1, bands: [{ currency: "EUR", minControlSum: "1" }] },
    { approvalsRequired: 1, surprise: true },
  ])
    t.is((await h.call("PUT", "/v1/payment-run-settings", { body })).status, 400, JSON.stringify(body));
  const saved = await callAs(h, admin.token, "PUT", "/v1/payment-run-settings", put);
  t.is(saved.status, 200, saved.text);
  t.like((await h.call("GET", "/v1/payment-run-settings")).json as Json, { ...put, isDefault: false });

  const small = await propose([await approvedBill("999.99")], proposer.token);
  t.is(small.approvalsRequired, 1, "below the band");
  const large = await propose([await approvedBill("600.00"), await approvedBill("400.00")], proposer.token);
  t.is(large.approvalsRequired, 2, "the control sum reaches the band");
  const id = String(large.id);
  t.like((await approve(approver.token, id)).json as Json, { status: "Proposed" });
  const twice = await approve(approver.token, id);
  t.is(twice.status, 409);
  t.is(title(twice), "PaymentRun.AlreadyApproved");
  const halfway = await h.call("GET", `/v1/payment-runs/${id}/file`);
  t.is(title(halfway), "PaymentRun.NotApproved");
  t.regex(String((halfway.json as Json).detail), /1 of the 2 approvals/);
  t.like((await approve(secondApprover.token, id)).json as Json, { status: "Approved" });
  t.deepEqual(
    (await runEvents(h, id)).map((e) => [e.type, e.actor.id]),
    [
      ["payment_run.proposed", proposer.id],
      ["payment_run.approval_recorded", approver.id],
      ["payment_run.approval_recorded", secondApprover.id],
      ["payment_run.approved", secondApprover.id],
    ],
  );
  // A run keeps the number it was proposed with.
  await h.call("PUT", "/v1/payment-run-settings", { body: { approvalsRequired: 1 } });
  t.is(((await h.call("GET", `/v1/payment-runs/${String(large.id)}`)).json as Json).approvalsRequired, 2);
});

test.serial("a rejected proposal gives its bills back as they were; they can be paid again", async (t) => {
  const approved = await approvedBill("10.00");
  const scheduled = await approvedBill("20.00");
  await h.call("POST", `/v1/bills/${scheduled}/schedule-payment`, {
    body: { paymentDate: "2999-01-31", paymentMethod: "BankTransfer" },
  });
  const run = await propose([approved, scheduled], proposer.token, "2999-01-30");
  const id = String(run.id);
  t.is((await h.call("POST", `/v1/payment-runs/${id}/reject`, { body: {} })).status, 400, "a reason is needed");
  const stranger = await callAs(h, member.token, "POST", `/v1/payment-runs/${id}/reject`, { reason: "not mine" });
  t.is(stranger.status, 403, "a Member may not reject it");
  t.is((await approve(approver.token, id)).status, 200);
  const rejected = await callAs(h, secondApprover.token, "POST", `/v1/payment-runs/${id}/reject`, {
    reason: "wrong account",
  });
  t.is(rejected.status, 200, rejected.text);
  t.like(rejected.json as Json, {
    status: "Rejected",
    rejected: { actor: { type: "user", id: secondApprover.id }, reason: "wrong account" },
  });
  t.deepEqual(
    ((rejected.json as Json).items as Json[]).map((i) => i.status),
    ["Cancelled", "Cancelled"],
  );
  const [a, s] = await Promise.all(
    [approved, scheduled].map(async (b) => (await h.call("GET", `/v1/bills/${b}`)).json as Json),
  );
  t.like(a, { state: "Approved", paymentDate: null, paymentMethod: null });
  t.like(s, { state: "Scheduled", paymentDate: "2999-01-31", paymentMethod: "BankTransfer" });
  const billTypes = async (b: string) =>
    (await h.app.database.stores.events.ofSubject(h.clientId, "bill", b)).map((e) => e.envelope.type).slice(-2);
  t.deepEqual(await billTypes(approved), ["bill.payment_in_progress", "bill.approved"]);
  t.deepEqual(await billTypes(scheduled), ["bill.payment_in_progress", "bill.scheduled"]);
  t.is(title(await h.call("GET", `/v1/payment-runs/${id}/file`)), "PaymentRun.NotApproved");
  t.is(title(await approve(admin.token, id)), "PaymentRun.InvalidTransition");
  const last = (await runEvents(h, id)).at(-1);
  t.like(last, { type: "payment_run.rejected", actor: { id: secondApprover.id }, data: { reason: "wrong account" } });

  // The proposer withdraws their own proposal, and the bills go into a new run.
  const withdrawn = await propose([approved, scheduled], proposer.token, "2999-01-30");
  const back = await callAs(h, proposer.token, "POST", `/v1/payment-runs/${String(withdrawn.id)}/reject`, {
    reason: "proposed too early",
  });
  t.like(back.json as Json, { status: "Rejected" });
  const next = await propose([approved, scheduled], proposer.token, "2999-01-30");
  t.is(next.status, "Proposed");
});

test.serial("a bill is never in two live runs; a released run cannot be rejected", async (t) => {
  const bill = await approvedBill();
  const run = await propose([bill]);
  const second = await h.call("POST", "/v1/payment-runs", { body: { billIds: [bill] } });
  t.is(second.status, 409);
  t.is(title(second), "Bill.InvalidTransition");
  const markedPaid = await h.call("POST", `/v1/bills/${bill}/mark-paid`, { body: { reason: "x", reference: "y" } });
  t.is(markedPaid.status, 409, "a held bill is not paid by hand either");
  await approveAndRelease(h, approver.token, String(run.id));
  const late = await h.call("POST", `/v1/payment-runs/${String(run.id)}/reject`, { body: { reason: "too late" } });
  t.is(late.status, 409);
  t.is(title(late), "PaymentRun.InvalidTransition");
});

test.serial("Idempotency-Key: a retried proposal answers the same runs and holds its bills once", async (t) => {
  const bill = await approvedBill();
  const key = { "idempotency-key": `runs-${bill}` };
  const first = await h.call("POST", "/v1/payment-runs", { body: { billIds: [bill] }, headers: key });
  t.is(first.status, 201);
  t.is(first.headers["idempotent-replayed"], undefined);
  const retried = await h.call("POST", "/v1/payment-runs", { body: { billIds: [bill] }, headers: key });
  t.is(retried.status, 201);
  t.is(retried.headers["idempotent-replayed"], "true");
  t.deepEqual(retried.json, first.json);
  const ids = (first.json as { data: Json[] }).data.map((r) => r.id);
  const all = ((await h.call("GET", "/v1/payment-runs?limit=100")).json as { data: Json[] }).data;
  t.is(all.filter((r) => (r.items as Json[]).some((i) => i.billId === bill)).length, 1, "one run holds the bill");
  t.deepEqual(
    (await h.app.database.stores.events.ofSubject(h.clientId, "bill", bill))
      .map((e) => e.envelope.type)
      .filter((type) => type === "bill.payment_in_progress"),
    ["bill.payment_in_progress"],
  );
  t.is((await runEvents(h, String(ids[0]))).length, 1);
  const reused = await h.call("POST", "/v1/payment-runs", {
    body: { billIds: [bill], executionDate: "2999-01-01" },
    headers: key,
  });
  t.is(reused.status, 409);
  t.is(title(reused), "Idempotency.KeyReused");
  const bad = await h.call("POST", "/v1/payment-runs", {
    body: { billIds: [bill] },
    headers: { "idempotency-key": "" },
  });
  t.is(bad.status, 400);
});

test.serial(
  "a run whose supplier account changed after the proposal is not approved: rejected and proposed again, it pays the confirmed account",
  async (t) => {
    const bill = await approvedBill();
    const run = await propose([bill], proposer.token);
    const list = (await h.call("GET", `/v1/suppliers?q=${encodeURIComponent(SUPPLIER)}`)).json as { data: Json[] };
    const supplierId = String(list.data[0]?.id);
    // The supplier's account moves after the proposal: unconfirmed, the run's transfer no longer matches it.
    const moved = await h.call("PATCH", `/v1/suppliers/${supplierId}`, {
      body: { bankDetails: { iban: "DE02120300000000202051" } },
    });
    t.is(moved.status, 200);
    const refused = await approve(approver.token, String(run.id));
    t.is(refused.status, 409);
    t.is(title(refused), "PaymentRun.AccountChanged");
    // Confirmed by a second person, the new account is still not the one the run would pay.
    await confirmSupplierAccount(h, supplierId);
    t.is(title(await approve(approver.token, String(run.id))), "PaymentRun.AccountChanged");
    t.like((await h.call("GET", `/v1/payment-runs/${String(run.id)}`)).json as Json, {
      status: "Proposed",
      approvals: [],
    });
    // Rejected and proposed again, the run pays the confirmed account.
    const rejected = await callAs(h, proposer.token, "POST", `/v1/payment-runs/${String(run.id)}/reject`, {
      reason: "supplier account changed",
    });
    t.is(rejected.status, 200, rejected.text);
    const again = await propose([bill], proposer.token);
    t.is((again.items as { creditor: Json }[])[0]?.creditor.iban, "DE02120300000000202051");
    t.is((await approve(approver.token, String(again.id))).status, 200);
  },
);
