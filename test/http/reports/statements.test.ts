import { openPdf, pageLines } from "@apar/adapters/reading/pdf-document";
import test from "ava";
import { anotherClient, type BillHarness, startBillHarness } from "../bills/bill-harness.js";
import { checkedFetch, send } from "../support/client.js";
import { aCustomer, aSentInvoice, getJson, type Json } from "./report-support.js";

// Customer statements over real HTTP (issue 38, part 3): opening balance, each invoice, credit note, payment and void
// with the running balance, closing balance and what was overdue by bucket; as a PDF; and on the public page, reached
// only through an invoice's token.

let h: BillHarness;
let customer: string;
let other: string;
let token: string;
let voidedToken: string;

test.before(async () => {
  h = await startBillHarness();
  customer = await aCustomer(h, "Statement Customer");
  other = await aCustomer(h, "Someone Else");
  // Before the period: an invoice of 100.00, paid 30.00 in the period.
  const first = await aSentInvoice(h, customer, {
    unitPrice: "100.00",
    issueDate: "2026-01-10",
    dueDate: "2026-02-09",
  });
  token = String(first.paymentUrl).split("/i/")[1] ?? "";
  await pay(String(first.id), "30.00", "2026-02-15", "BANK-1");
  // In the period: 50.00 due in March, credited 5.00 today (after the period); and a JPY invoice.
  const second = await aSentInvoice(h, customer, {
    unitPrice: "50.00",
    issueDate: "2026-02-20",
    dueDate: "2026-03-20",
  });
  const note = await h.call("POST", `/v1/invoices/${second.id}/credit-notes`, {
    body: { amount: "5.00", reason: "Late" },
  });
  await h.call("POST", `/v1/invoices/${second.id}/credit-notes/${(note.json as Json).id}/issue`);
  await aSentInvoice(h, customer, {
    unitPrice: "3000",
    currency: "JPY",
    issueDate: "2026-02-05",
    dueDate: "2026-02-25",
  });
  // Voided today: in a period ending today it is issued and withdrawn.
  const voided = await aSentInvoice(h, customer, { unitPrice: "7.00", issueDate: "2026-02-01", dueDate: "2026-02-10" });
  voidedToken = String(voided.paymentUrl).split("/i/")[1] ?? "";
  await h.call("POST", `/v1/invoices/${voided.id}/void`, { body: { reason: "duplicate" } });
  // Another customer's invoice never shows on this customer's statement.
  await aSentInvoice(h, other, { unitPrice: "999.00", issueDate: "2026-02-10", dueDate: "2026-02-11" });
});
test.after.always(async () => {
  await h?.dispose();
});

async function pay(invoiceId: string, amount: string, paidAt: string, reference: string) {
  const paid = await h.call("POST", `/v1/invoices/${invoiceId}/payments`, { body: { amount, paidAt, reference } });
  if (paid.status !== 201) throw new Error(paid.text);
}

const lines = (part: Json) =>
  (part.lines as Json[]).map((l) => [l.date, l.type, l.documentNumber ?? l.invoiceNumber, l.amount, l.balance]);
const byCurrency = (statement: Json) =>
  Object.fromEntries((statement.currencies as Json[]).map((c) => [String(c.currency), c]));
const pdfText = async (bytes: Uint8Array) => {
  const pdf = await openPdf(Uint8Array.from(bytes));
  const out: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) out.push(...(await pageLines(await pdf.getPage(i))));
  return out.join("\n");
};
const bytesOf = async (path: string, headers: Record<string, string> = h.headers) => {
  const r = await checkedFetch(`http://127.0.0.1:${h.app.port}${path}`, { headers });
  return { status: r.status, type: r.headers.get("content-type"), bytes: new Uint8Array(await r.arrayBuffer()) };
};

test.serial(
  "a period's statement: opening balance, lines with the running balance, closing balance, overdue",
  async (t) => {
    const statement = await getJson(h, `/v1/customers/${customer}/statement?from=2026-02-10&to=2026-02-28`);
    t.like(statement, { from: "2026-02-10", to: "2026-02-28", customer: { id: customer, name: "Statement Customer" } });
    const { EUR, JPY } = byCurrency(statement) as Record<string, Json>;
    t.deepEqual(Object.keys(byCurrency(statement)).sort(), ["EUR", "JPY"]);
    if (EUR === undefined || JPY === undefined) return;
    // Opening: 100.00 and the 7.00 issued on 1 February (voided only today).
    t.is(EUR.openingBalance, "107.00");
    const first = String((EUR.lines as Json[])[0]?.invoiceNumber);
    t.deepEqual(lines(EUR), [
      ["2026-02-15", "Payment", first, "-30.00", "77.00"],
      ["2026-02-20", "Invoice", (EUR.lines as Json[])[1]?.documentNumber, "50.00", "127.00"],
    ]);
    t.is(EUR.closingBalance, "127.00");
    // At the end of 28 February: 70.00 19 days late, 7.00 18 days late, 50.00 not yet due.
    t.deepEqual(EUR.aging, {
      current: "50.00",
      days1To30: "77.00",
      days31To60: "0.00",
      days61To90: "0.00",
      over90: "0.00",
    });
    t.is(EUR.overdue, "77.00");
    t.is(JPY.openingBalance, "3000");
    t.deepEqual(lines(JPY), []);
    t.deepEqual(JPY.aging, { current: "0", days1To30: "3000", days31To60: "0", days61To90: "0", over90: "0" });
  },
);

test.serial("up to today: the credit note and the void of today are lines; other customers never appear", async (t) => {
  const statement = await getJson(h, `/v1/customers/${customer}/statement?from=2026-01-01`);
  const today = String(statement.to);
  const eur = byCurrency(statement).EUR as Json;
  t.is(eur.openingBalance, "0.00");
  t.deepEqual(
    lines(eur).map(([date, type, , amount, balance]) => [date === today ? "today" : date, type, amount, balance]),
    [
      ["2026-01-10", "Invoice", "100.00", "100.00"],
      ["2026-02-01", "Invoice", "7.00", "107.00"],
      ["2026-02-15", "Payment", "-30.00", "77.00"],
      ["2026-02-20", "Invoice", "50.00", "127.00"],
      ["today", "CreditNote", "-5.00", "122.00"],
      ["today", "Void", "-7.00", "115.00"],
    ],
  );
  t.is(eur.closingBalance, "115.00");
  t.is(eur.overdue, "115.00");
  t.false(JSON.stringify(statement).includes("999.00"), "another customer's invoice");
  // The default period is the 90 days up to today.
  const standard = await getJson(h, `/v1/customers/${customer}/statement`);
  t.is(standard.to, today);
  t.is((Date.parse(today) - Date.parse(String(standard.from))) / 86_400_000, 89);
});

test.serial(
  "the statement as a PDF, and the refusals: a missing, malformed or foreign customer, a bad period",
  async (t) => {
    const pdf = await bytesOf(`/v1/customers/${customer}/statement/pdf?from=2026-02-10&to=2026-02-28`);
    t.is(pdf.status, 200);
    t.is(pdf.type, "application/pdf");
    const text = await pdfText(pdf.bytes);
    for (const words of [
      "STATEMENT",
      "Statement Customer",
      "Opening balance",
      "107.00",
      "Closing balance",
      "127.00",
      "Payment",
      "77.00 EUR",
      "3000 JPY",
    ])
      t.true(text.includes(words), words);

    const missing = await h.call("GET", "/v1/customers/00000000-0000-7000-8000-000000000000/statement");
    t.is(missing.status, 404);
    t.is((missing.json as Json).title, "Customer.NotFound");
    t.is((await h.call("GET", "/v1/customers/not-a-uuid/statement")).status, 404);
    const them = await anotherClient(h);
    const foreign = await send(h.app.port ?? 0, {
      method: "GET",
      path: `/v1/customers/${customer}/statement`,
      headers: them.headers,
    });
    t.is(foreign.status, 404, "another client's customer answers like a missing one");
    t.is((foreign.json as Json).title, "Customer.NotFound");
    const reversed = await h.call("GET", `/v1/customers/${customer}/statement?from=2026-03-01&to=2026-02-01`);
    t.is(reversed.status, 400);
    t.deepEqual(
      ((reversed.json as Json).errors as Json[]).map((e) => e.field),
      ["from"],
    );
    const bad = await h.call("GET", `/v1/customers/${customer}/statement?to=2026-02-30`);
    t.deepEqual(
      ((bad.json as Json).errors as Json[]).map((e) => e.field),
      ["to"],
    );
  },
);

test.serial(
  "the public page links to the customer's statement, reached only through the invoice's token",
  async (t) => {
    const page = await bytesOf(`/i/${token}?lang=en`, {});
    t.true(Buffer.from(page.bytes).toString().includes(`href="/i/${token}/statement?lang=en"`));
    const html = await bytesOf(`/i/${token}/statement?from=2026-02-10&to=2026-02-28&lang=en`, {});
    t.is(html.status, 200);
    const body = Buffer.from(html.bytes).toString();
    t.true(body.includes("Statement Customer"));
    t.regex(body, /Opening balance<\/th><td class="n">107\.00 EUR/);
    t.regex(body, /Closing balance<\/th><td class="n">127\.00 EUR/);
    t.false(body.includes("999.00"));
    const json = await send(h.app.port ?? 0, {
      method: "GET",
      path: `/i/${token}/statement?from=2026-02-10&to=2026-02-28`,
      headers: { accept: "application/json" },
    });
    t.is(json.status, 200);
    const publicStatement = json.json as Json;
    t.deepEqual(publicStatement.customer, {
      name: "Statement Customer",
      email: "statementcustomer@example.com",
      address: null,
      country: "DE",
    });
    const api = await getJson(h, `/v1/customers/${customer}/statement?from=2026-02-10&to=2026-02-28`);
    t.deepEqual(publicStatement.currencies, api.currencies, "the same figures as the API's");
    const pdf = await bytesOf(`/i/${token}/statement/pdf?from=2026-02-10&to=2026-02-28`, {});
    t.is(pdf.type, "application/pdf");
    t.true((await pdfText(pdf.bytes)).includes("127.00"));
    // German for a German customer, unless asked otherwise.
    t.true(
      Buffer.from((await bytesOf(`/i/${token}/statement`, {})).bytes)
        .toString()
        .includes("Kontoauszug"),
    );

    for (const [path, status] of [
      [`/i/${voidedToken}/statement`, 410],
      [`/i/${"x".repeat(43)}/statement`, 404],
      [`/i/${voidedToken}/statement/pdf`, 410],
      [`/i/${token}/statement?from=2026-02-31`, 400],
    ] as const) {
      const answer = await bytesOf(path, {});
      t.is(answer.status, status, path);
    }
  },
);
