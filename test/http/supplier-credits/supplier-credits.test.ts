import test from "ava";
import { type BillHarness, pdfWith, startBillHarness } from "../bills/bill-harness.js";

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;
const supplier = async (name: string) =>
  String(((await h.call("POST", "/v1/suppliers", { body: { name } })).json as Json).id);

/** A bill of the supplier in PendingReview with the given total. */
const billOf = async (supplierId: string, totalAmount: string, currency = "EUR") => {
  const up = await h.upload(pdfWith({ supplierName: "x", invoiceNumber: `C-${Math.random()}`, currency, totalAmount }));
  const bill = await h.settled(String((up.json as Json).id));
  await h.call("PATCH", `/v1/bills/${String(bill.id)}`, { body: { supplierId } });
  return String(bill.id);
};

const draft = async (supplierId: string, amount: string) =>
  (
    await h.call("POST", `/v1/suppliers/${supplierId}/credit-notes`, {
      body: { amount, currency: "EUR", number: "CN-1" },
    })
  ).json as Json;

test.serial(
  "draft, issue, apply in parts, never over the note or the bill, reverse; the bill's amount due follows",
  async (t) => {
    const sup = await supplier("Credit Co");
    const bill = await billOf(sup, "80.00");
    const note = await draft(sup, "100");
    t.like(note, { status: "Draft", amount: "100.00", amountRemaining: "100.00" });
    const early = await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/applications`, {
      body: { billId: bill, amount: "10" },
    });
    t.is(early.status, 409);
    t.true(String((early.json as Json).detail).includes("Draft"));
    const issued = await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/issue`);
    t.like(issued.json as Json, { status: "Issued" });
    t.is((await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/issue`)).status, 409);
    const apply = (billId: string, amount: string) =>
      h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/applications`, { body: { billId, amount } });
    const first = await apply(bill, "30.00");
    t.like(first.json as Json, { status: "PartiallyApplied", amountApplied: "30.00", amountRemaining: "70.00" });
    t.like((await h.call("GET", `/v1/bills/${bill}`)).json as Json, {
      amountCredited: "30.00",
      amountDue: "50.00",
      state: "PendingReview",
    });
    const overBill = await apply(bill, "50.01");
    t.is(overBill.status, 409);
    t.is(title(overBill), "SupplierCreditNote.Overapplied");
    const other = await billOf(sup, "500.00");
    const overNote = await apply(other, "70.01");
    t.is(title(overNote), "SupplierCreditNote.Overapplied");
    const rest = await apply(other, "70");
    t.like(rest.json as Json, { status: "Applied", amountRemaining: "0.00" });
    const foreign = await billOf(await supplier("Someone else"), "10.00");
    const wrongSupplier = await apply(foreign, "1");
    t.is(wrongSupplier.status, 400, "another supplier's bill");
    const applications = (
      (await h.call("GET", `/v1/supplier-credit-notes/${String(note.id)}/applications`)).json as { data: Json[] }
    ).data;
    t.deepEqual(
      applications.map((a) => [a.billId, a.amount, a.status]),
      [
        [bill, "30.00", "Applied"],
        [other, "70.00", "Applied"],
      ],
    );
    const reversed = await h.call(
      "POST",
      `/v1/supplier-credit-notes/${String(note.id)}/applications/${String(applications[0]?.id)}/reverse`,
    );
    t.like(reversed.json as Json, { status: "PartiallyApplied", amountRemaining: "30.00" });
    t.is(
      (
        await h.call(
          "POST",
          `/v1/supplier-credit-notes/${String(note.id)}/applications/${String(applications[0]?.id)}/reverse`,
        )
      ).status,
      409,
    );
    t.like((await h.call("GET", `/v1/bills/${bill}`)).json as Json, { amountCredited: "0.00", amountDue: "80.00" });
    const noteEvents = (
      await h.app.database.stores.events.ofSubject(h.clientId, "supplier_credit_note", String(note.id))
    ).map((e) => e.envelope);
    t.deepEqual(
      noteEvents.map((e) => e.type),
      ["supplier_credit_note.issued", "supplier_credit.applied", "supplier_credit.applied", "supplier_credit.reversed"],
    );
    t.like(noteEvents[1]?.data as Json, { billId: bill, amount: "30.00", currency: "EUR" });
    const billEvents = (await h.app.database.stores.events.ofSubject(h.clientId, "bill", bill)).map(
      (e) => e.envelope.type,
    );
    t.deepEqual(billEvents.slice(-2), ["bill.credited", "bill.updated"]);
    t.is((await h.call("DELETE", `/v1/supplier-credit-notes/${String(note.id)}`)).status, 409, "an issued note stays");
  },
);

test.serial("validation: supplier, currency, positive amounts; a draft can be deleted", async (t) => {
  const sup = await supplier("Valid Co");
  t.is(
    (await h.call("POST", `/v1/suppliers/${sup}/credit-notes`, { body: { amount: "0", currency: "EUR" } })).status,
    400,
  );
  t.is(
    (await h.call("POST", `/v1/suppliers/${sup}/credit-notes`, { body: { amount: "5", currency: "XXX1" } })).status,
    400,
  );
  const ghost = "01900000-0000-7000-8000-000000000001";
  t.is(
    (await h.call("POST", `/v1/suppliers/${ghost}/credit-notes`, { body: { amount: "5", currency: "EUR" } })).status,
    404,
  );
  const note = await draft(sup, "5");
  await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/issue`);
  const usd = await billOf(sup, "10.00", "USD");
  const wrong = await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/applications`, {
    body: { billId: usd, amount: "1" },
  });
  t.is(wrong.status, 400);
  const other = await draft(sup, "7");
  t.is((await h.call("DELETE", `/v1/supplier-credit-notes/${String(other.id)}`)).status, 204);
  t.is((await h.call("GET", `/v1/supplier-credit-notes/${String(other.id)}`)).status, 404);
  const listed = ((await h.call("GET", "/v1/supplier-credit-notes")).json as { data: Json[] }).data;
  t.true(listed.some((n) => n.id === note.id));
});

test.serial("concurrent applications never overdraw the note", async (t) => {
  const sup = await supplier("Race Co");
  const note = await draft(sup, "100");
  await h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/issue`);
  const bills = await Promise.all([billOf(sup, "100"), billOf(sup, "100"), billOf(sup, "100")]);
  const answers = await Promise.all(
    bills.map((billId) =>
      h.call("POST", `/v1/supplier-credit-notes/${String(note.id)}/applications`, { body: { billId, amount: "60" } }),
    ),
  );
  t.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409]);
  const final = (await h.call("GET", `/v1/supplier-credit-notes/${String(note.id)}`)).json as Json;
  t.like(final, { amountApplied: "60.00", amountRemaining: "40.00" });
});
