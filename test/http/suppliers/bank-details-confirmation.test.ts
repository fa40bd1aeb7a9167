import test from "ava";
import {
  type BillHarness,
  bankDetailsOf,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";

// Dual control on suppliers' bank accounts over real HTTP (issue 32): a new or changed account is Unconfirmed until
// a person other than its proposer confirms it, naming the account they checked; only a confirmed account is paid
// (approval into payment, scheduling, payment runs, marking paid), and no policy auto-approves a bill without one.

type Json = Record<string, unknown>;
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName: "Four Eyes GmbH",
      addressLines: ["Ring 2"],
      city: "Bonn",
      countryCode: "DE",
      vatNumber: "DE123456789",
      bankAccounts: [{ iban: "DE75 5121 0800 1245 1261 99" }],
    },
  });
  if (identity.status !== 200) throw new Error(`identity: ${identity.status}`);
});
test.after.always(async () => {
  await h?.dispose();
});

const IBAN_A = "DE89370400440532013000";
const IBAN_B = "GB82WEST12345698765432";
const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;

/** A call with a user's bearer token (no API key). */
const asUser = (token: string, method: string, path: string, body?: unknown) =>
  send(h.app.port ?? 0, {
    method,
    path,
    headers: {
      authorization: `Bearer ${token}`,
      "x-service-organisation-id": h.organisationId,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
  });
const confirmAs = (token: string, supplierId: string, iban: string) =>
  asUser(token, "POST", `/v1/suppliers/${supplierId}/bank-details/confirm`, { bankDetails: { iban } });
const supplier = async (id: string) => (await h.call("GET", `/v1/suppliers/${id}`)).json as Json;
const supplierEvents = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "supplier", id)).map((e) => e.envelope);
const billTypes = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope.type);
const PAID_BY_HAND = { reason: "paid by card", reference: "CARD-7" };
const post = (id: string, action: string, body?: unknown) =>
  h.call("POST", `/v1/bills/${id}/${action}`, body === undefined ? {} : { body });
const newSupplier = async (name: string, iban: string): Promise<string> => {
  const made = await h.call("POST", "/v1/suppliers", { body: { name, bankDetails: { iban } } });
  if (made.status !== 201) throw new Error(`supplier: ${made.status}`);
  return String((made.json as Json).id);
};
/** A bill of the supplier (matched by name), read without bank details, in PendingReview. */
const readBill = async (supplierName: string, fields: Json = {}): Promise<string> => {
  const up = await h.upload(
    pdfWith({
      supplierName,
      invoiceNumber: Math.random().toString(36),
      currency: "EUR",
      totalAmount: "98.00",
      ...fields,
    }),
  );
  const bill = await h.settled(String((up.json as Json).id));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  return String(bill.id);
};

test.serial(
  "a new account is Unconfirmed until another person confirms it: who and when on the supplier, the event, the history",
  async (t) => {
    const created = await h.call("POST", "/v1/suppliers", {
      body: { name: "Two Keys Ltd", bankDetails: { iban: IBAN_A } },
    });
    t.is(created.status, 201);
    const id = String((created.json as Json).id);
    t.like(created.json as Json, {
      bankDetailsStatus: "Unconfirmed",
      bankDetailsProposedBy: { type: "api_key" },
      bankDetailsConfirmedBy: null,
      bankDetailsConfirmedAt: null,
    });
    t.is(typeof (created.json as Json).bankDetailsProposedAt, "string");
    const none = (await h.call("POST", "/v1/suppliers", { body: { name: "No Account Yet" } })).json as Json;
    t.like(none, { bankDetailsStatus: null, bankDetailsProposedBy: null });

    const approver = await userWithToken(h, "Approver");
    // The account as the confirmer saw it, in any spelling of the same IBAN.
    const confirmed = await confirmAs(approver.token, id, "DE89 3704 0044 0532 0130 00");
    t.is(confirmed.status, 200, confirmed.text);
    t.like(confirmed.json as Json, {
      bankDetailsStatus: "Confirmed",
      bankDetailsConfirmedBy: { type: "user", id: approver.id },
      bankDetailsProposedBy: { type: "api_key" },
    });
    t.is(typeof (confirmed.json as Json).bankDetailsConfirmedAt, "string");
    const [event] = await supplierEvents(id);
    t.like(event, {
      type: "supplier.bank_details_confirmed",
      actor: { type: "user", id: approver.id },
      data: {
        supplier: { id, name: "Two Keys Ltd" },
        account: { country: "DE", accountEnding: "3000" },
        proposedBy: { type: "api_key" },
        proposedAt: (created.json as Json).bankDetailsProposedAt,
      },
    });
    const again = await confirmAs(approver.token, id, IBAN_A);
    t.is(again.status, 409);
    t.is(title(again), "BankDetails.AlreadyConfirmed");

    // An administrator changes the account: a new proposal, theirs, which they cannot confirm themselves.
    const admin = await userWithToken(h, "Admin");
    const changed = await asUser(admin.token, "PATCH", `/v1/suppliers/${id}`, { bankDetails: { iban: IBAN_B } });
    t.like(changed.json as Json, {
      bankDetailsStatus: "Unconfirmed",
      bankDetailsProposedBy: { type: "user", id: admin.id },
      bankDetailsConfirmedBy: null,
    });
    const own = await confirmAs(admin.token, id, IBAN_B);
    t.is(own.status, 403);
    t.is(title(own), "BankDetails.SameActor");
    t.regex(String((own.json as Json).detail), /another person/);
    const byKey = await h.call("POST", `/v1/suppliers/${id}/bank-details/confirm`, {
      body: { bankDetails: { iban: IBAN_B } },
    });
    // Only a person confirms: the permissions table lists no API key (the use case says BankDetails.PersonRequired
    // behind it), nor a Member (BankDetails.RoleRequired).
    t.is(byKey.status, 403);
    t.is(title(byKey), "Permission.Denied");
    const member = await userWithToken(h, "Member");
    const byMember = await confirmAs(member.token, id, IBAN_B);
    t.is(byMember.status, 403);
    t.is(title(byMember), "Permission.Denied");
    // What the approver read before the change is not what is stored now: never confirmed blindly.
    const stale = await confirmAs(approver.token, id, IBAN_A);
    t.is(stale.status, 409);
    t.is(title(stale), "BankDetails.Mismatch");
    const invalid = await confirmAs(approver.token, id, "GB00WEST12345698765432");
    t.is(invalid.status, 400);
    t.like(await supplier(id), { bankDetailsStatus: "Unconfirmed", bankDetails: { iban: IBAN_B } });
    t.deepEqual(
      (await supplierEvents(id)).map((e) => e.type),
      ["supplier.bank_details_confirmed", "supplier.bank_details_changed"],
      "refusals record nothing",
    );

    t.is((await confirmAs(approver.token, id, IBAN_B)).status, 200);
    const history = await h.call("GET", `/v1/suppliers/${id}/history`);
    t.is(history.status, 200);
    const entries = (history.json as { data: Json[] }).data;
    t.deepEqual(
      entries.map((e) => [e.type, (e.actor as Json).type, (e.actor as Json).id]),
      [
        ["supplier.bank_details_confirmed", "user", approver.id],
        ["supplier.bank_details_changed", "user", admin.id],
        ["supplier.bank_details_confirmed", "user", approver.id],
      ],
    );
    t.like(entries[2]?.details as Json, {
      account: { country: "GB", accountEnding: "5432" },
      proposedBy: { type: "user", id: admin.id },
    });
    t.false(JSON.stringify(entries).includes(IBAN_B), "the history shows accounts masked");
    const missing = await h.call("GET", `/v1/suppliers/${h.organisationId}/history`);
    t.is(missing.status, 404);
    t.is(title(missing), "Supplier.NotFound");
  },
);

test.serial(
  "approve, schedule, payment run and mark-paid of a bill to an unconfirmed account: 409 BankDetails.Unconfirmed, nothing changes; confirmed, it pays",
  async (t) => {
    const supplierId = await newSupplier("Gatekeeper GmbH", IBAN_A);
    await confirmSupplierAccount(h, supplierId);
    const waiting = await readBill("Gatekeeper GmbH");
    t.like((await post(waiting, "submit")).json as Json, { state: "NeedsApproval" });
    const approved = await readBill("Gatekeeper GmbH");
    await post(approved, "submit");
    t.like((await post(approved, "approve")).json as Json, { state: "Approved" });
    const scheduled = await readBill("Gatekeeper GmbH");
    await post(scheduled, "submit");
    await post(scheduled, "approve");
    t.like(
      (await post(scheduled, "schedule-payment", { paymentDate: "2999-01-01", paymentMethod: "BankTransfer" }))
        .json as Json,
      { state: "Scheduled" },
    );
    // The account loses its confirmation as one stored before dual control has none.
    const scope = { clientId: h.clientId, organisationId: h.organisationId };
    const stored = await h.app.database.stores.suppliers.ofId(scope, supplierId);
    if (stored === undefined) throw new Error("supplier not stored");
    await h.app.database.stores.suppliers.update({ ...stored, bankDetailsConfirmed: null });
    const before = await Promise.all([waiting, approved, scheduled].map(billTypes));
    const runsBefore = ((await h.call("GET", "/v1/payment-runs?limit=100")).json as { data: Json[] }).data.length;

    const refusals = [
      await post(waiting, "approve"),
      await post(approved, "schedule-payment", { paymentDate: "2999-01-01", paymentMethod: "BankTransfer" }),
      await h.call("POST", "/v1/payment-runs", { body: { billIds: [approved] } }),
      await h.call("POST", "/v1/payment-runs", { body: { billIds: [scheduled] } }),
      await post(approved, "mark-paid", PAID_BY_HAND),
      await post(scheduled, "mark-paid", PAID_BY_HAND),
    ];
    for (const refused of refusals) {
      t.is(refused.status, 409, refused.text);
      t.is(title(refused), "BankDetails.Unconfirmed");
      t.regex(String((refused.json as Json).detail), /Gatekeeper GmbH.*not confirmed.*bank-details\/confirm/);
    }
    t.like((await h.call("GET", `/v1/bills/${waiting}`)).json as Json, { state: "NeedsApproval", approvals: [] });
    t.like((await h.call("GET", `/v1/bills/${approved}`)).json as Json, { state: "Approved", paymentDate: null });
    t.like((await h.call("GET", `/v1/bills/${scheduled}`)).json as Json, { state: "Scheduled", paidAt: null });
    t.deepEqual(await Promise.all([waiting, approved, scheduled].map(billTypes)), before);
    t.is(((await h.call("GET", "/v1/payment-runs?limit=100")).json as { data: Json[] }).data.length, runsBefore);

    // A bill with no supplier record has nothing confirmed to pay.
    const orphan = await readBill("Nobody We Know", { bankDetails: bankDetailsOf(IBAN_B) });
    t.like((await post(orphan, "submit")).json as Json, { state: "NeedsApproval" });
    const noSupplier = await post(orphan, "approve");
    t.is(noSupplier.status, 409);
    t.is(title(noSupplier), "BankDetails.Unconfirmed");
    t.regex(String((noSupplier.json as Json).detail), /no supplier record/);

    // Confirmed by a second person, the account pays.
    await confirmSupplierAccount(h, supplierId);
    t.like((await post(waiting, "approve")).json as Json, { state: "Approved" });
    const run = await h.call("POST", "/v1/payment-runs", { body: { billIds: [approved] } });
    t.is(run.status, 201, run.text);
    t.like((run.json as { data: { items: Json[] }[] }).data[0]?.items[0], {
      billId: approved,
      creditor: { iban: IBAN_A, name: "Gatekeeper GmbH" },
    });
    t.like((await post(scheduled, "mark-paid", PAID_BY_HAND)).json as Json, { state: "Paid" });
  },
);

test.serial(
  "the five-call escalation: a changed account and an AutoApprove policy at priority 0 for changed accounts approve nothing",
  async (t) => {
    const supplierId = await newSupplier("Escalation Target AG", IBAN_A);
    await confirmSupplierAccount(h, supplierId);
    const bill = await readBill("Escalation Target AG", { bankDetails: bankDetailsOf(IBAN_A), totalAmount: "9800.00" });
    const member = await userWithToken(h, "Member");
    const patched = await asUser(member.token, "PATCH", `/v1/suppliers/${supplierId}`, {
      bankDetails: { iban: IBAN_B },
    });
    t.is(patched.status, 200);
    const policy = await h.call("POST", "/v1/approval-policies", {
      body: { name: "Changed accounts welcome", priorityOrder: 0, action: "AutoApprove", bankDetailsChanged: true },
    });
    t.is(policy.status, 201);
    try {
      const submitted = (await post(bill, "submit")).json as Json;
      t.like(submitted, { state: "NeedsApproval", bankDetailsChanged: true });
      t.regex(
        String((submitted.appliedPolicy as Json).explanation),
        /"Changed accounts welcome" would approve it automatically, but .* not be paid to its supplier's confirmed bank account/,
      );
      const run = await h.call("POST", "/v1/payment-runs", { body: { billIds: [bill] } });
      t.is(run.status, 409);
      t.like((await h.call("GET", `/v1/bills/${bill}`)).json as Json, { state: "NeedsApproval" });
    } finally {
      await h.call("DELETE", `/v1/approval-policies/${String((policy.json as Json).id)}`);
    }
  },
);

test.serial(
  "a bill's read account becomes its supplier's proposal when the supplier has none, proposed by the uploader",
  async (t) => {
    const made = await h.call("POST", "/v1/suppliers", { body: { name: "First Bill Co" } });
    const supplierId = String((made.json as Json).id);
    const member = await userWithToken(h, "Member");
    const bill = await readBill("First Bill Co", { bankDetails: bankDetailsOf(IBAN_B) });
    t.like(await supplier(supplierId), {
      bankDetails: { iban: IBAN_B },
      bankDetailsStatus: "Unconfirmed",
      bankDetailsProposedBy: { type: "api_key" },
    });
    t.like((await post(bill, "submit")).json as Json, { state: "NeedsApproval" });
    t.is(title(await post(bill, "approve")), "BankDetails.Unconfirmed");
    // A correction on another supplier without an account: the corrector proposes the bill's account.
    const other = String(((await h.call("POST", "/v1/suppliers", { body: { name: "Corrected Co" } })).json as Json).id);
    const second = await readBill("Nobody Matched", {});
    const corrected = await asUser(member.token, "PATCH", `/v1/bills/${second}`, {
      supplierId: other,
      bankDetails: { iban: IBAN_A },
    });
    t.is(corrected.status, 200, corrected.text);
    t.like(await supplier(other), {
      bankDetails: { iban: IBAN_A },
      bankDetailsStatus: "Unconfirmed",
      bankDetailsProposedBy: { type: "user", id: member.id },
    });
  },
);
