import test from "ava";
import { type BillHarness, startBillHarness } from "../bills/bill-harness.js";
import {
  aCustomer,
  aSentInvoice,
  BOUNDARY_DUES,
  bucketAt,
  figures,
  getJson,
  type Json,
  rowsOf,
  shift,
} from "./report-support.js";

// Aged receivables over real HTTP (issue 38, part 3): buckets at their boundaries, a past asOf, partial payments
// and credit notes counted by their dates, invoices voided after asOf, several currencies (JPY without minor
// digits), CSV, and the refusals of bad parameters.

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const AS_OF = "2026-06-30";
const receivables = (query = "") => getJson(h, `/v1/reports/aged-receivables${query}`);
/** The server's today in the organisation's zone: the report's default day. */
const today = async () => String((await receivables()).asOf);

test.serial(
  "each invoice is in its bucket at the boundaries: due today is current, 1, 30, 31, 60, 61, 90, 91 days",
  async (t) => {
    const customer = await aCustomer(h, "Boundary Customer");
    for (const [late, amount] of BOUNDARY_DUES)
      await aSentInvoice(h, customer, { unitPrice: amount, issueDate: "2026-01-01", dueDate: shift(AS_OF, -late) });
    // Not counted: an invoice issued after asOf, and a draft.
    await aSentInvoice(h, customer, { unitPrice: "1000", issueDate: shift(AS_OF, 1), dueDate: shift(AS_OF, 31) });
    const draft = await h.call("POST", "/v1/invoices", {
      body: { customerId: customer, issueDate: "2026-01-01", lineItems: [{ description: "Draft", unitPrice: "2000" }] },
    });
    t.is(draft.status, 201);

    const report = await receivables(`?asOf=${AS_OF}`);
    t.is(report.asOf, AS_OF);
    t.deepEqual(report.buckets, ["current", "days1To30", "days31To60", "days61To90", "over90"]);
    const row = rowsOf(report, "customer", customer).EUR;
    t.is(row?.customerName, "Boundary Customer");
    t.deepEqual(figures(row), ["257.00", "6.00", "24.00", "96.00", "128.00", "511.00", 9]);
    // A day later every overdue invoice moves on by one (30 -> 31, 60 -> 61, 90 -> 91, due-on-asOf is late), and
    // the invoice issued that day counts.
    const later = rowsOf(await receivables(`?asOf=${shift(AS_OF, 1)}`), "customer", customer).EUR;
    t.deepEqual(figures(later), ["1256.00", "3.00", "12.00", "48.00", "192.00", "1511.00", 10]);
  },
);

test.serial("asOf in the past: payments and credit notes count from their dates; later ones not yet", async (t) => {
  const customer = await aCustomer(h, "Partial Payer");
  const invoice = await aSentInvoice(h, customer, {
    unitPrice: "100.00",
    issueDate: "2026-01-10",
    dueDate: "2026-02-09",
  });
  const paid = await h.call("POST", `/v1/invoices/${invoice.id}/payments`, {
    body: { amount: "30.00", paidAt: "2026-02-15" },
  });
  t.is(paid.status, 201, paid.text);
  const note = await h.call("POST", `/v1/invoices/${invoice.id}/credit-notes`, {
    body: { amount: "20", reason: "Goodwill" },
  });
  t.is(note.status, 201, note.text);
  const issued = await h.call("POST", `/v1/invoices/${invoice.id}/credit-notes/${(note.json as Json).id}/issue`);
  t.is(issued.status, 200, issued.text);

  const on = async (asOf: string) => rowsOf(await receivables(`?asOf=${asOf}`), "customer", customer).EUR;
  t.is(await on("2026-01-09"), undefined, "not issued yet");
  t.deepEqual(figures(await on("2026-02-09")), ["100.00", "0.00", "0.00", "0.00", "0.00", "100.00", 1], "due that day");
  t.deepEqual(figures(await on("2026-02-14")), ["0.00", "100.00", "0.00", "0.00", "0.00", "100.00", 1]);
  t.deepEqual(
    figures(await on("2026-02-15")),
    ["0.00", "70.00", "0.00", "0.00", "0.00", "70.00", 1],
    "the payment counts from its own day",
  );
  // The credit note was issued today: before today it is not counted.
  const now = await today();
  const yesterday = (await on(shift(now, -1))) as Json;
  t.is(yesterday.total, "70.00");
  const current = (await on(now)) as Json;
  t.is(current.total, "50.00");
  t.is(current[bucketAt("2026-02-09", now)], "50.00");
});

test.serial(
  "an invoice voided today was owed yesterday; paid in full it leaves the report from that day",
  async (t) => {
    const customer = await aCustomer(h, "Voided Customer");
    const now = await today();
    const invoice = await aSentInvoice(h, customer, {
      unitPrice: "40.00",
      issueDate: "2026-03-01",
      dueDate: "2026-03-31",
    });
    const voided = await h.call("POST", `/v1/invoices/${invoice.id}/void`, { body: { reason: "wrong customer" } });
    t.is(voided.status, 200, voided.text);
    t.is(rowsOf(await receivables(`?asOf=${now}`), "customer", customer).EUR, undefined);
    t.is(rowsOf(await receivables(`?asOf=${shift(now, -1)}`), "customer", customer).EUR?.total, "40.00");

    const settled = await aSentInvoice(h, customer, {
      unitPrice: "15.00",
      issueDate: "2026-03-01",
      dueDate: "2026-03-31",
    });
    const paid = await h.call("POST", `/v1/invoices/${settled.id}/payments`, {
      body: { amount: "15.00", paidAt: "2026-04-10" },
    });
    t.is(paid.status, 201);
    // On 9 April both were owed (the void came later); from 10 April only the one voided today.
    t.is(
      rowsOf(await receivables(`?asOf=2026-04-09`), "customer", customer).EUR?.total,
      "55.00",
      "paid after that day",
    );
    t.is(rowsOf(await receivables(`?asOf=2026-04-10`), "customer", customer).EUR?.total, "40.00");
    t.is(rowsOf(await receivables(), "customer", customer).EUR, undefined);
  },
);

test.serial("several currencies are never added together; JPY has no minor digits", async (t) => {
  const customer = await aCustomer(h, "Tokyo Trading");
  await aSentInvoice(h, customer, { unitPrice: "10.5", issueDate: "2026-05-01", dueDate: "2026-05-31" });
  await aSentInvoice(h, customer, {
    unitPrice: "1000",
    currency: "JPY",
    issueDate: "2026-05-01",
    dueDate: "2026-06-10",
  });
  await aSentInvoice(h, customer, {
    unitPrice: "250",
    currency: "JPY",
    issueDate: "2026-05-01",
    dueDate: "2026-07-15",
  });
  const report = await receivables(`?asOf=${AS_OF}`);
  const rows = rowsOf(report, "customer", customer);
  t.deepEqual(Object.keys(rows).sort(), ["EUR", "JPY"]);
  t.deepEqual(figures(rows.EUR), ["0.00", "10.50", "0.00", "0.00", "0.00", "10.50", 1]);
  t.deepEqual(figures(rows.JPY), ["250", "1000", "0", "0", "0", "1250", 2]);
  const totals = Object.fromEntries((report.totals as Json[]).map((x) => [x.currency, x]));
  t.is((totals.JPY as Json).total, "1250", "only this test's yen");
  t.regex(String((totals.EUR as Json).total), /^\d+\.\d\d$/);
  // The totals are the rows added up, per currency.
  for (const currency of ["EUR", "JPY"]) {
    const sum = (report.rows as Json[])
      .filter((r) => r.currency === currency)
      .reduce((s, r) => s + Math.round(Number(r.total) * 100), 0);
    t.is(Math.round(Number((totals[currency] as Json).total) * 100), sum, currency);
  }
});

test.serial("CSV by format=csv or Accept: text/csv; bad asOf and format are 400 problems", async (t) => {
  const customer = await aCustomer(h, "=Formula Customer, Ltd");
  await aSentInvoice(h, customer, { unitPrice: "5", issueDate: "2026-05-01", dueDate: "2026-05-02" });
  const csv = await h.call("GET", `/v1/reports/aged-receivables?asOf=${AS_OF}&format=csv`);
  t.is(csv.status, 200);
  t.regex(String(csv.headers["content-type"]), /^text\/csv/);
  t.regex(String(csv.headers["content-disposition"]), /aged-receivables-2026-06-30\.csv/);
  const lines = csv.text.split("\r\n");
  t.is(lines[0], "As of,Customer ID,Customer,Currency,Current,1-30,31-60,61-90,Over 90,Total,Documents");
  t.true(lines.includes(`2026-06-30,${customer},"'=Formula Customer, Ltd",EUR,0.00,0.00,5.00,0.00,0.00,5.00,1`));
  t.true(
    lines.some((l) => /^2026-06-30,,Total,JPY,250,1000,0,0,0,1250,2$/.test(l)),
    "a total line per currency",
  );
  t.is(lines.at(-1), "", "every line ends with CRLF");
  const accepted = await h.call("GET", `/v1/reports/aged-receivables?asOf=${AS_OF}`, {
    headers: { accept: "text/csv" },
  });
  t.is(accepted.text, csv.text);

  for (const [query, field] of [
    ["?asOf=2026-13-01", "asOf"],
    ["?asOf=yesterday", "asOf"],
    ["?format=xml", "format"],
  ] as const) {
    const bad = await h.call("GET", `/v1/reports/aged-receivables${query}`);
    t.is(bad.status, 400, query);
    t.regex(String(bad.headers["content-type"]), /problem\+json/);
    t.deepEqual(
      ((bad.json as Json).errors as Json[]).map((e) => e.field),
      [field],
    );
  }
});
