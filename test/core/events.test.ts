import { randomBytes } from "node:crypto";
import {
  catalogEntry,
  deliveryBody,
  EVENT_CATALOG,
  EVENT_TYPES,
  EventEnvelopeCodec,
  type EventType,
  isEventType,
  KnownEventEnvelope,
  makeEvent,
  SUBSCRIBABLE_EVENT_TYPES,
  SYSTEM_ACTOR,
  uuidV7Generator,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

// Copied by hand from the spec's Catalog table (service-api.md, Events > Catalog), in its order.
const SPEC_CATALOG = [
  "bill.created",
  "bill.updated",
  "bill.pending_review",
  "bill.ocr_failed",
  "bill.duplicate_detected",
  "bill.needs_approval",
  "bill.approved",
  "bill.rejected",
  "bill.scheduled",
  "bill.payment_in_progress",
  "bill.partially_paid",
  "bill.paid",
  "bill.voided",
  "bill.credited",
  "invoice.created",
  "invoice.updated",
  "invoice.sent",
  "invoice.partially_paid",
  "invoice.paid",
  "invoice.voided",
  "invoice.credited",
  "credit_note.issued",
  "recurring_invoice.generation_failed",
  "match_group.created",
  "match_group.variance",
  "match_group.resolved",
  "supplier_credit_note.issued",
  "supplier_credit.applied",
  "supplier_credit.reversed",
  "supplier.bank_details_changed",
  "supplier.bank_details_confirmed",
  "payment_account.status_changed",
  "payment.unapplied",
  "payment_run.proposed",
  "payment_run.approval_recorded",
  "payment_run.approved",
  "payment_run.released",
  "payment_run.rejected",
  "payment_run.transfer_confirmed",
  "payment_run.transfer_returned",
  "company_bill.awaiting_organisation",
];

// Each catalog entry has its own codec type; tests only need to decode unknown input.
type Decoder = { decode(u: unknown): E.Either<unknown, unknown> };

const clock = { now: () => new Date("2026-03-01T12:00:00.000Z") };
const ids = uuidV7Generator(clock, randomBytes);
const billId = "0190f5a4-7c3b-7fee-9dcc-bbaa99887766";
const otherBillId = "0190f5a4-7c3b-7fee-9dcc-bbaa99887700";
const orgId = "0190f5a4-0000-7000-8000-000000000001";
const user = { type: "user", id: "0190f5a4-0000-7000-8000-0000000000aa" } as const;

const bill = {
  id: billId,
  state: "PendingReview",
  supplierName: "Acme Ltd",
  invoiceNumber: "INV-1",
  currency: "EUR" as const,
  totalAmount: "1234.50",
  lineItems: [{ description: "Widgets", amount: "1234.50" }],
  confidence: 0.93,
  dueDate: "2026-04-01",
};
const freshBill = {
  ...bill,
  state: "Extracting",
  supplierName: null,
  invoiceNumber: null,
  currency: null,
  totalAmount: null,
  lineItems: [],
};
const invoice = { id: billId, documentNumber: "INV-0001", status: "Draft" };
const supplierCreditNote = { id: otherBillId, number: "SCN-1" };

// One valid payload per event type, as the spec's "Payload (data) by event" table says.
const paymentRun = {
  id: otherBillId,
  status: "Proposed",
  currency: "EUR",
  executionDate: "2026-03-02",
  controlSum: "1234.50",
  numberOfTransactions: 1,
  approvalsRequired: 2,
  approvalCount: 0,
};
const transfer = { billId, endToEndId: billId.replace(/-/g, ""), amount: "1234.50", status: "Paid" };

const samples: { [K in EventType]: unknown } = {
  "bill.created": { bill: freshBill },
  "bill.updated": { bill },
  "bill.pending_review": { bill },
  "bill.ocr_failed": { bill: { ...freshBill, state: "ExtractionFailed" } },
  "bill.duplicate_detected": { bill, duplicateOfBillId: otherBillId, matchBasis: "SupplierName", sameFile: true },
  "bill.needs_approval": { bill },
  "bill.approved": { bill },
  "bill.rejected": { bill },
  "bill.scheduled": { bill },
  "bill.payment_in_progress": { bill: { ...bill, state: "PaymentInProgress" } },
  "bill.partially_paid": {
    bill: { ...bill, state: "PartiallyPaid" },
    manualPayment: { reason: "half by card", reference: "RCPT-0041" },
  },
  "bill.paid": { bill, manualPayment: { reason: "paid by card at the counter", reference: "RCPT-0042" } },
  "bill.voided": { bill },
  "bill.credited": { bill },
  "invoice.created": { invoice },
  "invoice.updated": { invoice },
  "invoice.sent": { invoice },
  "invoice.partially_paid": { invoice },
  "invoice.paid": { invoice },
  "invoice.voided": { invoice },
  "invoice.credited": { invoice },
  "credit_note.issued": { creditNote: { id: otherBillId, amount: "10.00" } },
  "recurring_invoice.generation_failed": {
    schedule: { id: otherBillId, cadence: "Monthly" },
    occurrenceNumber: 3,
    errorCode: "Customer.NotFound",
    errorMessage: "The customer was deleted.",
  },
  "match_group.created": { matchGroup: { id: otherBillId, billId, status: "Open" } },
  "match_group.variance": { matchGroup: { id: otherBillId, billId, status: "Variance" } },
  "match_group.resolved": { matchGroup: { id: otherBillId, billId, status: "Resolved" } },
  "supplier_credit_note.issued": { supplierCreditNote },
  "supplier_credit.applied": { supplierCreditNote, billId, amount: "25.00", currency: "EUR" },
  "supplier_credit.reversed": { supplierCreditNote, billId, amount: "25.00", currency: "EUR" },
  "supplier.bank_details_changed": {
    supplier: { id: otherBillId, name: "Acme GmbH" },
    previous: { country: "DE", accountEnding: "3000" },
    current: { country: "DE", accountEnding: "3001" },
  },
  "supplier.bank_details_confirmed": {
    supplier: { id: otherBillId, name: "Acme GmbH" },
    account: { country: "DE", accountEnding: "3001" },
    proposedBy: { type: "api_key", id: billId },
    proposedAt: "2026-03-01T12:00:00.000Z",
  },
  "payment_account.status_changed": {
    paymentAccount: {
      provider: "stripe",
      accountId: billId,
      status: "Active",
      previousStatus: "OnboardingInProgress",
      chargesEnabled: true,
      payoutsEnabled: true,
    },
  },
  "payment.unapplied": {
    payment: {
      provider: "stripe",
      eventId: otherBillId,
      invoiceId: null,
      amount: "12.50",
      currency: "EUR",
      reason: "unknown invoice",
    },
  },
  "payment_run.proposed": { paymentRun },
  "payment_run.approval_recorded": { paymentRun },
  "payment_run.approved": { paymentRun: { ...paymentRun, status: "Approved", approvalCount: 1 } },
  "payment_run.released": { paymentRun: { ...paymentRun, status: "InProgress", approvalCount: 1 } },
  "payment_run.rejected": { paymentRun: { ...paymentRun, status: "Rejected" }, reason: "wrong supplier" },
  "payment_run.transfer_confirmed": { paymentRun, transfer },
  "payment_run.transfer_returned": {
    paymentRun,
    transfer: { ...transfer, status: "Returned", returnReason: "AC04 account closed" },
  },
  "company_bill.awaiting_organisation": { billId },
  "webhook.test": { subscriptionId: otherBillId, message: "Test event from apar" },
};

test("the catalog is exactly the spec's table, bill.payment_in_progress and supplier.bank_details_changed (issue 15), bill.partially_paid (issue 34), the payment account events (issue 16), supplier.bank_details_confirmed and the payment run events (issue 32) and webhook.test", (t) => {
  t.deepEqual([...EVENT_TYPES], [...SPEC_CATALOG, "webhook.test"]);
  t.deepEqual([...SUBSCRIBABLE_EVENT_TYPES], SPEC_CATALOG);
});

test("every catalog type has a description, a subject type and a payload codec that accepts its sample", (t) => {
  for (const type of EVENT_TYPES) {
    const entry = catalogEntry(type);
    t.true(entry.description.length > 0, type);
    t.regex(entry.subjectType, /^[a-z_]+$/, type);
    t.is(typeof entry.codec.decode, "function", type);
    const codec: Decoder = entry.codec;
    const decoded = codec.decode(samples[type]);
    t.true(E.isRight(decoded), `${type}: ${JSON.stringify(E.isLeft(decoded) ? decoded.left : "")}`);
  }
  t.true(isEventType("bill.created"));
  t.false(isEventType("bill.exploded"));
  t.false(isEventType("toString"));
});

test("payload codecs refuse members the spec does not list", (t) => {
  const refuses = (type: EventType, data: unknown) => {
    const codec: Decoder = EVENT_CATALOG[type].codec;
    t.true(E.isLeft(codec.decode(data)), type);
  };
  refuses("match_group.created", { matchGroup: { id: otherBillId, billId, status: "Open", lines: [] } });
  refuses("company_bill.awaiting_organisation", { billId, bill });
  refuses("bill.approved", { bill, extra: true });
  refuses("bill.approved", { invoice });
  refuses("bill.duplicate_detected", { bill, duplicateOfBillId: otherBillId, matchBasis: "Vibes" });
  refuses("bill.duplicate_detected", {
    bill,
    duplicateOfBillId: otherBillId,
    matchBasis: "SupplierId",
    sameFile: false,
  });
  refuses("supplier_credit.applied", { supplierCreditNote, billId, amount: 25, currency: "EUR" });
  refuses("supplier_credit.applied", { supplierCreditNote, billId, amount: "25.00", currency: "euro" });
  refuses("recurring_invoice.generation_failed", {
    schedule: { id: otherBillId },
    occurrenceNumber: 0,
    errorCode: "X",
    errorMessage: "",
  });
  refuses("invoice.sent", { invoice: { documentNumber: "no id" } });
  refuses("bill.paid", { bill, manualPayment: { reason: "by hand" } });
  refuses("bill.partially_paid", { bill, manualPayment: { reference: "by hand" } });
  refuses("payment_run.rejected", { paymentRun });
  refuses("payment_run.approved", { paymentRun: { ...paymentRun, items: [] } });
  refuses("payment_run.transfer_confirmed", { paymentRun, transfer: { ...transfer, amount: 12 } });
});

test("the bill codec checks the spec's bill fields and lets other fields through", (t) => {
  const codec = EVENT_CATALOG["bill.pending_review"].codec;
  t.true(E.isRight(codec.decode({ bill: { ...bill, paymentTerms: "Net 30" } })));
  for (const broken of [
    { ...bill, id: "bill-1" },
    { ...bill, totalAmount: 1234.5 },
    { ...bill, currency: "XYZ" },
    { ...bill, confidence: 1.2 },
    { ...bill, lineItems: "none" },
    { ...bill, supplierName: undefined },
  ]) {
    t.true(E.isLeft(codec.decode({ bill: broken })), JSON.stringify(broken));
  }
});

test("makeEvent builds an outbox event with the envelope the spec describes", (t) => {
  const event = makeEvent({
    ids,
    clock,
    type: "bill.pending_review",
    organisationId: orgId,
    actor: user,
    data: { bill },
    clientId: "client-1",
  });
  t.regex(event.envelope.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  t.is(event.envelope.type, "bill.pending_review");
  t.is(event.envelope.occurredAt, "2026-03-01T12:00:00.000Z");
  t.is(event.envelope.organisationId, orgId);
  t.deepEqual(event.envelope.actor, user);
  t.deepEqual(event.envelope.data, { bill }, "the payload is the caller's, not a normalised copy");
  t.is(event.clientId, "client-1");
  t.is(event.subjectType, "bill");
  t.is(event.subjectId, billId);
  t.true(E.isRight(KnownEventEnvelope.decode(event.envelope)));
});

test("makeEvent works for every type and finds each subject", (t) => {
  for (const type of EVENT_TYPES) {
    const event = makeEvent({
      ids,
      clock,
      type,
      organisationId: orgId,
      actor: SYSTEM_ACTOR,
      data: samples[type] as never,
      clientId: "c",
    });
    t.is(event.subjectType, catalogEntry(type).subjectType);
    t.true(event.subjectId === billId || event.subjectId === otherBillId, type);
    t.true(E.isRight(KnownEventEnvelope.decode(JSON.parse(JSON.stringify(event.envelope)))), type);
  }
  const credit = makeEvent({
    ids,
    clock,
    type: "supplier_credit.applied",
    organisationId: orgId,
    actor: SYSTEM_ACTOR,
    data: samples["supplier_credit.applied"] as never,
    clientId: "c",
  });
  t.is(credit.subjectId, otherBillId, "a supplier credit is about the credit note");
  const overridden = makeEvent({
    ids,
    clock,
    type: "bill.credited",
    organisationId: orgId,
    actor: SYSTEM_ACTOR,
    data: { bill } as never,
    clientId: "c",
    subject: { type: "supplier_credit_note", id: otherBillId },
  });
  t.deepEqual([overridden.subjectType, overridden.subjectId], ["supplier_credit_note", otherBillId]);
});

test("makeEvent throws on a payload that breaks its codec: that is a bug, not a user error", (t) => {
  const error = t.throws(() =>
    makeEvent({
      ids,
      clock,
      type: "match_group.created",
      organisationId: orgId,
      actor: SYSTEM_ACTOR,
      data: { matchGroup: { id: otherBillId, billId, status: "Open", extra: 1 } } as never,
      clientId: "c",
    }),
  );
  t.regex(error?.message ?? "", /match_group\.created.*extra/);
  t.throws(() =>
    makeEvent({
      ids,
      clock,
      type: "unknown.type" as EventType,
      organisationId: orgId,
      actor: SYSTEM_ACTOR,
      data: {} as never,
      clientId: "c",
    }),
  );
});

test("makeEvent insists on an organisation except for events that may have none", (t) => {
  t.throws(
    () =>
      makeEvent({
        ids,
        clock,
        type: "bill.created",
        organisationId: null,
        actor: SYSTEM_ACTOR,
        data: { bill: freshBill } as never,
        clientId: "c",
      }),
    { message: /organisationId/ },
  );
  const waiting = makeEvent({
    ids,
    clock,
    type: "company_bill.awaiting_organisation",
    organisationId: null,
    actor: SYSTEM_ACTOR,
    data: { billId },
    clientId: "c",
  });
  t.is(waiting.envelope.organisationId, null);
});

test("makeEvent refuses an actor whose id does not fit its type", (t) => {
  const data = { billId };
  t.throws(() =>
    makeEvent({
      ids,
      clock,
      type: "company_bill.awaiting_organisation",
      organisationId: null,
      actor: { type: "system", id: "x" },
      data,
      clientId: "c",
    }),
  );
  t.throws(() =>
    makeEvent({
      ids,
      clock,
      type: "company_bill.awaiting_organisation",
      organisationId: null,
      actor: { type: "api_key", id: null },
      data,
      clientId: "c",
    }),
  );
});

test("the envelope codec checks the spec's envelope", (t) => {
  const envelope = makeEvent({
    ids,
    clock,
    type: "bill.approved",
    organisationId: orgId,
    actor: user,
    data: { bill },
    clientId: "c",
  }).envelope;
  t.true(E.isRight(EventEnvelopeCodec.decode(envelope)));
  for (const broken of [
    { ...envelope, id: "x" },
    { ...envelope, occurredAt: "yesterday" },
    { ...envelope, actor: { type: "system", id: "someone" } },
    { ...envelope, actor: { type: "robot", id: "r" } },
    { ...envelope, data: [] },
    { ...envelope, extra: 1 },
  ]) {
    t.true(E.isLeft(EventEnvelopeCodec.decode(broken)), JSON.stringify(broken));
  }
  t.true(E.isLeft(KnownEventEnvelope.decode({ ...envelope, type: "bill.exploded" })));
  t.true(
    E.isLeft(KnownEventEnvelope.decode({ ...envelope, data: { bill: { id: billId } } })),
    "data must match the type's codec",
  );
  t.true(
    E.isRight(EventEnvelopeCodec.decode({ ...envelope, data: { bill: { id: billId } } })),
    "the plain envelope does not look inside data",
  );
});

test("makeEvent adds companyId to the envelope only when given, and the envelope codec accepts it", (t) => {
  const ids = { next: () => "0190a000-0000-7000-8000-000000000001" };
  const clock = { now: () => new Date("2026-11-21T12:00:00.000Z") };
  const companyId = "0190a000-0000-7000-8000-0000000000c0";
  const billId = "0190a000-0000-7000-8000-0000000000b1";
  const base = {
    ids,
    clock,
    type: "company_bill.awaiting_organisation",
    clientId: "0190a000-0000-7000-8000-0000000000aa",
    organisationId: null,
    actor: SYSTEM_ACTOR,
    data: { billId },
  } as const;
  const withCompany = makeEvent({ ...base, companyId }).envelope;
  t.is(withCompany.companyId, companyId);
  t.deepEqual(withCompany.data, { billId });
  t.false("companyId" in makeEvent(base).envelope);
  t.true(E.isRight(EventEnvelopeCodec.decode(withCompany)));
  // Webhook bodies carry it too, and nothing more than the envelope.
  t.deepEqual(Object.keys(JSON.parse(deliveryBody(withCompany))), [
    "id",
    "type",
    "occurredAt",
    "organisationId",
    "companyId",
    "actor",
    "data",
  ]);
  t.false(deliveryBody(makeEvent(base).envelope).includes("companyId"));
});
