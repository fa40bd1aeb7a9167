import { addAmounts } from "@apar/core";
import test from "ava";
import { pain001SchemaErrors as schemaErrors } from "../../helpers/pain001-schema.js";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { approveAndRelease, callAs } from "./run-support.js";

// Payment runs over real HTTP: Approved and Scheduled bills into pain.001 files (one per currency), each file
// valid against the ISO 20022 schema once a second person approved it, the bills moved through the machine, the
// bank's answers, all or nothing. payment-run-approvals.test.ts covers the four eyes themselves.
// Bills are paid to their supplier's confirmed account (dual control): each supplier here is confirmed by a second
// person, and bills name their supplier (the fake reader's supplierName matches the record).

type Json = Record<string, unknown>;
let h: BillHarness;
let supplierId = "";
let approver = "";
const FR_IBAN = "FR1420041010050500013M02606";
const GB_IBAN = "GB29NWBK60161331926819";
const FRENCH = "Fournisseur SA";
const BRITISH = "British Supplies Ltd";
/** Fields read from a bill of the French supplier (its account as the bill prints it). */
const french = { supplierName: FRENCH, bankDetails: bankDetailsOf(FR_IBAN) };

test.before(async () => {
  h = await startBillHarness();
  approver = (await userWithToken(h, "Approver")).token;
  const policy = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Everything", priorityOrder: 1, action: "AutoApprove" },
  });
  if (policy.status !== 201) throw new Error(`policy: ${policy.status}`);
  const supplier = await h.call("POST", "/v1/suppliers", {
    body: { name: "Lieferant GmbH", bankDetails: { iban: "DE89 3704 0044 0532 0130 00", bicSwift: "COBADEFFXXX" } },
  });
  if (supplier.status !== 201) throw new Error(`supplier: ${supplier.status}`);
  supplierId = String((supplier.json as Json).id);
  await confirmSupplierAccount(h, supplierId);
  for (const [name, iban] of [
    [FRENCH, FR_IBAN],
    [BRITISH, GB_IBAN],
  ] as const) {
    const made = await h.call("POST", "/v1/suppliers", { body: { name, bankDetails: { iban } } });
    if (made.status !== 201) throw new Error(`supplier: ${made.status}`);
    await confirmSupplierAccount(h, String((made.json as Json).id));
  }
});
test.after.always(async () => {
  await h?.dispose();
});

const states = async (ids: readonly string[]) =>
  Promise.all(ids.map(async (id) => String(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state)));
const typesOf = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope.type);

/** An Approved bill: read by the fake reader, then submitted under the auto-approve policy. */
const approved = async (fields: Json, withSupplier = false): Promise<string> => {
  const up = await h.upload(pdfWith({ invoiceNumber: `INV-${Math.random().toString(36).slice(2, 8)}`, ...fields }));
  const id = String((up.json as Json).id);
  const bill = await h.settled(id);
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  if (withSupplier) {
    const patched = await h.call("PATCH", `/v1/bills/${id}`, { body: { supplierId } });
    if (patched.status !== 200) throw new Error(`patch: ${patched.status}`);
  }
  const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
  if ((submitted.json as Json).state !== "Approved") throw new Error(`submit: ${JSON.stringify(submitted.json)}`);
  return id;
};

test.serial("with no account of its own the organisation cannot pay: 409 and nothing moves", async (t) => {
  const id = await approved({ ...french, currency: "EUR", totalAmount: "10.00" });
  const answer = await h.call("POST", "/v1/payment-runs", { body: { billIds: [id] } });
  t.is(answer.status, 409);
  t.is((answer.json as Json).title, "PaymentRun.NoDebtorAccount");
  t.deepEqual(await states([id]), ["Approved"]);
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName: "Käufer & Söhne AG",
      addressLines: ["Hauptstraße 1"],
      city: "Berlin",
      countryCode: "DE",
      companyRegistrationId: "HRB 12345",
      bankAccounts: [{ iban: "DE75 5121 0800 1245 1261 99", bic: "SOGEDEFFXXX" }],
    },
  });
  t.is(identity.status, 200, JSON.stringify(identity.json));
});

test.serial(
  "a run per currency: bills move to PaymentInProgress, approved files validate, sums are exact, supplier details win",
  async (t) => {
    const a = await approved({ ...french, currency: "EUR", totalAmount: "1234.56" });
    const b = await approved({ currency: "EUR", totalAmount: "0.10", paymentRef: "RF18539007547034" }, true);
    const c = await approved({
      supplierName: BRITISH,
      currency: "GBP",
      totalAmount: "99.99",
      bankDetails: bankDetailsOf(GB_IBAN),
    });
    const answer = await h.call("POST", "/v1/payment-runs", { body: { billIds: [a, b, c] } });
    t.is(answer.status, 201, JSON.stringify(answer.json));
    const runs = (answer.json as { data: Json[]; hasMore: boolean }).data;
    t.deepEqual(
      runs.map((r) => [r.currency, r.numberOfTransactions, r.controlSum, r.status]),
      [
        ["EUR", 2, addAmounts("1234.56", "0.10"), "Proposed"],
        ["GBP", 1, "99.99", "Proposed"],
      ],
    );
    t.deepEqual(await states([a, b, c]), ["PaymentInProgress", "PaymentInProgress", "PaymentInProgress"]);
    t.deepEqual((await typesOf(a)).slice(-1), ["bill.payment_in_progress"]);
    const held = await h.call("POST", `/v1/bills/${a}/return-to-review`, { body: { reason: "wrong amount" } });
    t.is(held.status, 409, "a bill held by a payment run is not sent back to review");
    t.is((held.json as Json).detail, "A bill in state PaymentInProgress cannot be sent back to review.");
    const eur = runs[0] as Json;
    const items = eur.items as Json[];
    // b's supplier record has bank details: they win over anything read from the bill.
    t.like(
      items.find((i) => i.billId === b),
      {
        amount: "0.10",
        reference: "RF18539007547034",
        creditor: { iban: "DE89370400440532013000", bic: "COBADEFFXXX", name: "Lieferant GmbH" },
        endToEndId: b.replace(/-/g, ""),
      },
    );
    t.like(eur.debtorAccount as Json, { iban: "DE75512108001245126199", bic: "SOGEDEFFXXX" });
    for (const run of runs) {
      const early = await h.call("GET", `/v1/payment-runs/${String(run.id)}/file`);
      t.is(early.status, 409, "no file before the run is approved");
      const approved = await callAs(h, approver, "POST", `/v1/payment-runs/${String(run.id)}/approve`);
      t.like(approved.json as Json, { status: "Approved", approvalsRequired: 1 });
      const file = await h.call("GET", `/v1/payment-runs/${String(run.id)}/file`);
      t.is(file.status, 200);
      t.regex(String(file.headers["content-type"]), /^application\/xml/);
      t.regex(String(file.headers["content-disposition"]), /^attachment; filename="payment-run-/);
      const xml = file.text;
      t.is(schemaErrors(xml), "", `run ${String(run.id)}`);
      t.true(xml.includes(`<CtrlSum>${String(run.controlSum)}</CtrlSum>`));
    }
    const sepa = (await h.call("GET", `/v1/payment-runs/${String(eur.id)}/file`)).text;
    t.true(sepa.includes("<Cd>SEPA</Cd>"), "euro transfers between IBANs follow SEPA rules");
    t.true(sepa.includes("<Ref>RF18539007547034</Ref>"), "an RF reference goes structured");
    t.true(sepa.includes("<Nm>Kaeufer + Soehne AG</Nm>"), "in the EPC character set");
    const again = await h.call("GET", `/v1/payment-runs/${String(eur.id)}/file`);
    t.is(again.text, sepa, "the file reads the same every time");
    const listed = (await h.call("GET", "/v1/payment-runs?limit=1")).json as { data: Json[]; hasMore: boolean };
    t.is(listed.data.length, 1);
    t.true(listed.hasMore);
    t.like((await h.call("GET", `/v1/payment-runs/${String(eur.id)}`)).json as Json, {
      id: eur.id,
      controlSum: eur.controlSum,
      status: "InProgress",
    });
  },
);

test.serial(
  "the bank's answers: confirmed bills are Paid, a returned one is Scheduled again; the run completes",
  async (t) => {
    const a = await approved({ ...french, currency: "EUR", totalAmount: "50.00" });
    const b = await approved({ ...french, currency: "EUR", totalAmount: "60.00" });
    const run = ((await h.call("POST", "/v1/payment-runs", { body: { billIds: [a, b] } })).json as { data: Json[] })
      .data[0] as Json;
    const id = String(run.id);
    const unreleased = await h.call("POST", `/v1/payment-runs/${id}/bills/${a}/confirm`);
    t.is(unreleased.status, 409);
    t.is((unreleased.json as Json).title, "PaymentRun.NotReleased");
    await approveAndRelease(h, approver, id);
    const paid = await h.call("POST", `/v1/payment-runs/${id}/bills/${a}/confirm`);
    t.is(paid.status, 200);
    t.is((paid.json as Json).status, "InProgress");
    const returned = await h.call("POST", `/v1/payment-runs/${id}/bills/${b}/return`, {
      body: { reason: "AC04 account closed" },
    });
    t.is(returned.status, 200);
    t.like(returned.json as Json, { status: "Completed" });
    t.like(
      ((returned.json as Json).items as Json[]).find((i) => i.billId === b),
      {
        status: "Returned",
        returnReason: "AC04 account closed",
      },
    );
    t.deepEqual(await states([a, b]), ["Paid", "Scheduled"]);
    t.deepEqual((await typesOf(a)).slice(-2), ["bill.payment_in_progress", "bill.paid"]);
    t.deepEqual((await typesOf(b)).slice(-2), ["bill.payment_in_progress", "bill.scheduled"]);
    const twice = await h.call("POST", `/v1/payment-runs/${id}/bills/${a}/confirm`);
    t.is(twice.status, 409);
    t.is((twice.json as Json).title, "PaymentRun.NotInProgress");
    const stranger = await h.call("POST", `/v1/payment-runs/${id}/bills/${run.organisationId}/confirm`);
    t.is(stranger.status, 404);
    // The returned bill is Scheduled: it can go into a new run.
    const next = await h.call("POST", "/v1/payment-runs", { body: { billIds: [b] } });
    t.is(next.status, 201);
  },
);

test.serial("all or nothing: one bill that cannot be paid refuses the request and moves none", async (t) => {
  const good = await approved({ ...french, currency: "EUR", totalAmount: "5.00" });
  const noCurrency = await approved({ ...french, totalAmount: "6.00" });
  const before = ((await h.call("GET", "/v1/payment-runs?limit=100")).json as { data: Json[] }).data.length;
  const refused = await h.call("POST", "/v1/payment-runs", { body: { billIds: [good, noCurrency] } });
  t.is(refused.status, 409);
  t.like(refused.json as Json, {
    title: "PaymentRun.CannotPay",
    errors: [{ field: "billIds[1]", code: "no_currency" }],
  });
  const up = await h.upload(pdfWith({ currency: "EUR", totalAmount: "7.00", invoiceNumber: "REVIEW-1" }));
  const inReview = String((await h.settled(String((up.json as Json).id))).id);
  const wrongState = await h.call("POST", "/v1/payment-runs", { body: { billIds: [good, inReview] } });
  t.is(wrongState.status, 409);
  t.is((wrongState.json as Json).title, "Bill.InvalidTransition");
  t.deepEqual(await states([good, noCurrency, inReview]), ["Approved", "Approved", "PendingReview"]);
  const after = ((await h.call("GET", "/v1/payment-runs?limit=100")).json as { data: Json[] }).data.length;
  t.is(after, before);
});

test.serial("dueBy picks the Approved bills due by the date; bodies are checked", async (t) => {
  const early = await approved({ ...french, currency: "EUR", totalAmount: "1.00", dueDate: "2001-01-10" });
  const late = await approved({ ...french, currency: "EUR", totalAmount: "2.00", dueDate: "2999-12-31" });
  const due = await h.call("POST", "/v1/payment-runs", { body: { dueBy: "2001-01-31" } });
  t.is(due.status, 201, JSON.stringify(due.json));
  const ids = ((due.json as { data: Json[] }).data.flatMap((r) => r.items as Json[]) as Json[]).map((i) => i.billId);
  t.true(ids.includes(early));
  t.false(ids.includes(late));
  const nothing = await h.call("POST", "/v1/payment-runs", { body: { dueBy: "2001-01-31" } });
  t.is((nothing.json as Json).title, "PaymentRun.NothingToPay");
  for (const body of [
    {},
    { billIds: [late], dueBy: "2001-01-31" },
    { billIds: [] },
    { billIds: [late], executionDate: "2001-01-01" },
    { billIds: [late], surprise: true },
    { billIds: ["not-a-uuid"] },
  ]) {
    const bad = await h.call("POST", "/v1/payment-runs", { body });
    t.is(bad.status, 400, JSON.stringify(body));
  }
  t.deepEqual(await states([late]), ["Approved"]);
  const missing = await h.call("GET", `/v1/payment-runs/${late}`);
  t.is(missing.status, 404);
  t.is((missing.json as Json).title, "PaymentRun.NotFound");
});

test.serial(
  "a run's execution date is the bills' scheduled date (one run per date and currency), else today",
  async (t) => {
    const today = new Date().toISOString().slice(0, 10);
    const scheduled = async (paymentDate: string, totalAmount: string) => {
      const id = await approved({ ...french, currency: "EUR", totalAmount });
      const moved = await h.call("POST", `/v1/bills/${id}/schedule-payment`, {
        body: { paymentDate, paymentMethod: "BankTransfer" },
      });
      t.is(moved.status, 200, moved.text);
      return id;
    };
    const january = await scheduled("2999-01-10", "3.00");
    const alsoJanuary = await scheduled("2999-01-10", "4.00");
    const february = await scheduled("2999-02-10", "5.00");
    const unscheduled = await approved({ ...french, currency: "EUR", totalAmount: "6.00" });
    const pound = await approved({
      supplierName: BRITISH,
      currency: "GBP",
      totalAmount: "7.00",
      bankDetails: bankDetailsOf(GB_IBAN),
    });
    const proposed = await h.call("POST", "/v1/payment-runs", {
      body: { billIds: [february, january, unscheduled, alsoJanuary, pound] },
    });
    t.is(proposed.status, 201, proposed.text);
    const runs = (proposed.json as { data: Json[] }).data.map((r) => ({
      executionDate: r.executionDate,
      currency: r.currency,
      bills: (r.items as Json[]).map((i) => i.billId).sort(),
    }));
    t.deepEqual(runs, [
      { executionDate: today, currency: "EUR", bills: [unscheduled] },
      { executionDate: today, currency: "GBP", bills: [pound] },
      { executionDate: "2999-01-10", currency: "EUR", bills: [january, alsoJanuary].sort() },
      { executionDate: "2999-02-10", currency: "EUR", bills: [february] },
    ]);

    // A date asked for wins: one run for all of them.
    const again = [await scheduled("2999-03-10", "8.00"), await scheduled("2999-04-10", "9.00")];
    const one = await h.call("POST", "/v1/payment-runs", { body: { billIds: again, executionDate: "2999-05-01" } });
    t.is(one.status, 201, one.text);
    t.deepEqual(
      (one.json as { data: Json[] }).data.map((r) => r.executionDate),
      ["2999-05-01"],
    );
  },
);
