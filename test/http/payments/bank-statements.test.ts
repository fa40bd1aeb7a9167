import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import test from "ava";
import { type CamtEntry, camt053 } from "../../helpers/camt-files.js";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";
import { approveAndRelease, runEvents } from "./run-support.js";

// Bank statements over real HTTP: a camt.053 whose credits pay invoices (by RF reference, then by amount and
// customer), whose debit confirms a payment run's bill, imported twice with nothing recorded twice; the entries
// nobody could place, matched by hand; hostile and foreign files refused.

type Json = Record<string, unknown>;
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName: "Statements GmbH",
      addressLines: ["Ring 1"],
      city: "Köln",
      countryCode: "DE",
      vatNumber: "DE123456789",
      bankAccounts: [{ iban: "DE89370400440532013000" }],
    },
  });
  if (identity.status !== 200) throw new Error(`identity: ${identity.status}`);
});
test.after.always(async () => {
  await h?.dispose();
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const post = (body: Buffer, contentType = "application/xml") =>
  send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/bank-statements",
    headers: { ...h.headers, "content-type": contentType },
    body,
  });

/** A sent invoice of `amount` EUR to a new customer called `name`. */
const sentInvoice = async (name: string, amount: string): Promise<Json> => {
  const customer = await h.call("POST", "/v1/customers", { body: { name, email: "ap@customer.example" } });
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId: (customer.json as Json).id,
      currency: "EUR",
      lineItems: [{ description: "Work", unitPrice: amount }],
    },
  });
  const sent = await h.call("POST", `/v1/invoices/${String((draft.json as Json).id)}/send`);
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  return sent.json as Json;
};

const invoice = async (id: unknown) => (await h.call("GET", `/v1/invoices/${String(id)}`)).json as Json;
const paymentsOf = async (id: unknown) =>
  ((await h.call("GET", `/v1/invoices/${String(id)}/payments`)).json as { data: Json[] }).data;

test.serial(
  "credits pay invoices (RF reference, then amount + customer), a debit confirms a run's bill; twice is once",
  async (t) => {
    const byRef = await sentInvoice("Globex Corporation", "100.00");
    t.regex(String(byRef.creditorReference), /^RF\d\d[A-Z0-9]+$/, "an invoice carries its RF reference");
    const byName = await sentInvoice("Initech", "250.00");
    // A bill in a payment run: the bank's debit names it by its end-to-end id. Its supplier's account is confirmed.
    const supplier = await h.call("POST", "/v1/suppliers", {
      body: { name: "Fournisseur SA", bankDetails: { iban: "FR1420041010050500013M02606" } },
    });
    await confirmSupplierAccount(h, String((supplier.json as Json).id));
    const up = await h.upload(
      pdfWith({
        supplierName: "Fournisseur SA",
        currency: "EUR",
        totalAmount: "75.00",
        invoiceNumber: "B-1",
        bankDetails: bankDetailsOf("FR1420041010050500013M02606"),
      }),
    );
    const billId = String((up.json as Json).id);
    await h.settled(billId);
    await h.call("POST", "/v1/approval-policies", { body: { name: "All", priorityOrder: 1, action: "AutoApprove" } });
    t.is(((await h.call("POST", `/v1/bills/${billId}/submit`)).json as Json).state, "Approved");
    const run = ((await h.call("POST", "/v1/payment-runs", { body: { billIds: [billId] } })).json as { data: Json[] })
      .data[0] as Json;
    const runId = String(run.id);
    const early = await post(
      camt053("STMT-0", [
        { ref: "E-0", amount: "75.00", direction: "DBIT", name: "Supplier", endToEndIds: [billId.replace(/-/g, "")] },
      ]),
    );
    t.like(early.json as Json, { entryCount: 1, matchedCount: 0 }, "a debit of a run not released confirms nothing");
    await approveAndRelease(h, (await userWithToken(h, "Approver")).token, runId);

    const file = camt053("STMT-1", [
      { ref: "E-1", amount: "100.00", direction: "CRDT", name: "GLOBEX CORP", rf: String(byRef.creditorReference) },
      { ref: "E-2", amount: "250.00", direction: "CRDT", name: "INITECH LLC", text: "thanks" },
      { ref: "E-3", amount: "42.00", direction: "CRDT", name: "Somebody Else", text: "invoice?" },
      {
        ref: "E-4",
        amount: "75.00",
        direction: "DBIT",
        name: "Supplier",
        endToEndIds: [billId.replace(/-/g, "")],
        bookingDate: daysAgo(3),
      },
    ]);
    const imported = await post(file);
    t.is(imported.status, 201, imported.text);
    const statement = imported.json as Json;
    t.like(statement, {
      entryCount: 4,
      matchedCount: 3,
      statementIds: ["STMT-1"],
      accountIbans: ["DE89370400440532013000"],
    });
    t.like(await invoice(byRef.id), { status: "Paid", amountPaid: "100.00" });
    t.like(await invoice(byName.id), { status: "Paid" });
    t.like((await paymentsOf(byRef.id))[0], { amount: "100.00", method: "BankTransfer", reference: "E-1" });
    t.like((await h.call("GET", `/v1/bills/${billId}`)).json as Json, {
      state: "Paid",
      paidAt: `${daysAgo(3)}T00:00:00.000Z`,
    });
    t.like((await h.call("GET", `/v1/payment-runs/${runId}`)).json as Json, { status: "Completed" });
    const confirmed = (await runEvents(h, runId)).at(-1);
    t.is(confirmed?.type, "payment_run.transfer_confirmed");
    t.is(confirmed?.actor.type, "api_key", "the statement's importer confirmed it");
    const entries = (
      (await h.call("GET", `/v1/bank-statements/${String(statement.id)}/entries`)).json as {
        data: Json[];
      }
    ).data;
    t.deepEqual(
      entries.map((e) => [e.reference, e.matched, (e.match as Json | null)?.basis ?? null]),
      [
        ["E-1", true, "CreditorReference"],
        ["E-2", true, "AmountCustomerDate"],
        ["E-3", false, null],
        ["E-4", true, "EndToEndId"],
      ],
    );
    t.false("paymentKey" in (entries[0] as Json), "the idempotency key stays inside");

    // The same file again: the first import, and nothing recorded twice.
    const again = await post(file);
    t.is(again.status, 200);
    t.is((again.json as Json).id, statement.id);
    t.is((await paymentsOf(byRef.id)).length, 1);
    t.is((await paymentsOf(byName.id)).length, 1);
    // Another file carrying an entry already booked (a camt.054 notification, then the day's statement).
    const overlap = await post(
      camt053("STMT-2", [{ ref: "E-1", amount: "100.00", direction: "CRDT", rf: String(byRef.creditorReference) }]),
    );
    t.is(overlap.status, 201);
    t.is((await paymentsOf(byRef.id)).length, 1);
    const overlapEntries = (
      (await h.call("GET", `/v1/bank-statements/${String((overlap.json as Json).id)}/entries`)).json as {
        data: Json[];
      }
    ).data;
    t.like(overlapEntries[0], { matched: true, match: { invoiceId: byRef.id, basis: "EarlierImport" } });

    // What waits for a person, matched by hand to an invoice of 42.00.
    const unmatched = (
      (await h.call("GET", `/v1/bank-statements/${String(statement.id)}/entries?matched=false`)).json as {
        data: Json[];
      }
    ).data;
    t.deepEqual(
      unmatched.map((e) => e.reference),
      ["E-3"],
    );
    const owed = await sentInvoice("Someone Else GmbH", "42.00");
    const matchPath = `/v1/bank-statements/${String(statement.id)}/entries/${String(unmatched[0]?.id)}/match`;
    const matched = await h.call("POST", matchPath, { body: { invoiceId: owed.id } });
    t.is(matched.status, 200, matched.text);
    t.like(matched.json as Json, { matched: true, match: { kind: "Invoice", invoiceId: owed.id, basis: "Manual" } });
    t.like(await invoice(owed.id), { status: "Paid" });
    const twice = await h.call("POST", matchPath, { body: { invoiceId: owed.id } });
    t.is(twice.status, 409);
    t.is((twice.json as Json).title, "BankStatement.EntryMatched");
    t.like((await h.call("GET", `/v1/bank-statements/${String(statement.id)}`)).json as Json, { matchedCount: 4 });
    const listed = ((await h.call("GET", "/v1/bank-statements")).json as { data: Json[] }).data.map((s) => s.id);
    t.true(listed.includes(statement.id));
  },
);

test.serial(
  "every genkgo camt.053/054 sample imports; foreign, broken, hostile and too long files are refused",
  async (t) => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), "../../../fixtures/camt");
    const samples = readdirSync(dir).filter((n) => /^camt05[34].*\.xml$/.test(n) && !n.includes("wrong"));
    t.true(samples.length >= 15);
    for (const name of samples) {
      const answer = await post(readFileSync(join(dir, name)));
      t.is(answer.status, 201, `${name}: ${answer.text}`);
      t.true(Number((answer.json as Json).entryCount) >= 1, name);
    }
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from("<a>not a statement</a>"), "application/xml", 400, "BankStatement.Unreadable"],
      [Buffer.from("<Document><BkToCstmrStmt>"), "application/xml", 400, "BankStatement.Unreadable"],
      [
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Document>&a;</Document>'),
        "text/xml",
        400,
        "BankStatement.Unreadable",
      ],
      [Buffer.from(""), "application/xml", 400, "Request.EmptyBody"],
      [Buffer.from('{"entries":[]}'), "application/json", 415, "Request.UnsupportedMediaType"],
    ];
    for (const [body, type, status, title] of cases) {
      const answer = await post(body, type);
      t.is(answer.status, status, answer.text);
      t.is((answer.json as Json).title, title);
    }
    // Over 10,000 entries: refused for its entries before anything is parsed (the file cut short says so too).
    const before = ((await h.call("GET", "/v1/bank-statements?limit=100")).json as { data: Json[] }).data.length;
    const tooMany = camt053(
      "TOO-MANY",
      Array.from({ length: 10_001 }, (_, i) => ({ ref: `M-${i}`, amount: "1.00", direction: "CRDT" as const })),
    );
    for (const body of [tooMany, tooMany.subarray(0, tooMany.lastIndexOf("</Ntry>"))]) {
      const answer = await post(body);
      t.is(answer.status, 413, answer.text);
      t.like(answer.json as Json, { title: "BankStatement.TooManyEntries" });
      t.regex(String((answer.json as Json).detail), /more than 10000 entries: split it/);
    }
    t.is(((await h.call("GET", "/v1/bank-statements?limit=100")).json as { data: Json[] }).data.length, before);
    const missing = await h.call("GET", `/v1/bank-statements/${"0".repeat(8)}-0000-7000-8000-${"0".repeat(12)}`);
    t.is(missing.status, 404);
    t.is((missing.json as Json).title, "BankStatement.NotFound");
  },
);

test.serial("free remittance text: the RF reference grouped and followed by words; payer names folded", async (t) => {
  const polish = await sentInvoice("Łódź Spółka z o.o.", "310.00");
  const german = await sentInvoice("Müller Maschinenbau GmbH", "95.50");
  const byText = await sentInvoice("Kunde mit Referenz AG", "12.34");
  const grouped =
    String(byText.creditorReference)
      .match(/.{1,4}/g)
      ?.join(" ") ?? "";
  const imported = await post(
    camt053("STMT-FREE", [
      {
        ref: "F-1",
        amount: "12.34",
        direction: "CRDT",
        name: "Someone Paying For Them",
        text: `${grouped} zaplata za fakture`,
      },
      { ref: "F-2", amount: "310.00", direction: "CRDT", name: "LODZ SPOLKA", text: "zaplata za fakture" },
      { ref: "F-3", amount: "95.50", direction: "CRDT", name: "MUELLER MASCHINENBAU", text: "Rechnung, vielen Dank" },
    ]),
  );
  t.is(imported.status, 201, imported.text);
  const entries = (
    (await h.call("GET", `/v1/bank-statements/${String((imported.json as Json).id)}/entries`)).json as { data: Json[] }
  ).data;
  t.deepEqual(
    entries.map((e) => [e.reference, (e.match as Json | null)?.basis ?? null]),
    [
      ["F-1", "CreditorReference"],
      ["F-2", "AmountCustomerDate"],
      // "ue" for "ü" is a spelling, not a fold: no match, a person decides.
      ["F-3", null],
    ],
  );
  t.like(await invoice(byText.id), { status: "Paid", amountPaid: "12.34" });
  t.like(await invoice(polish.id), { status: "Paid", amountPaid: "310.00" });
  t.like(await invoice(german.id), { status: "Sent" });
});

const entriesOf = async (statement: Json): Promise<Json[]> =>
  ((await h.call("GET", `/v1/bank-statements/${String(statement.id)}/entries`)).json as { data: Json[] }).data;

test.serial(
  "an entry is its account, booking date (unless the bank named it), amount, direction and bank references: changed files pay once",
  async (t) => {
    // Entries without any bank reference, paying invoices by their RF reference (two alike payments of 30.00 in one,
    // leaving 30.00 open: a file read again as new would pay it).
    const split = await sentInvoice("Split Payer AG", "90.00");
    const whole = await sentInvoice("Whole Payer AG", "80.00");
    const rfSplit = String(split.creditorReference);
    const rfWhole = String(whole.creditorReference);
    const day = daysAgo(1);
    const first: CamtEntry[] = [
      { ref: null, amount: "30.00", direction: "CRDT", rf: rfSplit, bookingDate: day, text: "half" },
      { ref: null, amount: "30.00", direction: "CRDT", rf: rfSplit, bookingDate: day, text: "half" },
      { ref: null, amount: "80.00", direction: "CRDT", rf: rfWhole, bookingDate: day, name: "WHOLE PAYER" },
    ];
    const imported = await post(camt053("NOREF-1", first));
    t.is(imported.status, 201, imported.text);
    t.like(imported.json as Json, { entryCount: 3, matchedCount: 3 });
    t.like(await invoice(split.id), { status: "PartiallyPaid", amountPaid: "60.00" });
    t.is((await paymentsOf(split.id)).length, 2, "two alike entries of one file are two payments");
    t.like((await paymentsOf(whole.id))[0], { paidAt: `${day}T00:00:00.000Z` }, "paid on the booking date");

    // The bank exports the day again: another statement id, other text and names, the amounts written otherwise,
    // the entries in another order and one more entry. Nothing is paid twice; the earlier payments are named.
    const more = await sentInvoice("Late Payer AG", "15.00");
    const again = await post(
      camt053({ id: "NOREF-1-REEXPORT", createdAt: `${daysAgo(0)}T07:00:00` }, [
        { ref: null, amount: "80.0", direction: "CRDT", rf: rfWhole, bookingDate: day, text: "invoice 80" },
        { ref: null, amount: "15.00", direction: "CRDT", rf: String(more.creditorReference), bookingDate: day },
        { ref: null, amount: "030.00", direction: "CRDT", rf: rfSplit, bookingDate: day },
        { ref: null, amount: "30", direction: "CRDT", rf: rfSplit, bookingDate: day, name: "Split Payer" },
      ]),
    );
    t.is(again.status, 201, again.text);
    t.like(again.json as Json, { entryCount: 4, matchedCount: 4 });
    t.like(await invoice(split.id), { status: "PartiallyPaid", amountPaid: "60.00" });
    t.is((await paymentsOf(split.id)).length, 2);
    t.is((await paymentsOf(whole.id)).length, 1);
    t.like(await invoice(more.id), { status: "Paid" }, "the new entry pays");
    t.deepEqual(
      (await entriesOf(again.json as Json)).map((e) => (e.match as Json).basis),
      ["EarlierImport", "CreditorReference", "EarlierImport", "EarlierImport"],
    );

    // The same bank reference, day, amount and direction under another account is another entry: it pays.
    const twoAccounts = await sentInvoice("Two Accounts KG", "50.00");
    const rf = String(twoAccounts.creditorReference);
    const entry: CamtEntry = { ref: "SHARED-REF", amount: "25.00", direction: "CRDT", rf, bookingDate: day };
    t.is((await post(camt053({ id: "ACC-1" }, [entry]))).status, 201);
    t.is((await post(camt053({ id: "ACC-2", iban: "DE02120300000000202051" }, [entry]))).status, 201);
    t.is((await post(camt053({ id: "ACC-1-AGAIN" }, [{ ...entry, text: "again" }]))).status, 201);
    t.like(await invoice(twoAccounts.id), { status: "Paid", amountPaid: "50.00" });
    t.is((await paymentsOf(twoAccounts.id)).length, 2);
    // The bank's own reference on a corrected booking date (a re-export) is the same entry: it pays nothing twice.
    const corrected = await post(camt053({ id: "ACC-1-CORRECTED" }, [{ ...entry, bookingDate: daysAgo(0) }]));
    t.is(corrected.status, 201);
    t.like((await entriesOf(corrected.json as Json))[0], { matched: true, match: { basis: "EarlierImport" } });
    t.is((await paymentsOf(twoAccounts.id)).length, 2);
    // The same reference of another amount is another entry (it would overpay): it waits for a person.
    const other = await post(camt053({ id: "ACC-1-LATER" }, [{ ...entry, amount: "20.00" }]));
    t.is(other.status, 201);
    t.like(
      (await entriesOf(other.json as Json))[0],
      { matched: false },
      "a credit the invoice no longer expects waits",
    );
    t.is((await paymentsOf(twoAccounts.id)).length, 2);
  },
);

test.serial(
  "a credit an import before the whole-entry identity paid is not paid again from a changed file",
  async (t) => {
    // 88.00 owed; an import made before this version paid 44.00 of it from entry LEGACY-1 and keyed that payment by
    // the bank's reference on the account. The entry comes again in a re-exported file (another statement id).
    const owed = await sentInvoice("Altkunde GmbH", "88.00");
    const manual = await h.call("POST", `/v1/invoices/${String(owed.id)}/payments`, {
      body: { amount: "44.00", paidAt: daysAgo(2) },
    });
    t.is(manual.status, 201, manual.text);
    await h.app.database.stores.idempotencyKeys.add({
      clientId: h.clientId,
      scope: `POST /v1/bank-statements ${h.organisationId}`,
      key: "bank-entry:DE89370400440532013000:LEGACY-1",
      requestHash: "",
      status: 201,
      response: manual.json,
      createdAt: new Date(),
    });
    const again = await post(
      camt053("STMT-REEXPORT", [
        { ref: "LEGACY-1", amount: "44.00", direction: "CRDT", rf: String(owed.creditorReference), name: "Altkunde" },
      ]),
    );
    t.is(again.status, 201, again.text);
    const [entry] = await entriesOf(again.json as Json);
    t.like(entry, { match: { invoiceId: owed.id, basis: "EarlierImport" } });
    t.like(await invoice(owed.id), { status: "PartiallyPaid", amountPaid: "44.00" });
    t.is((await paymentsOf(owed.id)).length, 1);
  },
);
