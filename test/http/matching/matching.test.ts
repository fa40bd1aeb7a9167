import test from "ava";
import { type BillHarness, confirmSupplierAccount, pdfWith, startBillHarness } from "../bills/bill-harness.js";
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
const groupEvents = async (id: string) =>
  (await h.app.database.stores.events.ofSubject(h.clientId, "match_group", id)).map((e) => e.envelope);

const bill = async (fields: Json) => {
  const up = await h.upload(pdfWith({ currency: "EUR", invoiceNumber: `M-${Math.random()}`, ...fields }));
  return h.settled(String((up.json as Json).id));
};

test.serial("purchase orders and delivery notes: create, read, update, numbers unique, close, delete", async (t) => {
  const created = await h.call("POST", "/v1/purchase-orders", {
    body: { number: "PO-100", lines: [{ sku: "W-1", description: "Widget", quantity: "10", unitPrice: "5.00" }] },
  });
  t.is(created.status, 201);
  const po = created.json as Json;
  t.like(po, { number: "PO-100", status: "Open" });
  t.is((await h.call("POST", "/v1/purchase-orders", { body: { number: "PO-100", lines: [] } })).status, 409);
  t.is(
    (
      await h.call("POST", "/v1/purchase-orders", {
        body: { number: "PO-X", lines: [{ description: "x", quantity: "0" }] },
      })
    ).status,
    400,
  );
  const patched = await h.call("PATCH", `/v1/purchase-orders/${String(po.id)}`, { body: { currency: "EUR" } });
  t.like(patched.json as Json, { currency: "EUR", number: "PO-100" });
  const dn = await h.call("POST", "/v1/delivery-notes", {
    body: { number: "DN-100", purchaseOrderId: po.id, lines: [{ sku: "W-1", description: "Widget", quantity: "10" }] },
  });
  t.is(dn.status, 201);
  const put = await h.call("PUT", `/v1/delivery-notes/${String((dn.json as Json).id)}`, {
    body: {
      number: "DN-100",
      purchaseOrderId: po.id,
      receivedDate: "2026-02-01",
      lines: [{ description: "Widget", quantity: "9" }],
    },
  });
  t.like(put.json as Json, { receivedDate: "2026-02-01" });
  t.is((((await h.call("GET", "/v1/delivery-notes")).json as Json).data as Json[]).length, 1);
  t.is(((await h.call("POST", `/v1/purchase-orders/${String(po.id)}/close`)).json as Json).status, "Closed");
  t.is((await h.call("POST", `/v1/purchase-orders/${String(po.id)}/cancel`)).status, 409);
  t.is((await h.call("DELETE", `/v1/delivery-notes/${String((dn.json as Json).id)}`)).status, 204);
  t.is((await h.call("DELETE", `/v1/purchase-orders/${String(po.id)}`)).status, 204);
  t.is((await h.call("GET", `/v1/purchase-orders/${String(po.id)}`)).status, 404);
});

test.serial("a price variance beyond a Block tolerance holds the bill in review until it is resolved", async (t) => {
  const po = (
    await h.call("POST", "/v1/purchase-orders", {
      body: {
        number: "PO-200",
        lines: [{ sku: "GAD-9", description: "Gadget large", quantity: "4", unitPrice: "10.00" }],
      },
    })
  ).json as Json;
  const dn = (
    await h.call("POST", "/v1/delivery-notes", {
      body: {
        number: "DN-200",
        purchaseOrderId: po.id,
        lines: [{ sku: "GAD-9", description: "Gadget large", quantity: "4" }],
      },
    })
  ).json as Json;
  const b = await bill({
    purchaseOrderNumber: "PO-200",
    totalAmount: "60.00",
    lineItems: [{ description: "Gadget large GAD-9", quantity: "4", unitPrice: "15.00", amount: "60.00" }],
  });
  const created = await h.call("POST", "/v1/match-groups", { body: { billId: b.id, deliveryNoteIds: [dn.id] } });
  t.is(created.status, 201, JSON.stringify(created.json));
  t.is(((await h.call("GET", `/v1/purchase-orders/${String(po.id)}`)).json as Json).status, "FullyMatched");
  const group = created.json as Json;
  t.is(group.status, "Variance");
  t.deepEqual(
    (group.variances as Json[]).map((v) => [v.type, v.severity, v.expected, v.actual]),
    [["Price", "Block", "10.00", "15.00"]],
    "money variances in the bill currency's minor digits, as the bill writes its lines",
  );
  t.deepEqual(
    (await groupEvents(String(group.id))).map((e) => [e.type, e.data]),
    [
      ["match_group.created", { matchGroup: { id: group.id, billId: b.id, status: "Variance" } }],
      ["match_group.variance", { matchGroup: { id: group.id, billId: b.id, status: "Variance" } }],
    ],
  );
  t.is((await h.call("POST", "/v1/match-groups", { body: { billId: b.id } })).status, 409);
  const refused = await h.call("POST", `/v1/bills/${String(b.id)}/submit`);
  t.is(refused.status, 409);
  t.is(title(refused), "MatchGroup.Variance");
  t.true(String((refused.json as Json).detail).includes(String(group.id)));
  t.like((await h.call("GET", `/v1/bills/${String(b.id)}/match-group`)).json as Json, { id: group.id });
  const resolved = await h.call("POST", `/v1/match-groups/${String(group.id)}/resolutions`, {
    body: { billLine: 1, decision: "Accept", reason: "Price rise agreed by phone" },
  });
  t.like(resolved.json as Json, { status: "Resolved" });
  t.is((await groupEvents(String(group.id))).at(-1)?.type, "match_group.resolved");
  // A policy can route on the match status: resolved groups are approved at once.
  const policy = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Matched", priorityOrder: 0, action: "AutoApprove", matchStatuses: ["Resolved"] },
  });
  const submitted = await h.call("POST", `/v1/bills/${String(b.id)}/submit`);
  t.like(submitted.json as Json, { state: "Approved" });
  t.deepEqual(((submitted.json as Json).appliedPolicy as Json).matchedConditions, [
    { condition: "matchStatuses", expected: "Resolved", actual: "Resolved" },
  ]);
  await h.call("DELETE", `/v1/approval-policies/${String((policy.json as Json).id)}`);
});

test.serial("allocations by hand, warn-only tolerances, not received, withdrawing a resolution", async (t) => {
  t.like(
    (await h.call("PUT", "/v1/match-tolerances", { body: { priceSeverity: "Warn", pricePercent: "1" } })).json as Json,
    { priceSeverity: "Warn", pricePercent: "1", quantitySeverity: "Block" },
  );
  const po = (
    await h.call("POST", "/v1/purchase-orders", {
      body: { number: "PO-300", lines: [{ description: "Consulting day", quantity: "2", unitPrice: "800" }] },
    })
  ).json as Json;
  const b = await bill({
    totalAmount: "1700",
    lineItems: [{ description: "Advisory services", quantity: "2", unitPrice: "850", amount: "1700" }],
  });
  const group = (await h.call("POST", "/v1/match-groups", { body: { billId: b.id, purchaseOrderIds: [po.id] } }))
    .json as Json;
  t.is(group.status, "Open", "nothing matched automatically");
  const nothingToAccept = await h.call("POST", `/v1/match-groups/${String(group.id)}/resolutions`, {
    body: { billLine: 1, decision: "Accept", reason: "looks fine" },
  });
  t.is(nothingToAccept.status, 409);
  t.is(title(nothingToAccept), "Resolution.NoVariance");
  t.regex(String((nothingToAccept.json as Json).detail), /^Bill line 1 has no variance/);
  t.deepEqual(
    ((await h.call("GET", `/v1/match-groups/${String(group.id)}`)).json as Json).resolutions,
    [],
    "none stored",
  );
  const lineId = ((po.lines as Json[])[0] as Json).id;
  const allocated = (
    await h.call("POST", `/v1/match-groups/${String(group.id)}/allocations`, {
      body: { billLine: 1, quantity: "2", purchaseOrderLineId: lineId },
    })
  ).json as Json;
  t.deepEqual((allocated.variances as Json[]).map((v) => `${String(v.type)} ${String(v.severity)}`).sort(), [
    "NotReceived Block",
    "Price Warn",
  ]);
  t.is(allocated.status, "Variance");
  t.is(((await h.call("GET", `/v1/purchase-orders/${String(po.id)}`)).json as Json).status, "FullyMatched");
  t.is(
    (
      await h.call("POST", `/v1/match-groups/${String(group.id)}/allocations`, {
        body: { billLine: 9, quantity: "1", purchaseOrderLineId: lineId },
      })
    ).status,
    400,
  );
  const accepted = await h.call("POST", `/v1/match-groups/${String(group.id)}/resolutions`, {
    body: { billLine: 1, decision: "Accept", reason: "Service, nothing to receive" },
  });
  t.is((accepted.json as Json).status, "Resolved");
  const withdrawn = await h.call("DELETE", `/v1/match-groups/${String(group.id)}/resolutions/1`);
  t.is((withdrawn.json as Json).status, "Variance");
  t.is((await h.call("DELETE", `/v1/match-groups/${String(group.id)}/resolutions/1`)).status, 404);
  const allocationId = ((allocated.allocations as Json[])[0] as Json).id;
  const removed = await h.call("DELETE", `/v1/match-groups/${String(group.id)}/allocations/${String(allocationId)}`);
  t.is((removed.json as Json).status, "Open");
  t.is(((await h.call("GET", `/v1/purchase-orders/${String(po.id)}`)).json as Json).status, "Open");
  const listed = (await h.call("GET", "/v1/match-groups")).json as { data: Json[] };
  t.true(listed.data.some((g) => g.id === group.id && g.status === "Open"));
  await h.call("PUT", "/v1/match-tolerances", { body: {} });
});

/** `{"<member>": [[[...]]], ...rest}` with `depth` levels in all, written as text (no recursion builds it). */
const deep = (member: string, depth: number, rest = ""): Buffer =>
  Buffer.from(`{${rest}"${member}":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`);

const put = (path: string, body: Buffer, method = "PUT") =>
  send(h.app.port ?? 0, {
    method,
    path,
    headers: { ...h.headers, "content-type": "application/json" },
    body,
  });

test.serial("a 5,000-deep body on PUT /v1/match-tolerances is a 400 Request.TooDeep and changes nothing", async (t) => {
  const before = (await h.call("GET", "/v1/match-tolerances")).json;
  const answer = await put("/v1/match-tolerances", deep("x", 5000, '"pricePercent":"7",'));
  t.is(answer.status, 400);
  t.is(answer.headers["content-type"], "application/problem+json");
  t.like(answer.json as Json, { title: "Request.TooDeep", status: 400 });
  t.deepEqual((await h.call("GET", "/v1/match-tolerances")).json, before);
});

test.serial("PUT /v1/match-tolerances refuses an unknown member and stores nothing", async (t) => {
  const before = (await h.call("GET", "/v1/match-tolerances")).json as Json;
  const answer = await h.call("PUT", "/v1/match-tolerances", { body: { pricePercent: "9", colour: { a: 1 } } });
  t.is(answer.status, 400);
  const errors = (answer.json as { errors: Json[] }).errors;
  t.deepEqual(
    errors.map((e) => [e.field, e.code]),
    [["colour", "unknown_field"]],
  );
  const after = (await h.call("GET", "/v1/match-tolerances")).json as Json;
  t.deepEqual(after, before);
  t.false("colour" in after);
  const known = await h.call("PUT", "/v1/match-tolerances", { body: { pricePercent: "9" } });
  t.is(known.status, 200);
  t.like(known.json as Json, { pricePercent: "9" });
  await h.call("PUT", "/v1/match-tolerances", { body: {} });
});

test.serial("the same limit holds on another route: POST /v1/purchase-orders", async (t) => {
  const answer = await put("/v1/purchase-orders", deep("lines", 5000, '"number":"PO-DEEP",'), "POST");
  t.is(answer.status, 400);
  t.like(answer.json as Json, { title: "Request.TooDeep" });
  const list = (await h.call("GET", "/v1/purchase-orders")).json as { data: Json[] };
  t.false(list.data.some((po) => po.number === "PO-DEEP"));
  // A body just inside the limit is decoded as usual (and refused by its codec, not by the depth check).
  const shallow = await put("/v1/purchase-orders", deep("lines", 64, '"number":"PO-DEEP",'), "POST");
  t.is(shallow.status, 400);
  t.not((shallow.json as Json).title, "Request.TooDeep");
});

test.serial("a Paid bill owes nothing and gets no match group", async (t) => {
  const policy = await h.call("POST", "/v1/approval-policies", {
    body: { name: "Everything", priorityOrder: 0, action: "AutoApprove" },
  });
  const b = await bill({
    totalAmount: "56159.23",
    lineItems: [{ description: "Turbine", quantity: "1", unitPrice: "56159.23", amount: "56159.23" }],
  });
  t.like((await h.call("POST", `/v1/bills/${String(b.id)}/submit`)).json as Json, { state: "Approved" });
  t.like((await h.call("GET", `/v1/bills/${String(b.id)}`)).json as Json, { amountDue: "56159.23" }, "owed until paid");
  const paid = (
    await h.call("POST", `/v1/bills/${String(b.id)}/mark-paid`, {
      body: { reason: "paid by card", reference: "CARD-1" },
    })
  ).json as Json;
  t.like(paid, { state: "Paid", totalAmount: "56159.23", amountDue: "0.00" });
  const refused = await h.call("POST", "/v1/match-groups", { body: { billId: b.id } });
  t.is(refused.status, 409);
  t.is(title(refused), "MatchGroup.BillClosed");
  t.regex(String((refused.json as Json).detail), /^The bill is Paid: /);
  t.is((await h.call("GET", `/v1/bills/${String(b.id)}/match-group`)).status, 404, "nothing was created");
  await h.call("DELETE", `/v1/approval-policies/${String((policy.json as Json).id)}`);
});
