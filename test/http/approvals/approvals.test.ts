import test from "ava";
import {
  type BillHarness,
  confirmSupplierAccount,
  pdfWith,
  startBillHarness,
  userWithToken,
} from "../bills/bill-harness.js";
import { send } from "../support/client.js";

let h: BillHarness;
test.before(async () => {
  h = await startBillHarness();
  // The fake reader's bills name "Default Supplier": its account is confirmed, so its bills may be approved and paid.
  const supplier = await h.call("POST", "/v1/suppliers", {
    body: { name: "Default Supplier", bankDetails: { iban: "DE89370400440532013000" } },
  });
  await confirmSupplierAccount(h, String((supplier.json as Record<string, unknown>).id));
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const title = (a: { json: unknown }) => (a.json as { title?: unknown }).title;
const typesOf = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).map((e) => e.envelope.type);

/** A bill in PendingReview with the given total and currency. */
const reviewed = async (fields: Json = {}): Promise<string> => {
  const up = await h.upload(
    pdfWith({ currency: "EUR", totalAmount: "100.00", invoiceNumber: Math.random().toString(36), ...fields }),
  );
  const bill = await h.settled(String((up.json as Json).id));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}`);
  return String(bill.id);
};

/** A user of the harness's client with a role in its organisation, and a bearer token for it. */
const approver = (role: "Approver" | "Admin" | "Member") => userWithToken(h, role);

/** A bill action with a user's bearer token (and a JSON body when given). */
const as = (token: string, id: string, action: string, body?: unknown) =>
  send(h.app.port ?? 0, {
    method: "POST",
    path: `/v1/bills/${id}/${action}`,
    headers: {
      authorization: `Bearer ${token}`,
      "x-service-organisation-id": h.organisationId,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
  });

const post = (id: string, action: string, body?: unknown) =>
  h.call("POST", `/v1/bills/${id}/${action}`, body === undefined ? {} : { body });

test.serial("policies: create, list in priority order, get, replace (new version), delete, validation", async (t) => {
  const a = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Late", priorityOrder: 900, action: "AutoVoid" },
  });
  t.is(a.status, 201);
  const b = await h.call("POST", "/v1/approval-policies", {
    body: {
      name: "Early",
      priorityOrder: 5,
      action: "AlwaysReview",
      amountGte: "1000",
      currency: "EUR",
      minConfidence: 0.5,
    },
  });
  t.is(b.status, 201);
  t.like(b.json as Json, {
    version: 1,
    active: true,
    supplierStanding: "Any",
    approvalsRequired: 1,
    amountGte: "1000.00",
  });
  // Bounds are written with the policy's currency's minor digits; a policy for any currency has none to pad to.
  const anyCurrency = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Any currency", priorityOrder: 950, action: "AlwaysReview", amountGte: "250.50", amountLte: "1000" },
  });
  t.is(anyCurrency.status, 201, anyCurrency.text);
  t.like(anyCurrency.json as Json, { amountGte: "250.5", amountLte: "1000", currency: null });
  t.is((await h.call("DELETE", `/v1/approval-policies/${String((anyCurrency.json as Json).id)}`)).status, 204);
  const list = await h.call("GET", "/v1/approval-policies");
  t.deepEqual(
    (list.json as { data: Json[] }).data.map((p) => p.name),
    ["Early", "Late"],
  );
  const id = String((a.json as Json).id);
  const put = await h.call("PUT", `/v1/approval-policies/${id}`, {
    body: { name: "Late", priorityOrder: 901, action: "AutoVoid", active: false },
  });
  t.like(put.json as Json, { version: 2, priorityOrder: 901, active: false });
  t.like((await h.call("GET", `/v1/approval-policies/${id}`)).json as Json, { version: 2 });
  const bad = await h.call("POST", "/v1/approval-policies", {
    body: { name: "", priorityOrder: 1001, action: "Maybe", amountGte: "5", amountLte: "1" },
  });
  t.is(bad.status, 400);
  const order = await h.call("POST", "/v1/approval-policies", {
    body: { name: "x", priorityOrder: 1, action: "AutoApprove", amountGte: "5", amountLte: "1" },
  });
  t.is(order.status, 400);
  const ghost = await h.call("POST", "/v1/approval-policies", {
    body: {
      name: "x",
      priorityOrder: 1,
      action: "AlwaysReview",
      approverUserIds: ["01900000-0000-7000-8000-000000000001"],
    },
  });
  t.is(ghost.status, 400);
  t.is((await h.call("DELETE", `/v1/approval-policies/${id}`)).status, 204);
  t.is((await h.call("DELETE", `/v1/approval-policies/${id}`)).status, 404);
  t.is((await h.call("DELETE", `/v1/approval-policies/${String((b.json as Json).id)}`)).status, 204);
});

test.serial(
  "no policy: submit goes to NeedsApproval; an administrator approves; schedule, unschedule, pay",
  async (t) => {
    const id = await reviewed();
    const sub = await post(id, "submit");
    t.is(sub.status, 200);
    const bill = sub.json as Json;
    t.is(bill.state, "NeedsApproval");
    t.like(bill.appliedPolicy as Json, { policyId: null, action: "AlwaysReview", approvalsRequired: 1 });
    t.is((await post(id, "submit")).status, 409);
    t.like((await post(id, "approve")).json as Json, { state: "Approved" });
    t.is((await post(id, "schedule-payment", { paymentDate: "2026-13-01", paymentMethod: "x" })).status, 400);
    const sched = await post(id, "schedule-payment", { paymentDate: "2026-12-01", paymentMethod: "BankTransfer" });
    t.like(sched.json as Json, { state: "Scheduled", paymentDate: "2026-12-01", paymentMethod: "BankTransfer" });
    t.like((await post(id, "unschedule")).json as Json, { state: "Approved", paymentDate: null });
    const paid = await post(id, "mark-paid", { reason: "paid by card at the counter", reference: "RCPT-0042" });
    t.is((paid.json as Json).state, "Paid");
    t.is(typeof (paid.json as Json).paidAt, "string");
    const late = await post(id, "reject", { reason: "too late" });
    t.is(late.status, 409);
    t.is(title(late), "Bill.InvalidTransition");
    t.is((late.json as Json).detail, "A bill in state Paid cannot be rejected.");
    t.deepEqual((await typesOf(id)).slice(2), [
      "bill.needs_approval",
      "bill.approved",
      "bill.scheduled",
      "bill.updated",
      "bill.paid",
    ]);
    const got = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
    t.like(got.appliedPolicy as Json, { action: "AlwaysReview" });
  },
);

test.serial(
  "policies decide: auto-approve small EUR bills, auto-void by currency; the snapshot survives edits",
  async (t) => {
    const small = await h.call("POST", "/v1/approval-policies", {
      body: { name: "Small", priorityOrder: 10, action: "AutoApprove", amountLte: "500", currency: "EUR" },
    });
    const usd = await h.call("POST", "/v1/approval-policies", {
      body: { name: "No USD", priorityOrder: 20, action: "AutoVoid", currency: "USD" },
    });
    const a = await reviewed();
    const approved = (await post(a, "submit")).json as Json;
    t.is(approved.state, "Approved");
    const decision = approved.appliedPolicy as Json;
    t.like(decision, {
      policyId: (small.json as Json).id,
      policyVersion: 1,
      policyName: "Small",
      action: "AutoApprove",
    });
    t.deepEqual(decision.matchedConditions, [
      { condition: "currency", expected: "EUR", actual: "EUR" },
      { condition: "amountLte", expected: "500.00", actual: "100.00" },
    ]);
    const b = await reviewed({ currency: "USD" });
    const voided = (await post(b, "submit")).json as Json;
    t.is(voided.state, "Voided");
    t.true(String(voided.voidReason).includes("No USD"));
    await h.call("PUT", `/v1/approval-policies/${String((small.json as Json).id)}`, {
      body: { name: "Renamed", priorityOrder: 10, action: "AutoVoid" },
    });
    t.like(((await h.call("GET", `/v1/bills/${a}`)).json as Json).appliedPolicy as Json, {
      policyName: "Small",
      policyVersion: 1,
    });
    for (const p of [small, usd]) await h.call("DELETE", `/v1/approval-policies/${String((p.json as Json).id)}`);
  },
);

test.serial("a bill flagged as a possible duplicate cannot be submitted until the flag is dismissed", async (t) => {
  const first = await reviewed({ invoiceNumber: "DUP-1", supplierName: "Dup Co" });
  const second = await reviewed({ invoiceNumber: "DUP-1", supplierName: "Dup Co" });
  t.truthy(first);
  const refused = await post(second, "submit");
  t.is(refused.status, 409);
  t.true(String((refused.json as Json).detail).includes("duplicate"));
  t.is((await post(second, "dismiss-duplicate")).status, 200);
  t.is(((await post(second, "submit")).json as Json).state, "NeedsApproval");
});

test.serial("reject needs a reason; reopen; listed approvers only; quorum of two", async (t) => {
  const id = await reviewed();
  await post(id, "submit");
  t.is((await post(id, "reject", {})).status, 400);
  const rejected = await post(id, "reject", { reason: "wrong amount" });
  t.like(rejected.json as Json, { state: "Rejected", rejectionReason: "wrong amount" });
  const reopened = await post(id, "reopen");
  t.is((reopened.json as Json).state, "PendingReview", JSON.stringify(reopened.json));
  t.is((await post(id, "reopen")).status, 409);
  // A policy naming approvers: the API key (an administrator, but not listed) may not approve.
  const [ann, bob, eve] = [await approver("Approver"), await approver("Approver"), await approver("Admin")];
  const users = [ann.id, bob.id];
  const p = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Two", priorityOrder: 0, action: "AlwaysReview", approverUserIds: users, approvalsRequired: 2 },
  });
  t.is(p.status, 201, JSON.stringify(p.json));
  const again = (await post(id, "submit")).json as Json;
  t.like(again, { state: "NeedsApproval", rejectionReason: null });
  t.like(again.appliedPolicy as Json, { approvalsRequired: 2, approverUserIds: users });
  const denied = await post(id, "approve");
  t.is(denied.status, 403);
  t.is(title(denied), "Bill.NotApprover");
  t.is((await as(eve.token, id, "approve")).status, 403, "an organisation admin not listed");
  const first = await as(ann.token, id, "approve");
  t.like(first.json as Json, { state: "NeedsApproval" });
  t.deepEqual(
    ((first.json as Json).approvals as Json[]).map((a) => (a.actor as Json).id),
    [ann.id],
  );
  t.is(title(await as(ann.token, id, "approve")), "Bill.AlreadyApproved");
  // A later policy change does not alter the bill in flight.
  await h.call("PUT", `/v1/approval-policies/${String((p.json as Json).id)}`, {
    body: { name: "Two", priorityOrder: 0, action: "AlwaysReview", approverUserIds: [eve.id], approvalsRequired: 1 },
  });
  t.is((await as(eve.token, id, "approve")).status, 403);
  t.like((await as(bob.token, id, "approve")).json as Json, { state: "Approved" });
  const types = await typesOf(id);
  t.deepEqual(types.slice(-3), ["bill.needs_approval", "bill.updated", "bill.approved"]);
  await h.call("DELETE", `/v1/approval-policies/${String((p.json as Json).id)}`);
});

test.serial(
  "marking a bill paid by hand: an administrator, a reason and a reference, carried by bill.paid and the history",
  async (t) => {
    const id = await reviewed();
    t.like((await post(id, "submit")).json as Json, { state: "NeedsApproval" });
    t.like((await post(id, "approve")).json as Json, { state: "Approved" });
    for (const body of [undefined, {}, { reason: "cash" }, { reference: "R-1" }, { reason: " ", reference: "R-1" }]) {
      const bad = await post(id, "mark-paid", body);
      t.is(bad.status, 400, JSON.stringify(body));
    }
    const why = { reason: "paid by card at the counter", reference: "RCPT-0042" };
    const byMember = await as((await approver("Member")).token, id, "mark-paid", why);
    t.is(byMember.status, 403);
    t.is(title(byMember), "Permission.Denied", "the permissions table keeps mark-paid to administrators");
    const byApprover = await as((await approver("Approver")).token, id, "mark-paid", why);
    t.is(byApprover.status, 403, "an Approver is not an administrator");
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved", "nothing moved");
    const paid = await post(id, "mark-paid", why);
    t.is(paid.status, 200);
    t.is((paid.json as Json).state, "Paid");
    const event = (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).at(-1)?.envelope;
    t.like(event, { type: "bill.paid", actor: { type: "api_key" }, data: { manualPayment: why } });
    const history = ((await h.call("GET", `/v1/bills/${id}/history`)).json as { data: Json[] }).data;
    t.like(history.at(-1), { type: "bill.paid", details: { manualPayment: why } });
  },
);

test.serial(
  "an Approved or Scheduled bill goes back to review with a reason, by an Approver; decision, approvals and date are taken again",
  async (t) => {
    const id = await reviewed();
    await post(id, "submit");
    t.like((await post(id, "approve")).json as Json, { state: "Approved" });
    for (const body of [undefined, {}, { reason: " " }]) t.is((await post(id, "return-to-review", body)).status, 400);
    const why = { reason: "the supplier sent a corrected invoice" };
    const byMember = await as((await approver("Member")).token, id, "return-to-review", why);
    t.is(byMember.status, 403);
    t.is(title(byMember), "Permission.Denied", "a Member is not in the table's row");
    const approverToken = (await approver("Approver")).token;
    const back = await as(approverToken, id, "return-to-review", why);
    t.is(back.status, 200, JSON.stringify(back.json));
    t.like(back.json as Json, { state: "PendingReview", appliedPolicy: null, approvals: [], paymentDate: null });
    const event = (await h.app.database.stores.events.ofSubject(h.clientId, "bill", id)).at(-1)?.envelope;
    t.like(event, { type: "bill.pending_review", actor: { type: "user" }, data: { returnedToReview: why } });
    const history = ((await h.call("GET", `/v1/bills/${id}/history`)).json as { data: Json[] }).data;
    t.like(history.at(-1), { type: "bill.pending_review", details: { returnedToReview: why } });
    t.like(history.at(-1), { changes: [{ field: "state", from: "Approved", to: "PendingReview" }] });
    // Corrected and submitted again, it is approved again and scheduled; a Scheduled bill goes back too
    t.is((await h.call("PATCH", `/v1/bills/${id}`, { body: { invoiceNumber: "CORRECTED-1" } })).status, 200);
    t.like((await post(id, "submit")).json as Json, { state: "NeedsApproval" });
    t.like((await post(id, "approve")).json as Json, { state: "Approved" });
    const scheduled = await post(id, "schedule-payment", { paymentDate: "2026-12-01", paymentMethod: "BankTransfer" });
    t.like(scheduled.json as Json, { state: "Scheduled" });
    t.like((await post(id, "return-to-review", { reason: "wrong payment date" })).json as Json, {
      state: "PendingReview",
      paymentDate: null,
      paymentMethod: null,
    });
    const twice = await post(id, "return-to-review", why);
    t.is(twice.status, 409);
    t.is((twice.json as Json).detail, "A bill in state PendingReview cannot be sent back to review.");
  },
);

test.serial(
  "without listed approvers: an organisation Admin approves with a bearer token, a Member may not",
  async (t) => {
    const [admin, member] = [await approver("Admin"), await approver("Member")];
    const id = await reviewed();
    t.is(((await post(id, "submit")).json as Json).state, "NeedsApproval");
    const refused = await as(member.token, id, "approve");
    t.is(refused.status, 403);
    t.is(title(refused), "Permission.Denied", "a Member is not in the table's row for approving");
    const rejected = await as(member.token, id, "reject");
    t.is(rejected.status, 403, "the role is checked before the body is read");
    t.is(title(rejected), "Permission.Denied");
    const approved = await as(admin.token, id, "approve");
    t.like(approved.json as Json, { state: "Approved" });
    t.deepEqual(
      ((approved.json as Json).approvals as Json[]).map((a) => a.actor),
      [{ type: "user", id: admin.id }],
    );
  },
);

test.serial("two approvers racing to a quorum of two both count", async (t) => {
  const [ann, bob] = [await approver("Approver"), await approver("Approver")];
  const p = await h.call("POST", "/v1/approval-policies", {
    body: {
      name: "Pair",
      priorityOrder: 0,
      action: "AlwaysReview",
      approverUserIds: [ann.id, bob.id],
      approvalsRequired: 2,
    },
  });
  const id = await reviewed();
  await post(id, "submit");
  const both = await Promise.all([as(ann.token, id, "approve"), as(bob.token, id, "approve")]);
  t.deepEqual(
    both.map((a) => a.status),
    [200, 200],
  );
  const bill = (await h.call("GET", `/v1/bills/${id}`)).json as Json;
  t.is(bill.state, "Approved");
  t.is((bill.approvals as Json[]).length, 2);
  await h.call("DELETE", `/v1/approval-policies/${String((p.json as Json).id)}`);
});

test.serial("concurrent moves of one bill: exactly one winner", async (t) => {
  for (let round = 0; round < 3; round++) {
    const id = await reviewed();
    const submits = await Promise.all(Array.from({ length: 6 }, () => post(id, "submit")));
    t.deepEqual(submits.map((a) => a.status).sort(), [200, 409, 409, 409, 409, 409]);
    // Each of these leaves NeedsApproval, and none is legal from where another lands (quorum of one).
    const moves = await Promise.all([
      post(id, "approve"),
      post(id, "reject", { reason: "r" }),
      post(id, "approve"),
      post(id, "reject", { reason: "s" }),
    ]);
    t.is(
      moves.filter((a) => a.status === 200).length,
      1,
      moves.map((a) => `${a.status} ${String(title(a))}`).join(", "),
    );
    const types = await typesOf(id);
    t.is(types.filter((x) => x === "bill.needs_approval").length, 1);
    t.is(types.filter((x) => ["bill.approved", "bill.rejected"].includes(x)).length, 1);
  }
});
