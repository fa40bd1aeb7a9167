import { eventOf } from "@apar/adapters/payments/stripe-gateway";
import test from "ava";
import type Stripe from "stripe";
import { type BillHarness, pdfWith, startBillHarness } from "../bills/bill-harness.js";
import { send } from "../support/client.js";

// Amounts obey their currency wherever they enter, over real HTTP: a yen has no minor unit (JPY 1000.50 is a 400
// naming the field, never paid as 1001), and an amount of 30 digits is a 400 naming its field, never a 500.

type Json = Record<string, unknown>;
type Problem = { status: number; errors?: { field: string; code: string }[] };
let h: BillHarness;

test.before(async () => {
  h = await startBillHarness();
  const policy = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Everything", priorityOrder: 1, action: "AutoApprove" },
  });
  if (policy.status !== 201) throw new Error(`policy: ${policy.status}`);
});
test.after.always(async () => {
  await h?.dispose();
});

const fieldsOf = (json: unknown) => ((json as Problem).errors ?? []).map((e) => [e.field, e.code]);

const readBill = async (fields: Json): Promise<string> => {
  const up = await h.upload(pdfWith({ invoiceNumber: `Y-${Math.random().toString(36).slice(2, 8)}`, ...fields }));
  const id = String((up.json as Json).id);
  await h.settled(id);
  return id;
};

test.serial(
  "a bill read as JPY 1000.50 cannot be submitted (400 naming totalAmount) until a person corrects it",
  async (t) => {
    const id = await readBill({ supplierName: "Tokyo KK", currency: "JPY", totalAmount: "1000.50" });
    const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
    t.is(submitted.status, 400, submitted.text);
    t.deepEqual(fieldsOf(submitted.json), [["totalAmount", "currency_precision"]]);
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "PendingReview");
    const corrected = await h.call("PATCH", `/v1/bills/${id}`, { body: { totalAmount: "1000.5" } });
    t.is(corrected.status, 400, "a correction that still has decimals is refused");
    t.deepEqual(fieldsOf(corrected.json), [["totalAmount", "currency_precision"]]);
    const whole = await h.call("PATCH", `/v1/bills/${id}`, { body: { totalAmount: "1001" } });
    t.is(whole.status, 200, whole.text);
    const accepted = await h.call("POST", `/v1/bills/${id}/submit`);
    t.is(accepted.status, 200, accepted.text);
    t.not((accepted.json as Json).state, "PendingReview");
  },
);

test.serial("a correction to a currency its amounts do not fit is refused, naming each field", async (t) => {
  const id = await readBill({ supplierName: "Euro SARL", currency: "EUR", totalAmount: "10.25", taxAmount: "1.75" });
  const answer = await h.call("PATCH", `/v1/bills/${id}`, { body: { currency: "JPY" } });
  t.is(answer.status, 400);
  t.deepEqual(fieldsOf(answer.json), [
    ["totalAmount", "currency_precision"],
    ["taxAmount", "currency_precision"],
  ]);
  const kwd = await h.call("PATCH", `/v1/bills/${id}`, { body: { currency: "KWD", totalAmount: "10.255" } });
  t.is(kwd.status, 200, "three decimals fit the dinar");
});

test.serial("an invoice line of 30 digits is a 400 naming the field, never a 500", async (t) => {
  const customer = await h.call("POST", "/v1/customers", { body: { name: "Huge Corp", email: "ap@huge.example" } });
  const big = "9".repeat(20);
  const answer = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      lineItems: [{ description: "Everything", quantity: big, unitPrice: big }],
    },
  });
  t.is(answer.status, 400, answer.text);
  t.true(
    fieldsOf(answer.json).some(([field]) => /lineItems\.0\./.test(String(field))),
    answer.text,
  );
  const thirty = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      lineItems: [{ description: "Digits", unitPrice: "1".repeat(30) }],
    },
  });
  t.is(thirty.status, 400, thirty.text);
  t.true(
    fieldsOf(thirty.json).some(([field]) => /lineItems\.0\./.test(String(field))),
    thirty.text,
  );
});

test.serial(
  "a statement entry of 30 digits, or with decimals its currency lacks, is a 400 naming the entry",
  async (t) => {
    const statement = (amount: string, currency: string) =>
      Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>M-${amount}</MsgId><CreDtTm>2026-03-01T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S-${amount}</Id><CreDtTm>2026-03-01T18:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt><AcctSvcrRef>OK-1</AcctSvcrRef></Ntry>
<Ntry><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt><AcctSvcrRef>BIG-1</AcctSvcrRef></Ntry>
</Stmt></BkToCstmrStmt></Document>`);
    for (const [amount, currency, code] of [
      ["1".repeat(30), "EUR", "out_of_range"],
      ["1000.50", "JPY", "currency_precision"],
    ] as const) {
      const answer = await send(h.app.port ?? 0, {
        method: "POST",
        path: "/v1/bank-statements",
        headers: { ...h.headers, "content-type": "application/xml" },
        body: statement(amount, currency),
      });
      t.is(answer.status, 400, answer.text);
      t.deepEqual(fieldsOf(answer.json), [["entries[1].amount", code]]);
    }
  },
);

test("a processor event of 30 digits (or a fraction of a cent) is not applied: it never reaches arithmetic", (t) => {
  const session = (amount: number) =>
    ({
      id: "evt_big",
      type: "checkout.session.completed",
      account: "acct_1",
      data: { object: { payment_status: "paid", amount_total: amount, currency: "eur", metadata: { invoiceId: "i" } } },
    }) as unknown as Stripe.Event;
  t.like(eventOf(session(1e29)), { kind: "other", type: "checkout.session.completed (amount out of range)" });
  t.like(eventOf(session(10.5)), { kind: "other" });
  t.like(eventOf(session(1050)), { kind: "payment", amount: "10.5", currency: "EUR" });
  const refund = {
    id: "evt_r",
    type: "charge.refunded",
    data: { object: { id: "ch_1", amount_refunded: 1e30, currency: "jpy", metadata: {} } },
  } as unknown as Stripe.Event;
  t.like(eventOf(refund), { kind: "other" });
});
