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
import { approveAndRelease, readyToPay } from "../payments/run-support.js";
import { send } from "../support/client.js";
import { BOUNDARY_DUES, bucketAt, figures, getJson, type Json, rowsOf, shift } from "./report-support.js";

// Aged payables over real HTTP (issue 38, part 3): which bill states are liabilities, buckets at their boundaries,
// a past asOf with partial payments, supplier credit and a run's transfer booked by the bank on an earlier day,
// bills without a supplier record grouped by name, several currencies with JPY.

let h: BillHarness;
let supplierId: string;
const SUPPLIER = "Boundary Supplies GmbH";
const IBAN = "FR1420041010050500013M02606";
/** The organisation's own account (readyToPay): its statements confirm a run's transfers. */
const OWN_IBAN = "DE75512108001245126199";
const AS_OF = "2026-06-30";

test.before(async () => {
  h = await startBillHarness();
  await readyToPay(h, "Käufer AG");
  const made = await h.call("POST", "/v1/suppliers", { body: { name: SUPPLIER, bankDetails: { iban: IBAN } } });
  if (made.status !== 201) throw new Error(made.text);
  supplierId = String((made.json as Json).id);
  await confirmSupplierAccount(h, supplierId);
});
test.after.always(async () => {
  await h?.dispose();
});

const payables = (query = "") => getJson(h, `/v1/reports/aged-payables${query}`);
const today = async () => String((await payables()).asOf);

/** A read bill (PendingReview) with these fields; `submit`: then submitted (Approved or NeedsApproval). */
const aBill = async (fields: Json, submit = true): Promise<string> => {
  const up = await h.upload(
    pdfWith({
      supplierName: SUPPLIER,
      bankDetails: bankDetailsOf(IBAN),
      currency: "EUR",
      invoiceNumber: `B-${Math.random().toString(36).slice(2, 10)}`,
      invoiceDate: "2026-01-01",
      ...fields,
    }),
  );
  if (up.status !== 202) throw new Error(up.text);
  const id = String((up.json as Json).id);
  await h.settled(id);
  if (submit) {
    const submitted = await h.call("POST", `/v1/bills/${id}/submit`);
    // Approved by the policy, or waiting for approval (no confirmed account to pay): a liability either way.
    if (submitted.status !== 200 || !["Approved", "NeedsApproval"].includes(String((submitted.json as Json).state)))
      throw new Error(`submit: ${submitted.status} ${submitted.text}`);
  }
  return id;
};

const markPaid = async (id: string, amount?: string) => {
  const paid = await h.call("POST", `/v1/bills/${id}/mark-paid`, {
    body: { reason: "paid by hand", reference: "R-1", ...(amount === undefined ? {} : { amount }) },
  });
  if (paid.status !== 200) throw new Error(`mark-paid: ${paid.text}`);
  return paid.json as Json;
};

test.serial(
  "buckets at the boundaries; bills not reviewed, voided or dated after asOf are not liabilities",
  async (t) => {
    for (const [late, amount] of BOUNDARY_DUES) await aBill({ totalAmount: amount, dueDate: shift(AS_OF, -late) });
    await aBill({ totalAmount: "1000", invoiceDate: shift(AS_OF, 1), dueDate: shift(AS_OF, 31) });
    await aBill({ totalAmount: "2000", dueDate: AS_OF }, false); // PendingReview: nobody confirmed its figures
    const voided = await aBill({ totalAmount: "4000", dueDate: AS_OF }, false);
    t.is((await h.call("POST", `/v1/bills/${voided}/void`, { body: { reason: "not ours" } })).status, 200);
    const report = await payables(`?asOf=${AS_OF}`);
    const row = rowsOf(report, "supplier", supplierId).EUR;
    t.is(row?.supplierName, SUPPLIER);
    t.deepEqual(figures(row), ["257.00", "6.00", "24.00", "96.00", "128.00", "511.00", 9]);
    const later = rowsOf(await payables(`?asOf=${shift(AS_OF, 1)}`), "supplier", supplierId).EUR;
    t.deepEqual(figures(later), ["1256.00", "3.00", "12.00", "48.00", "192.00", "1511.00", 10]);
  },
);

test.serial(
  "partial payments and supplier credit count from the day they were made; a paid bill stays in the past",
  async (t) => {
    const supplier = "Partial Parts Ltd";
    const made = await h.call("POST", "/v1/suppliers", { body: { name: supplier, bankDetails: { iban: IBAN } } });
    const id = String((made.json as Json).id);
    await confirmSupplierAccount(h, id);
    const bill = await aBill({ supplierName: supplier, totalAmount: "100.00", dueDate: "2026-06-01" });
    const now = await today();
    const on = async (asOf: string) => rowsOf(await payables(`?asOf=${asOf}`), "supplier", id).EUR;

    // Credit applies while the bill is Approved; then a payment of part of what is left.
    const note = await h.call("POST", `/v1/suppliers/${id}/credit-notes`, {
      body: { amount: "10.00", currency: "EUR" },
    });
    t.is(note.status, 201, note.text);
    const noteId = String((note.json as Json).id);
    t.is((await h.call("POST", `/v1/supplier-credit-notes/${noteId}/issue`)).status, 200);
    const applied = await h.call("POST", `/v1/supplier-credit-notes/${noteId}/applications`, {
      body: { billId: bill, amount: "10.00" },
    });
    t.is(applied.status, 200, applied.text);
    t.like(await markPaid(bill, "30.00"), { state: "PartiallyPaid", amountDue: "60.00" });
    const owed = await on(now);
    t.is(owed?.total, "60.00");
    t.is(owed?.[bucketAt("2026-06-01", now)], "60.00");
    const yesterday = await on(shift(now, -1));
    t.is(yesterday?.total, "100.00", "neither the credit nor the payment had happened");
    t.is(yesterday?.[bucketAt("2026-06-01", shift(now, -1))], "100.00");

    t.like(await markPaid(bill), { state: "Paid", amountDue: "0.00" });
    t.is(await on(now), undefined, "paid today: owes nothing today");
    t.is((await on(shift(now, -1)))?.total, "100.00", "yesterday it owed all of it");
    t.is(await on("2026-01-01").then((r) => r?.total), "100.00", "dated that day, due later: current");
    t.is(await on("2025-12-31"), undefined, "before its date");
  },
);

test.serial(
  "a run's transfer of part of a bill counts from the bank's booking day, not the day it was imported",
  async (t) => {
    const bill = await aBill({ totalAmount: "80.00", dueDate: "2026-06-01" });
    // The run pays part of it: 30.00 of 80.00.
    const proposed = await h.call("POST", "/v1/payment-runs", { body: { bills: [{ billId: bill, amount: "30.00" }] } });
    t.is(proposed.status, 201, proposed.text);
    const run = (proposed.json as { data: Json[] }).data[0] as Json;
    await approveAndRelease(h, (await userWithToken(h, "Approver")).token, String(run.id));
    const booked = "2026-06-20";
    const statement = await send(h.app.port ?? 0, {
      method: "POST",
      path: "/v1/bank-statements",
      headers: { ...h.headers, "content-type": "application/xml" },
      body: camt053({ id: "REPORT-1", iban: OWN_IBAN }, [
        {
          ref: "D-1",
          amount: "30.00",
          direction: "DBIT",
          name: SUPPLIER,
          bookingDate: booked,
          endToEndIds: [bill.replace(/-/g, "")],
        },
      ]),
    });
    t.is(statement.status, 201, statement.text);
    t.is(((await h.call("GET", `/v1/bills/${bill}`)).json as Json).state, "PartiallyPaid");
    const total = async (asOf: string) => (await payables(`?asOf=${asOf}`)).totals as Json[];
    const eur = async (asOf: string) => ((await total(asOf)).find((x) => x.currency === "EUR") as Json).total;
    const before = await eur(shift(booked, -1));
    const after = await eur(booked);
    t.is(Math.round((Number(before) - Number(after)) * 100), 3000, "30.00 less from the booking day on");
  },
);

test.serial("a bill without a supplier record is grouped by its name; JPY and EUR rows apart", async (t) => {
  await aBill({ supplierName: "Nameless Trader", currency: "JPY", totalAmount: "1200", dueDate: "2026-06-10" });
  await aBill({ supplierName: "NAMELESS TRADER", currency: "JPY", totalAmount: "300", dueDate: "2026-07-10" });
  await aBill({ supplierName: "Nameless Trader", currency: "EUR", totalAmount: "9.99", dueDate: "2026-03-01" });
  const report = await payables(`?asOf=${AS_OF}`);
  const rows = (report.rows as Json[]).filter((r) => String(r.supplierName).toLowerCase() === "nameless trader");
  t.deepEqual(
    rows
      .map((r) => [r.supplierId, r.currency, ...(figures(r) ?? [])])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    [
      [null, "EUR", "0.00", "0.00", "0.00", "0.00", "9.99", "9.99", 1],
      [null, "JPY", "300", "1200", "0", "0", "0", "1500", 2],
    ],
  );
  const csv = await h.call("GET", `/v1/reports/aged-payables?asOf=${AS_OF}&format=csv`);
  t.is(
    csv.text.split("\r\n")[0],
    "As of,Supplier ID,Supplier,Currency,Current,1-30,31-60,61-90,Over 90,Total,Documents",
  );
  t.regex(csv.text, /\r\n2026-06-30,,Nameless Trader,JPY,300,1200,0,0,0,1500,2\r\n/i);
});
