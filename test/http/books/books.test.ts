import test from "ava";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { checkedFetch } from "../support/client.js";
import { datevBookings, datevProblems, journalProblems, journalRows } from "./book-files.js";

// The books over real HTTP (issue 38, part 5): the chart mapping, the journal of a period as CSV, exports as CSV and
// DATEV held to their published columns, acknowledgements that set match groups Synced, and `onlyNew`.

type Json = Record<string, unknown>;
let h: BillHarness;
const SUPPLIER = "Lieferant Müller GmbH";
const IBAN = "DE89370400440532013000";
let customerId: string;

/**
 * Today in UTC, the organisation's zone, read when asked: an entry made after midnight is dated the new day, so a
 * period that must hold it ends on the day of the request, not on the day the file was loaded.
 */
const today = () => new Date().toISOString().slice(0, 10);
/** The first day of the month the run began in: the documents are dated on it. */
const MONTH = `${today().slice(0, 8)}01`;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test.before(async () => {
  h = await startBillHarness();
  const supplier = await h.call("POST", "/v1/suppliers", { body: { name: SUPPLIER, bankDetails: { iban: IBAN } } });
  await confirmSupplierAccount(h, String((supplier.json as Json).id));
  const customer = await h.call("POST", "/v1/customers", {
    body: { name: "Kunde AG", email: "ap@kunde.example", currency: "EUR", country: "DE" },
  });
  customerId = String((customer.json as Json).id);
});
test.after.always(async () => {
  await h?.dispose();
});

const ok = async (method: string, path: string, body?: unknown, status = 200): Promise<Json> => {
  const a = await h.call(method, path, body === undefined ? {} : { body });
  if (a.status !== status) throw new Error(`${method} ${path}: ${a.status} ${a.text}`);
  return a.json as Json;
};
const title = (a: { json: unknown }) => (a.json as Json).title;

/** A bill read with these fields; approved unless `approve` is false. */
const aBill = async (fields: Json, approve = true): Promise<string> => {
  const up = await h.upload(
    pdfWith({
      supplierName: SUPPLIER,
      bankDetails: bankDetailsOf(IBAN),
      currency: "EUR",
      invoiceNumber: `B-${Math.random().toString(36).slice(2, 8)}`,
      invoiceDate: MONTH,
      ...fields,
    }),
  );
  const id = String((up.json as Json).id);
  await h.settled(id);
  if (approve) {
    const submitted = await ok("POST", `/v1/bills/${id}/submit`);
    if (submitted.state === "NeedsApproval") await ok("POST", `/v1/bills/${id}/approve`);
  }
  return id;
};

/** A sent invoice of these lines (issued on the month's first day). */
const anInvoice = async (lines: Json[], currency = "EUR", send = true): Promise<Json> => {
  const draft = await ok(
    "POST",
    "/v1/invoices",
    { customerId, currency, issueDate: MONTH, dueDate: shift(MONTH, 30), lineItems: lines },
    201,
  );
  return send ? ok("POST", `/v1/invoices/${draft.id}/send`) : draft;
};

const csvOf = async (path: string) => {
  const a = await h.call("GET", path);
  if (a.status !== 200) throw new Error(`${path}: ${a.status} ${a.text}`);
  return a;
};
const bytesOf = async (path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> => {
  const res = await checkedFetch(`http://127.0.0.1:${h.app.port}${path}`, { headers: h.headers });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
};
const journal = (from = MONTH, to = today()) => csvOf(`/v1/accounting/journal?from=${from}&to=${to}`);
const linesOf = (rows: Record<string, string>[], entry: string) =>
  rows
    .filter((r) => r.entry === entry)
    .map((r) => `${r.account} ${r.role} ${r.debit === "" ? "C" : "D"} ${r.debit || r.credit} ${r.taxRate}`);

test.serial("the chart: SKR03 defaults, refused codes named by field, replaced by PUT", async (t) => {
  const chart = await ok("GET", "/v1/accounting/chart");
  t.deepEqual(chart.accounts, {
    payables: "1600",
    receivables: "1400",
    bank: "1200",
    expenses: "4980",
    revenue: "8400",
    inputVat: "1576",
    outputVat: "1776",
  });
  t.like(chart, {
    updatedAt: null,
    datev: { consultantNumber: null, fiscalYearStart: "01-01", chartOfAccounts: "03" },
  });
  const refused = async (body: Json) => {
    const a = await h.call("PUT", "/v1/accounting/chart", { body });
    t.is(a.status, 400, a.text);
    return ((a.json as Json).errors as Json[]).map((e) => e.field);
  };
  t.deepEqual(await refused({ accounts: { bank: "12000" } }), ["accounts"]);
  t.deepEqual(await refused({ accounts: { payables: "16x0", revenue: "0000" } }), [
    "accounts.payables",
    "accounts.revenue",
  ]);
  t.deepEqual(await refused({ datev: { fiscalYearStart: "02-29", consultantNumber: "12", chartOfAccounts: "3" } }), [
    "datev.consultantNumber",
    "datev.fiscalYearStart",
    "datev.chartOfAccounts",
  ]);
  t.is((await h.call("PUT", "/v1/accounting/chart", { body: { ledger: {} } })).status, 400);
  const member = await userWithToken(h, "Member");
  const asMember = { authorization: `Bearer ${member.token}`, "x-service-api-key": "" };
  t.is((await h.call("GET", "/v1/accounting/chart", { headers: asMember })).status, 200);
  t.is(title(await h.call("PUT", "/v1/accounting/chart", { headers: asMember, body: {} })), "Permission.Denied");
  const put = await ok("PUT", "/v1/accounting/chart", { accounts: { expenses: "4900" } });
  t.like(put, { accounts: { expenses: "4900", payables: "1600" } });
  t.truthy(put.updatedAt);
  await ok("PUT", "/v1/accounting/chart", {});
  t.is(((await ok("GET", "/v1/accounting/chart")).accounts as Json).expenses, "4980");
});

test.serial(
  "the journal of a period: posted bills, payments, invoices per rate, a credit note, a void, another currency; balanced, and nothing unposted",
  async (t) => {
    const bill = await aBill({ totalAmount: "119.00", subTotal: "100.00", taxAmount: "19.00" });
    const paid = await aBill({ totalAmount: "50.00", taxAmount: null, subTotal: null });
    await ok("POST", `/v1/bills/${paid}/mark-paid`, { reason: "paid by hand", reference: "T-1", amount: "20.00" });
    await ok("POST", `/v1/bills/${paid}/mark-paid`, { reason: "the rest", reference: "T-2" });
    const inReview = await aBill({ totalAmount: "999.00" }, false);
    const lastMonth = await aBill({ totalAmount: "77.00", invoiceDate: shift(MONTH, -1) });

    const invoice = await anInvoice([
      { description: "Beratung", unitPrice: "100.00", taxRate: "19" },
      { description: "Bücher", unitPrice: "50.00", taxRate: "7" },
    ]);
    const payment = await ok("POST", `/v1/invoices/${invoice.id}/payments`, { amount: "65.50", paidAt: MONTH }, 201);
    const booksLine = (invoice.lineItems as Json[])[1] as Json;
    const note = await ok(
      "POST",
      `/v1/invoices/${invoice.id}/credit-notes`,
      { amount: "10.70", invoiceLineItemId: booksLine.id },
      201,
    );
    await ok("POST", `/v1/invoices/${invoice.id}/credit-notes/${note.id}/issue`);
    const dollars = await anInvoice([{ description: "Export", unitPrice: "200.00", taxRate: "0" }], "USD");
    const voided = await anInvoice([{ description: "Storniert", unitPrice: "30.00", taxRate: "19" }]);
    await ok("POST", `/v1/invoices/${voided.id}/void`, { reason: "wrong customer" });
    const draft = await anInvoice([{ description: "Entwurf", unitPrice: "5.00", taxRate: "19" }], "EUR", false);

    const answer = await journal();
    t.regex(String(answer.headers["content-type"]), /^text\/csv; charset=utf-8/);
    t.regex(String(answer.headers["content-disposition"]), /attachment; filename="journal-/);
    t.deepEqual(journalProblems(answer.text), []);
    const rows = journalRows(answer.text);
    const entries = new Set(rows.map((r) => r.entry));
    for (const absent of [inReview, lastMonth, draft.id])
      t.false(
        rows.some((r) => r.documentId === absent),
        `${String(absent)} is not in the books`,
      );

    t.deepEqual(linesOf(rows, `bill:${bill}`), [
      "1600 payables C 119.00 ",
      "4980 expenses D 100.00 ",
      "1576 inputVat D 19.00 ",
    ]);
    t.deepEqual(linesOf(rows, `bill:${paid}`), ["1600 payables C 50.00 ", "4980 expenses D 50.00 "]);
    t.deepEqual(linesOf(rows, `bill_payment:${paid}:0`), ["1200 bank C 20.00 ", "1600 payables D 20.00 "]);
    t.deepEqual(linesOf(rows, `bill_payment:${paid}:1`), ["1200 bank C 30.00 ", "1600 payables D 30.00 "]);
    t.deepEqual(linesOf(rows, `invoice:${invoice.id}`), [
      "1400 receivables D 172.50 ",
      "8400 revenue C 100.00 19",
      "1776 outputVat C 19.00 19",
      "8400 revenue C 50.00 7",
      "1776 outputVat C 3.50 7",
    ]);
    t.deepEqual(linesOf(rows, `invoice_payment:${payment.id}`), ["1200 bank D 65.50 ", "1400 receivables C 65.50 "]);
    t.deepEqual(linesOf(rows, `credit_note:${note.id}`), [
      "1400 receivables C 10.70 ",
      "8400 revenue D 10.00 7",
      "1776 outputVat D 0.70 7",
    ]);
    t.deepEqual(linesOf(rows, `invoice:${dollars.id}`), ["1400 receivables D 200.00 ", "8400 revenue C 200.00 0"]);
    t.true(rows.filter((r) => r.entry === `invoice:${dollars.id}`).every((r) => r.currency === "USD"));
    t.deepEqual(linesOf(rows, `invoice_void:${voided.id}`), [
      "1400 receivables C 35.70 ",
      "8400 revenue D 30.00 19",
      "1776 outputVat D 5.70 19",
    ]);
    t.true(entries.has(`invoice:${voided.id}`), "a voided sent invoice keeps its entry, reversed by another");
    const invoiceRow = rows.find((r) => r.entry === `invoice:${invoice.id}`);
    t.like(invoiceRow, { kind: "invoice", counterparty: "Kunde AG", documentNumber: String(invoice.documentNumber) });
    t.like(
      rows.find((r) => r.entry === `bill:${bill}`),
      { counterparty: SUPPLIER, kind: "bill" },
    );

    // An earlier period holds the bill of last month only; a refused period names its field.
    const before = journalRows((await journal(shift(MONTH, -1), shift(MONTH, -1))).text);
    t.deepEqual([...new Set(before.map((r) => r.documentId))], [lastMonth]);
    const bad = async (query: string) => (await h.call("GET", `/v1/accounting/journal${query}`)).json as Json;
    const TODAY = today();
    t.like(await bad(`?from=${TODAY}&to=${shift(TODAY, -1)}`), { status: 400, errors: [{ field: "to" }] });
    t.like(await bad(`?from=${shift(TODAY, -400)}&to=${TODAY}`), { status: 400, errors: [{ field: "to" }] });
    t.like(await bad(`?to=${TODAY}`), { status: 400, errors: [{ field: "from" }] });
    t.like(await bad(`?from=2026-02-30&to=${TODAY}`), { status: 400, errors: [{ field: "from" }] });
  },
);

test.serial(
  "a DATEV export: refused until the adviser's numbers are set and across fiscal years; every line as DATEV's table says; the same bytes on each download",
  async (t) => {
    const odd = await aBill({
      invoiceNumber: "RE 2026.001/ä",
      totalAmount: "238.00",
      subTotal: "200.00",
      taxAmount: "38.00",
    });
    const made = (body: Json, key?: string) =>
      h.call("POST", "/v1/accounting/exports", {
        body,
        ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
      });
    t.is(title(await made({ from: MONTH, to: today(), format: "datev" })), "Accounting.DatevNotConfigured");
    await ok("PUT", "/v1/accounting/chart", {
      datev: { consultantNumber: "29098", clientNumber: "55003", fiscalYearStart: "01-01" },
    });
    const across = await made({
      from: `${MONTH.slice(0, 4)}-01-01`,
      to: `${Number(MONTH.slice(0, 4)) + 1}-01-01`,
      format: "datev",
    });
    t.like(across.json as Json, { status: 400, errors: [{ field: "to", code: "fiscal_year" }] });
    t.is((await made({ from: MONTH, to: today(), format: "xml" })).status, 400);

    const TODAY = today();
    const created = await made({ from: MONTH, to: TODAY, format: "datev" });
    t.is(created.status, 201, created.text);
    const record = created.json as Json;
    t.like(record, { format: "datev", from: MONTH, to: TODAY, onlyNew: false, acknowledgedAt: null });
    t.is(created.headers.location, `/v1/accounting/exports/${record.id}`);
    const file = await bytesOf(String(record.fileUrl));
    t.is(file.status, 200);
    t.is(file.type, "text/csv; charset=windows-1252");
    const text = new TextDecoder("windows-1252").decode(file.bytes);
    t.deepEqual(datevProblems(text), []);
    const [header = ""] = text.split("\r\n");
    t.regex(
      header,
      new RegExp(
        `^"EXTF";700;21;"Buchungsstapel";13;\\d{17};;"RE";"apar";"";29098;55003;${TODAY.slice(0, 4)}0101;4;${MONTH.replaceAll("-", "")};${TODAY.replaceAll("-", "")};`,
      ),
    );
    const bookings = datevBookings(text);
    t.is(
      bookings.length,
      Number(record.lineCount) - Number(record.entryCount),
      "one booking per line but the counter line",
    );
    const ofOdd = bookings.filter((b) => b["Belegfeld 1"] === "RE_2026_001/_");
    t.deepEqual(
      ofOdd.map((b) => [
        b["Umsatz (ohne Soll/Haben-Kz)"],
        b["Soll/Haben-Kennzeichen"],
        b.Konto,
        b["Gegenkonto (ohne BU-Schlüssel)"],
      ]),
      [
        ["200,00", "S", "4980", "1600"],
        ["38,00", "S", "1576", "1600"],
      ],
    );
    t.is(ofOdd[0]?.Belegdatum, `${MONTH.slice(8, 10)}${MONTH.slice(5, 7)}`);
    t.is(ofOdd[0]?.["WKZ Umsatz"], "EUR");
    t.is(ofOdd[0]?.Buchungstext, `Bill RE 2026.001/ä ${SUPPLIER}`);
    t.true(file.bytes.includes(Buffer.from([0xfc])), "ü written in Windows-1252");
    t.true(
      bookings.some((b) => b["WKZ Umsatz"] === "USD"),
      "lines in the document's currency, WKZ set",
    );
    t.deepEqual((await bytesOf(String(record.fileUrl))).bytes, file.bytes, "the same bytes again");
    t.truthy(odd);

    // An amount DATEV cannot take (a third decimal of BHD) refuses the DATEV export, recording nothing; CSV takes it.
    const before = ((await ok("GET", "/v1/accounting/exports?limit=100")).data as Json[]).length;
    const dinars = await anInvoice([{ description: "Fils", unitPrice: "1.005", taxRate: "0" }], "BHD");
    const refused = await made({ from: MONTH, to: today(), format: "datev" });
    t.is(title(refused), "Accounting.DatevAmount", refused.text);
    t.regex(String((refused.json as Json).detail), new RegExp(String(dinars.documentNumber)));
    t.is(((await ok("GET", "/v1/accounting/exports?limit=100")).data as Json[]).length, before, "nothing recorded");
    t.is((await made({ from: MONTH, to: today(), format: "csv" })).status, 201);
    await ok("POST", `/v1/invoices/${dinars.id}/void`, { reason: "the test's" });
    const lines = journalRows((await journal()).text).filter((r) => r.documentId === dinars.id);
    t.deepEqual(
      lines.map((r) => `${r.kind} ${r.debit}${r.credit}`),
      ["invoice 1.005", "invoice 1.005", "invoice_void 1.005", "invoice_void 1.005"],
      "three decimals in CSV, as the currency has them",
    );

    // An Idempotency-Key answers the first answer again; used for another request it is refused.
    const to = today();
    const first = await made({ from: MONTH, to, format: "csv" }, "books-1");
    const again = await made({ from: MONTH, to, format: "csv" }, "books-1");
    t.is((again.json as Json).id, (first.json as Json).id);
    t.is(again.headers["idempotent-replayed"], "true");
    t.is(title(await made({ from: MONTH, to, format: "datev" }, "books-1")), "Idempotency.KeyReused");
  },
);

test.serial(
  "acknowledging an export sets the match groups of its bills Synced; onlyNew leaves out what an acknowledged export carried",
  async (t) => {
    const matched = await aBill({ totalAmount: "10.00" }, false);
    const group = await ok("POST", "/v1/match-groups", { billId: matched }, 201);
    await ok("POST", `/v1/bills/${matched}/submit`).then((b) =>
      b.state === "NeedsApproval" ? ok("POST", `/v1/bills/${matched}/approve`) : b,
    );
    const exported = await ok("POST", "/v1/accounting/exports", { from: MONTH, to: today(), format: "csv" }, 201);
    const file = await csvOf(String(exported.fileUrl));
    t.deepEqual(journalProblems(file.text), []);
    t.is(journalRows(file.text).length, Number(exported.lineCount));
    t.not((await ok("GET", `/v1/match-groups/${group.id}`)).status, "Synced", "not until acknowledged");

    const acknowledged = await ok("POST", `/v1/accounting/exports/${exported.id}/acknowledge`);
    t.truthy(acknowledged.acknowledgedAt);
    t.true(Number(acknowledged.matchGroupsSynced) >= 1);
    t.like(await ok("GET", `/v1/match-groups/${group.id}`), { status: "Synced", synced: { exportId: exported.id } });
    t.like(await ok("POST", `/v1/accounting/exports/${exported.id}/acknowledge`), {
      acknowledgedAt: acknowledged.acknowledgedAt,
    });
    t.like(await ok("GET", `/v1/accounting/exports/${exported.id}`), { acknowledgedAt: acknowledged.acknowledgedAt });
    const list = await ok("GET", "/v1/accounting/exports?limit=2");
    t.is((list.data as Json[])[0]?.id, exported.id, "newest first");

    const nothingNew = await ok(
      "POST",
      "/v1/accounting/exports",
      { from: MONTH, to: today(), format: "csv", onlyNew: true },
      201,
    );
    t.is(nothingNew.entryCount, 0);
    const late = await aBill({ totalAmount: "20.00" });
    const onlyLate = await ok(
      "POST",
      "/v1/accounting/exports",
      { from: MONTH, to: today(), format: "csv", onlyNew: true },
      201,
    );
    const rows = journalRows((await csvOf(String(onlyLate.fileUrl))).text);
    t.deepEqual([...new Set(rows.map((r) => r.entry))], [`bill:${late}`]);
    t.is(
      title(await h.call("GET", "/v1/accounting/exports/0190a000-0000-7000-8000-000000000000")),
      "AccountingExport.NotFound",
    );
    t.is(title(await h.call("POST", "/v1/accounting/exports/not-an-id/acknowledge")), "AccountingExport.NotFound");
  },
);

test.serial(
  "a subscriber syncs a group itself: only once its bill is approved, and a repeat changes nothing",
  async (t) => {
    const bill = await aBill({ totalAmount: "30.00" }, false);
    const group = await ok("POST", "/v1/match-groups", { billId: bill }, 201);
    t.is(title(await h.call("POST", `/v1/match-groups/${group.id}/sync`)), "MatchGroup.BillNotPosted");
    const submitted = await ok("POST", `/v1/bills/${bill}/submit`);
    if (submitted.state === "NeedsApproval") await ok("POST", `/v1/bills/${bill}/approve`);
    const synced = await ok("POST", `/v1/match-groups/${group.id}/sync`);
    t.like(synced, { status: "Synced", synced: { exportId: null, actor: { type: "api_key" } } });
    t.like(await ok("POST", `/v1/match-groups/${group.id}/sync`), { status: "Synced", synced: synced.synced as Json });
    t.is(
      title(await h.call("POST", "/v1/match-groups/0190a000-0000-7000-8000-000000000000/sync")),
      "MatchGroup.NotFound",
    );
  },
);
