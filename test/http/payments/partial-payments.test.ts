import test from "ava";
import { camt053 } from "../../helpers/camt-files.js";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";
import { approveAndRelease, callAs, readyToPay } from "./run-support.js";

// Partial payments of bills over real HTTP (issue 34): mark-paid with an amount short of the amount due leaves the
// bill PartiallyPaid (`bill.partially_paid`), the rest is paid by hand or by a payment run (for what remains, its
// statement debit paying what the run paid); amountPaid and amountDue exact in the currency's minor units.

type Json = Record<string, unknown>;
let h: BillHarness;
const FR_IBAN = "FR1420041010050500013M02606";
const FRENCH = "Fournisseur SA";
/** The account readyToPay gives the organisation: runs pay from it and its statements name it. */
const OWN_IBAN = "DE75512108001245126199";

test.before(async () => {
  h = await startBillHarness();
  await readyToPay(h, "Käufer AG");
  const made = await h.call("POST", "/v1/suppliers", { body: { name: FRENCH, bankDetails: { iban: FR_IBAN } } });
  if (made.status !== 201) throw new Error(`supplier: ${made.status}`);
  await confirmSupplierAccount(h, String((made.json as Json).id));
});
test.after.always(async () => {
  await h?.dispose();
});

/** An Approved bill of the French supplier for `totalAmount` in `currency`. */
const approved = async (currency: string, totalAmount: string): Promise<string> => {
  const up = await h.upload(
    pdfWith({
      supplierName: FRENCH,
      bankDetails: bankDetailsOf(FR_IBAN),
      currency,
      totalAmount,
      invoiceNumber: `P-${Math.random().toString(36).slice(2, 8)}`,
    }),
  );
  const id = String((up.json as Json).id);
  await h.settled(id);
  const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
  if ((submitted.json as Json).state !== "Approved") throw new Error(`submit: ${submitted.text}`);
  return id;
};

const pay = (id: string, amount?: string, reference = "TRX-1") =>
  h.call("POST", `/v1/bills/${id}/mark-paid`, {
    body: { reason: "paid at the counter", reference, ...(amount === undefined ? {} : { amount }) },
  });
const bill = async (id: string) => (await h.call("GET", `/v1/bills/${id}`)).json as Json;
const events = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => ({
    type: e.envelope.type,
    data: e.envelope.data as { bill: Json; manualPayment?: Json },
  }));
const money = (b: Json) => ({ state: b.state, amountPaid: b.amountPaid, amountDue: b.amountDue });
const fieldCodes = (answer: { json: unknown }) =>
  ((answer.json as { errors?: { field: string; code: string }[] }).errors ?? []).map((e) => `${e.field} ${e.code}`);

test.serial(
  "two partial payments by hand, then the rest: exact amounts, events in order, over-payment 400",
  async (t) => {
    const id = await approved("EUR", "100.00");
    t.deepEqual(money(await bill(id)), { state: "Approved", amountPaid: "0.00", amountDue: "100.00" });

    const first = await pay(id, "30", "TRX-1");
    t.is(first.status, 200, first.text);
    t.deepEqual(money(first.json as Json), { state: "PartiallyPaid", amountPaid: "30.00", amountDue: "70.00" });
    t.is((first.json as Json).paidAt, null, "a bill paid in part is not paid");
    const second = await pay(id, "20.50", "TRX-2");
    t.deepEqual(money(second.json as Json), { state: "PartiallyPaid", amountPaid: "50.50", amountDue: "49.50" });

    for (const [amount, code] of [
      ["49.51", "amount over_payment"],
      ["0", "amount range"],
      ["-1.00", "amount range"],
      ["1.234", "amount currency_precision"],
    ] as const) {
      const refused = await pay(id, amount);
      t.is(refused.status, 400, `${amount}: ${refused.text}`);
      t.deepEqual(fieldCodes(refused), [code], amount);
    }
    t.is((await pay(id, "ten")).status, 400, "not a decimal string");
    t.deepEqual(money(await bill(id)), { state: "PartiallyPaid", amountPaid: "50.50", amountDue: "49.50" });

    const rest = await pay(id, undefined, "TRX-3");
    t.is(rest.status, 200, rest.text);
    t.deepEqual(money(rest.json as Json), { state: "Paid", amountPaid: "100.00", amountDue: "0.00" });
    t.is((await pay(id, "1.00")).status, 409, "a Paid bill takes no more payments");

    const recorded = (await events(id)).slice(-3);
    t.deepEqual(
      recorded.map((e) => [e.type, e.data.bill.amountPaid, e.data.bill.amountDue, e.data.manualPayment?.reference]),
      [
        ["bill.partially_paid", "30.00", "70.00", "TRX-1"],
        ["bill.partially_paid", "50.50", "49.50", "TRX-2"],
        ["bill.paid", "100.00", "0.00", "TRX-3"],
      ],
    );
  },
);

test.serial("paying exactly what is due by amount pays the bill; an amount above the total is 400", async (t) => {
  const id = await approved("EUR", "40.00");
  t.deepEqual(fieldCodes(await pay(id, "40.01")), ["amount over_payment"]);
  t.deepEqual(money((await pay(id, "40.0")).json as Json), { state: "Paid", amountPaid: "40.00", amountDue: "0.00" });
  t.deepEqual(
    (await events(id)).map((e) => e.type).slice(-1),
    ["bill.paid"],
    "the whole amount due is not a partial payment",
  );
});

test.serial("JPY has no minor unit: 300.5 is 400, 300 then 700 pays 1000", async (t) => {
  const id = await approved("JPY", "1000");
  const fraction = await pay(id, "300.5");
  t.is(fraction.status, 400);
  t.deepEqual(fieldCodes(fraction), ["amount currency_precision"]);
  t.deepEqual(money((await pay(id, "300")).json as Json), {
    state: "PartiallyPaid",
    amountPaid: "300",
    amountDue: "700",
  });
  t.deepEqual(money((await pay(id, "700")).json as Json), { state: "Paid", amountPaid: "1000", amountDue: "0" });
});

test.serial(
  "a PartiallyPaid bill is scheduled and paid by a run for what remains; the statement debit pays what the run paid",
  async (t) => {
    const id = await approved("EUR", "80.00");
    await pay(id, "30.00");
    const scheduled = await h.call("POST", `/v1/bills/${id}/schedule-payment`, {
      body: { paymentDate: new Date().toISOString().slice(0, 10), paymentMethod: "BankTransfer" },
    });
    t.deepEqual(money(scheduled.json as Json), { state: "Scheduled", amountPaid: "30.00", amountDue: "50.00" });
    const unscheduled = await h.call("POST", `/v1/bills/${id}/unschedule`);
    t.is((unscheduled.json as Json).state, "PartiallyPaid", "unscheduled, a bill paid in part is PartiallyPaid again");

    const proposed = await h.call("POST", "/v1/payment-runs", { body: { billIds: [id] } });
    t.is(proposed.status, 201, proposed.text);
    const run = (proposed.json as { data: Json[] }).data[0] as Json;
    t.like(run, { controlSum: "50.00" });
    t.like((run.items as Json[])[0], { billId: id, amount: "50.00" });
    t.deepEqual(money(await bill(id)), { state: "PaymentInProgress", amountPaid: "30.00", amountDue: "50.00" });
    const file = await approveAndRelease(h, (await userWithToken(h, "Approver")).token, String(run.id));
    t.true(file.includes(">50.00</InstdAmt>"), "the file pays what remains");

    const statement = await send(h.app.port ?? 0, {
      method: "POST",
      path: "/v1/bank-statements",
      headers: { ...h.headers, "content-type": "application/xml" },
      body: camt053({ id: "PARTIAL-1", iban: OWN_IBAN }, [
        { ref: "D-1", amount: "50.00", direction: "DBIT", name: FRENCH, endToEndIds: [id.replace(/-/g, "")] },
      ]),
    });
    t.is(statement.status, 201, statement.text);
    t.like(statement.json as Json, { matchedCount: 1 });
    t.deepEqual(money(await bill(id)), { state: "Paid", amountPaid: "80.00", amountDue: "0.00" });
    t.deepEqual((await events(id)).map((e) => [e.type, e.data.bill.state, e.data.bill.amountPaid]).slice(-5), [
      ["bill.partially_paid", "PartiallyPaid", "30.00"],
      ["bill.scheduled", "Scheduled", "30.00"],
      ["bill.updated", "PartiallyPaid", "30.00"],
      ["bill.payment_in_progress", "PaymentInProgress", "30.00"],
      ["bill.paid", "Paid", "80.00"],
    ]);
  },
);

test.serial("a run that is rejected gives a PartiallyPaid bill back as it was", async (t) => {
  const id = await approved("EUR", "60.00");
  await pay(id, "10.00");
  const proposed = await h.call("POST", "/v1/payment-runs", { body: { billIds: [id] } });
  const run = (proposed.json as { data: Json[] }).data[0] as Json;
  const approverToken = (await userWithToken(h, "Approver")).token;
  const rejected = await callAs(h, approverToken, "POST", `/v1/payment-runs/${String(run.id)}/reject`, {
    reason: "wrong account",
  });
  t.is(rejected.status, 200, rejected.text);
  t.deepEqual(money(await bill(id)), { state: "PartiallyPaid", amountPaid: "10.00", amountDue: "50.00" });
});

/** A camt.053 debit of `amount` confirming the run's transfer of bill `id`, sent over HTTP. */
const debit = (id: string, ref: string, amount: string) =>
  send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/bank-statements",
    headers: { ...h.headers, "content-type": "application/xml" },
    body: camt053({ id: `ST-${ref}`, iban: OWN_IBAN }, [
      { ref, amount, direction: "DBIT", name: FRENCH, endToEndIds: [id.replace(/-/g, "")] },
    ]),
  });

test.serial(
  "a run pays part of a bill (bills with amounts): the statement's debit leaves it PartiallyPaid, a second run pays the rest",
  async (t) => {
    const id = await approved("EUR", "90.00");
    const other = await approved("EUR", "15.00");
    const approverToken = (await userWithToken(h, "Approver")).token;

    const proposed = await h.call("POST", "/v1/payment-runs", {
      body: {
        bills: [
          { billId: id, amount: "40.5" },
          { billId: other, amount: "15.00" },
        ],
      },
    });
    t.is(proposed.status, 201, proposed.text);
    const run = (proposed.json as { data: Json[] }).data[0] as Json;
    t.like(run, { controlSum: "55.50" });
    t.deepEqual(
      (run.items as Json[]).map((i) => [i.billId, i.amount]),
      [
        [id, "40.50"],
        [other, "15.00"],
      ],
    );
    const file = await approveAndRelease(h, approverToken, String(run.id));
    t.true(file.includes(">40.50</InstdAmt>") && file.includes(">15.00</InstdAmt>"), "the file pays what was asked");

    const confirmed = await debit(id, "PART-1", "40.50");
    t.like(confirmed.json as Json, { matchedCount: 1 });
    t.deepEqual(money(await bill(id)), { state: "PartiallyPaid", amountPaid: "40.50", amountDue: "49.50" });
    t.is((await bill(id)).paidAt, null, "a bill paid in part is not paid");
    await debit(other, "PART-2", "15.00");
    t.deepEqual(money(await bill(other)), { state: "Paid", amountPaid: "15.00", amountDue: "0.00" });

    const rest = await h.call("POST", "/v1/payment-runs", { body: { billIds: [id] } });
    const second = (rest.json as { data: Json[] }).data[0] as Json;
    t.like((second.items as Json[])[0], { billId: id, amount: "49.50" });
    await approveAndRelease(h, approverToken, String(second.id));
    await debit(id, "PART-3", "49.50");
    t.deepEqual(money(await bill(id)), { state: "Paid", amountPaid: "90.00", amountDue: "0.00" });
    t.deepEqual((await events(id)).map((e) => [e.type, e.data.bill.amountPaid, e.data.bill.amountDue]).slice(-4), [
      ["bill.payment_in_progress", "0.00", "90.00"],
      ["bill.partially_paid", "40.50", "49.50"],
      ["bill.payment_in_progress", "40.50", "49.50"],
      ["bill.paid", "90.00", "0.00"],
    ]);
  },
);

test.serial("a run's amounts are checked per bill and refuse the whole request", async (t) => {
  const id = await approved("EUR", "20.00");
  const yen = await approved("JPY", "500");
  const refused = async (bills: unknown, codes: string[]) => {
    const answer = await h.call("POST", "/v1/payment-runs", { body: { bills } });
    t.true(answer.status === 400 || answer.status === 409, answer.text);
    t.deepEqual(fieldCodes(answer), codes, JSON.stringify(bills));
  };
  await refused([{ billId: id, amount: "20.01" }], ["bills[0].amount over_payment"]);
  await refused([{ billId: id, amount: "0" }], ["bills[0].amount range"]);
  await refused(
    [
      { billId: id, amount: "5.00" },
      { billId: yen, amount: "10.5" },
    ],
    ["bills[1].amount currency_precision"],
  );
  await refused(
    [
      { billId: id, amount: "5.00" },
      { billId: id, amount: "6.00" },
    ],
    ["bills duplicate"],
  );
  const both = await h.call("POST", "/v1/payment-runs", {
    body: { billIds: [id], bills: [{ billId: id, amount: "1" }] },
  });
  t.deepEqual(fieldCodes(both), ["billIds one_of"]);
  t.deepEqual(money(await bill(id)), { state: "Approved", amountPaid: "0.00", amountDue: "20.00" }, "nothing held");
  t.is((await bill(yen)).state, "Approved");
});

test.serial(
  "a PartiallyPaid bill goes back to review with a reason and may then be voided; what was paid stays",
  async (t) => {
    const id = await approved("EUR", "70.00");
    await pay(id, "20.00");
    const approverToken = (await userWithToken(h, "Approver")).token;
    const back = await callAs(h, approverToken, "POST", `/v1/bills/${id}/return-to-review`, {
      reason: "the rest is disputed",
    });
    t.is(back.status, 200, back.text);
    t.deepEqual(money(back.json as Json), { state: "PendingReview", amountPaid: "20.00", amountDue: "50.00" });
    const voided = await h.call("POST", `/v1/bills/${id}/void`, { body: { reason: "rest written off" } });
    t.is(voided.status, 200, voided.text);
    t.deepEqual(money(voided.json as Json), { state: "Voided", amountPaid: "20.00", amountDue: "0.00" });
    t.deepEqual((await events(id)).map((e) => e.type).slice(-3), [
      "bill.partially_paid",
      "bill.pending_review",
      "bill.voided",
    ]);
  },
);
