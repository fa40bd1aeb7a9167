import test from "ava";
import { type BillHarness, bankDetailsOf, confirmSupplierAccount, pdfWith, startBillHarness } from "./bill-harness.js";

// The fraud signal over HTTP: a bill whose account the supplier is not known by is flagged, told as
// supplier.bank_details_changed, never auto-approved unless a policy says so; a supplier's new account sends its
// open bills back to review. Bills that are approved and paid here have suppliers whose accounts a second person
// confirmed (dual control).

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const IBAN_A = "DE89370400440532013000";
const IBAN_B = "GB82WEST12345698765432";
const IBAN_C = "FR1420041010050500013M02606";

const post = (id: string, action: string, body?: unknown) =>
  h.call("POST", `/v1/bills/${id}/${action}`, body === undefined ? {} : { body });
/** What marking a bill paid by hand takes: why, and the payment's reference. */
const PAID_BY_HAND = { reason: "paid by card", reference: "CARD-1" };
const billTypes = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope.type);
const supplierEvents = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "supplier", id)).map((e) => e.envelope);

const newSupplier = async (name: string, iban?: string): Promise<string> => {
  const made = await h.call("POST", "/v1/suppliers", {
    body: { name, ...(iban === undefined ? {} : { bankDetails: { iban } }) },
  });
  if (made.status !== 201) throw new Error(`supplier: ${made.status}`);
  return String((made.json as Json).id);
};

/** A bill of the supplier (matched by name) read with the given account, settled in PendingReview. */
const readBill = async (supplierName: string, iban: string): Promise<Json> => {
  const up = await h.upload(
    pdfWith({
      supplierName,
      invoiceNumber: Math.random().toString(36).slice(2),
      currency: "EUR",
      totalAmount: "120.00",
      bankDetails: bankDetailsOf(iban),
    }),
  );
  const bill = await h.settled(String((up.json as Json).id));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  return bill;
};

test.serial(
  "a read account other than the supplier's stored one is flagged, with its event naming the bill",
  async (t) => {
    const supplierId = await newSupplier("Flag Check Supplies", IBAN_A);
    const same = await readBill("Flag Check Supplies", IBAN_A);
    t.is(same.supplierId, supplierId);
    t.false(same.bankDetailsChanged);
    const other = await readBill("Flag Check Supplies", IBAN_B);
    t.true(other.bankDetailsChanged);
    t.is((other.fieldConfidence as Json).bankDetails, 0);
    const events = await supplierEvents(supplierId);
    t.is(events.length, 1, "the same account raised nothing");
    t.like(events[0], { type: "supplier.bank_details_changed" });
    t.deepEqual(events[0]?.data, {
      supplier: { id: supplierId, name: "Flag Check Supplies" },
      previous: { country: "DE", accountEnding: "3000" },
      current: { country: "GB", accountEnding: "5432" },
      bill: { id: other.id },
    });
    // The bill's events stay its own; the signal is on the bill for every reader of it.
    t.deepEqual(await billTypes(String(other.id)), ["bill.created", "bill.pending_review"]);
    const got = (await h.call("GET", `/v1/bills/${other.id}`)).json as Json;
    t.true(got.bankDetailsChanged);
    // A reviewer who corrects the account to the supplier's own clears the flag; a new one sets it again.
    const fixed = await h.call("PATCH", `/v1/bills/${other.id}`, { body: { bankDetails: { iban: IBAN_A } } });
    t.is(fixed.status, 200);
    t.false((fixed.json as Json).bankDetailsChanged);
    const again = await h.call("PATCH", `/v1/bills/${other.id}`, { body: { bankDetails: { iban: IBAN_C } } });
    t.true((again.json as Json).bankDetailsChanged);
    t.is((await supplierEvents(supplierId)).length, 2);
  },
);

test.serial(
  "the accounts a supplier was paid at count as known; the first account of a supplier is no change",
  async (t) => {
    const supplierId = await newSupplier("Paid Before Ltd");
    const first = await readBill("Paid Before Ltd", IBAN_A);
    t.false(first.bankDetailsChanged, "nothing known yet: not a change");
    // The first bill's account becomes the supplier's, proposed by whoever uploaded it; a second person confirms it.
    t.like((await h.call("GET", `/v1/suppliers/${supplierId}`)).json as Json, {
      bankDetails: { iban: IBAN_A },
      bankDetailsStatus: "Unconfirmed",
      bankDetailsProposedBy: { type: "api_key" },
    });
    await confirmSupplierAccount(h, supplierId);
    t.like((await post(String(first.id), "submit")).json as Json, { state: "NeedsApproval" });
    t.like((await post(String(first.id), "approve")).json as Json, { state: "Approved" });
    t.like((await post(String(first.id), "mark-paid", PAID_BY_HAND)).json as Json, { state: "Paid" });
    // The supplier moves to another account: the one it was paid at still counts as known.
    await confirmSupplierAccount(h, supplierId, IBAN_C);
    t.false((await readBill("Paid Before Ltd", IBAN_A)).bankDetailsChanged, "the paid account is known");
    t.true((await readBill("Paid Before Ltd", IBAN_B)).bankDetailsChanged, "another one is not");
    const changes = (await supplierEvents(supplierId)).filter((e) => e.type === "supplier.bank_details_changed");
    t.deepEqual(
      changes.map((e) => (e.data as { current: Json }).current.accountEnding),
      ["2606", "5432"],
      "the supplier's own move, then the unknown account read; the paid one raised nothing",
    );
  },
);

test.serial(
  "policies: a flagged bill skips an auto-approving policy that does not ask, and meets the one that does",
  async (t) => {
    const auto = await h.call("POST", "/v1/approval-policies", {
      body: { name: "Small auto", priorityOrder: 10, action: "AutoApprove", amountLte: "500" },
    });
    t.is(auto.status, 201);
    const second = await h.call("POST", "/v1/approval-policies", {
      body: {
        name: "New account: two approvals",
        priorityOrder: 20,
        action: "AlwaysReview",
        bankDetailsChanged: true,
        approvalsRequired: 2,
      },
    });
    t.is(second.status, 201);
    t.is((second.json as Json).bankDetailsChanged, true);
    t.is((auto.json as Json).bankDetailsChanged, null);
    try {
      await confirmSupplierAccount(h, await newSupplier("Policy Path GmbH", IBAN_A));
      const clean = await readBill("Policy Path GmbH", IBAN_A);
      t.like((await post(String(clean.id), "submit")).json as Json, { state: "Approved" });
      const flagged = await readBill("Policy Path GmbH", IBAN_B);
      const submitted = (await post(String(flagged.id), "submit")).json as Json;
      t.is(submitted.state, "NeedsApproval");
      t.like(submitted.appliedPolicy as Json, {
        policyId: (second.json as Json).id,
        approvalsRequired: 2,
        matchedConditions: [{ condition: "bankDetailsChanged", expected: "true", actual: "true" }],
      });
    } finally {
      for (const p of [auto, second]) await h.call("DELETE", `/v1/approval-policies/${(p.json as Json).id}`);
    }
  },
);

test.serial(
  "a supplier's new account sends its approved, scheduled and waiting bills back to review, flagged",
  async (t) => {
    const supplierId = await newSupplier("Account Switch AG", IBAN_A);
    await confirmSupplierAccount(h, supplierId);
    const approved = String((await readBill("Account Switch AG", IBAN_A)).id);
    await post(approved, "submit");
    t.like((await post(approved, "approve")).json as Json, { state: "Approved" });
    const scheduled = String((await readBill("Account Switch AG", IBAN_A)).id);
    await post(scheduled, "submit");
    await post(scheduled, "approve");
    t.like(
      (await post(scheduled, "schedule-payment", { paymentDate: "2026-12-01", paymentMethod: "BankTransfer" }))
        .json as Json,
      { state: "Scheduled" },
    );
    const waiting = String((await readBill("Account Switch AG", IBAN_A)).id);
    t.like((await post(waiting, "submit")).json as Json, { state: "NeedsApproval" });
    const inReview = String((await readBill("Account Switch AG", IBAN_A)).id);
    const paid = String((await readBill("Account Switch AG", IBAN_A)).id);
    await post(paid, "submit");
    await post(paid, "approve");
    await post(paid, "mark-paid", PAID_BY_HAND);
    const untouched = await Promise.all([scheduled, paid].map(billTypes));

    // An edit that keeps the account (holder name only) changes nothing.
    const sameAccount = await h.call("PATCH", `/v1/suppliers/${supplierId}`, {
      body: { bankDetails: { iban: IBAN_A, accountHolderName: "Account Switch AG" } },
    });
    t.is(sameAccount.status, 200);
    t.is((sameAccount.json as Json).bankDetailsStatus, "Confirmed", "the same account stays confirmed");
    t.deepEqual(await Promise.all([scheduled, paid].map(billTypes)), untouched);

    const edit = await h.call("PATCH", `/v1/suppliers/${supplierId}`, { body: { bankDetails: { iban: IBAN_C } } });
    t.is(edit.status, 200);
    t.like(edit.json as Json, { bankDetailsStatus: "Unconfirmed", bankDetailsConfirmedBy: null });
    for (const id of [approved, scheduled, waiting]) {
      const bill = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
      t.like(bill, { state: "PendingReview", bankDetailsChanged: true, appliedPolicy: null, paymentDate: null }, id);
      t.deepEqual((await billTypes(id)).slice(-1), ["bill.pending_review"]);
    }
    const review = (await h.call("GET", `/v1/bills/${inReview}`)).json as Json;
    t.like(review, { state: "PendingReview", bankDetailsChanged: true });
    t.deepEqual((await billTypes(inReview)).slice(-1), ["bill.updated"]);
    const paidBill = (await h.call("GET", `/v1/bills/${paid}`)).json as Json;
    t.like(paidBill, { state: "Paid", bankDetailsChanged: false });
    const changes = (await supplierEvents(supplierId)).filter((e) => e.type === "supplier.bank_details_changed");
    t.is(changes.length, 1);
    t.deepEqual(changes[0]?.data, {
      supplier: { id: supplierId, name: "Account Switch AG" },
      previous: { country: "DE", accountEnding: "3000" },
      current: { country: "FR", accountEnding: "2606" },
    });
    // Back in review, the bill is submitted again and the policies decide afresh.
    t.like((await post(approved, "submit")).json as Json, { state: "NeedsApproval" });
  },
);

test("bank details that cannot be paid as they are are a flag with the reason when the bill is read, corrected and submitted", async (t) => {
  const uk = { ...bankDetailsOf(""), iban: null, sortCode: "08-99-99", accountNumber: "66374959" };
  const up = await h.upload(
    pdfWith({ supplierName: "Modulus Problem Ltd", currency: "GBP", totalAmount: "10.00", bankDetails: uk }),
  );
  const read = await h.settled(String((up.json as Json).id));
  const id = String(read.id);
  // Read without a country, the UK account fails its modulus check: flagged with the reason, never called valid
  t.deepEqual(read.bankDetailsProblem, {
    code: "modulus_check",
    field: "accountNumber",
    message: "The sort code and account number fail the UK modulus check.",
  });
  t.is((read.fieldConfidence as Json).bankDetails, 0);
  // Corrected to a valid UK account for a bill in euros: no rail apar writes (a SWIFT transfer needs the BIC)
  const euros = await h.call("PATCH", `/v1/bills/${id}`, {
    body: { currency: "EUR", bankDetails: { accountNumber: "66374958" } },
  });
  t.is(euros.status, 200);
  t.like((euros.json as Json).bankDetailsProblem as Json, { code: "unroutable", field: null });
  t.regex(String(((euros.json as Json).bankDetailsProblem as Json).message), /EUR transfer .* needs the bank's BIC/);
  const submitted = await post(id, "submit");
  t.is(submitted.status, 200);
  t.like((submitted.json as Json).bankDetailsProblem as Json, { code: "unroutable" }, "still flagged after submit");
  const got = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
  t.like(got.bankDetailsProblem as Json, { code: "unroutable" });
  // In pounds the sort code routes it (Faster Payments): nothing is flagged
  const other = await h.upload(pdfWith({ currency: "GBP", totalAmount: "5.00", bankDetails: uk }));
  const otherId = String((await h.settled(String((other.json as Json).id))).id);
  const fixed = await h.call("PATCH", `/v1/bills/${otherId}`, { body: { bankDetails: { accountNumber: "66374958" } } });
  t.is((fixed.json as Json).bankDetailsProblem, null);
  t.like((fixed.json as Json).bankDetails as Json, { accountNumber: "66374958" });
});
