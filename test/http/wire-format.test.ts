import type { RouteDef } from "@apar/adapters/http/index";
import { gatewayPayments } from "@apar/adapters/http/routes/payment-account-routes";
import { randomTokens } from "@apar/adapters/invoices/index";
import { isCurrency, minorUnits, NO_CAPABILITIES, PERMISSIONS, permits } from "@apar/core";
import { applyGatewayEvent, type PaymentAccountDeps } from "@apar/core/app";
import test from "ava";
import { TOKENS } from "../../host/src/tokens.js";
import {
  bearer,
  codeOf,
  type Harness,
  key,
  seedClient,
  seedKey,
  seedOrganisation,
  startHarness,
  tokenFor,
} from "./auth/harness.js";
import { idFor, seedTenant, type Tenant } from "./support/tenant.js";

// The wire format, checked over every operation of the OpenAPI document the app serves (docs/log/issue-12-one-model.md,
// "Wire format"): amounts padded to their currency's minor unit, lists as {data, nextCursor, hasMore}, instants
// as ISO-8601 UTC with milliseconds, unknown body members refused, every module in the document and enforced.

let h: Harness;
let tenant: Tenant;
test.before(async () => {
  h = await startHarness();
  tenant = await seedTenant(h, "W");
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
type Operation = { operationId: string; responses: Record<string, Json>; requestBody?: Json; "x-module"?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Every operation of the served document, with its route (for its access). */
const operations = async () => {
  const doc = (await h.call("GET", "/openapi.json")).json as Document;
  const routes = h.app.container.get(TOKENS.Routes);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const route = routes.find((r) => r.path === path && r.method === method.toUpperCase());
      return { path, method: method.toUpperCase(), op, route };
    }),
  );
};

// The spec's one plain array: the forwarding-rejections listing "returns a plain JSON array and shows no cursor".
const PLAIN_ARRAY_BY_CONTRACT = new Set(["listForwardingRejections"]);
/** Organisation routes of every plan, whatever its modules: the audit log records changes in all of them. */
const EVERY_PLAN = new Set(["listAuditEvents", "exportAuditEvents"]);

const schemaOf = (op: Operation, status: string): Json | undefined =>
  (op.responses[status]?.content as Record<string, { schema?: Json }> | undefined)?.["application/json"]?.schema;

const isListSchema = (schema: Json | undefined): boolean => {
  if (schema === undefined) return false;
  if (schema.type === "array") return true;
  const data = (schema.properties as Record<string, Json> | undefined)?.data;
  return data?.type === "array";
};

test.serial("every list in the document is {data, nextCursor, hasMore}", async (t) => {
  const lists = (await operations()).filter(({ op }) => isListSchema(schemaOf(op, "200")));
  t.true(lists.length >= 20, `${lists.length} list operations`);
  for (const { path, method, op } of lists) {
    if (PLAIN_ARRAY_BY_CONTRACT.has(op.operationId)) continue;
    const schema = schemaOf(op, "200") as Json;
    t.deepEqual(schema.required, ["data", "nextCursor", "hasMore"], `${method} ${path}`);
    t.deepEqual(Object.keys(schema.properties as Json).sort(), ["data", "hasMore", "nextCursor"], `${method} ${path}`);
  }
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const isAmountKey = (k: string) => /amount|price|total|outstanding/i.test(k) && !/rate|percent|quantity/i.test(k);

/**
 * An `expected`/`actual` pair is money where its object says so: a match group's price and rounding variances, a
 * policy decision's total bounds (quantity variances and other conditions are not amounts).
 */
const isAmountPair = (o: Json, k: string) =>
  (k === "expected" || k === "actual") &&
  (o.type === "Price" || o.type === "Rounding" || o.condition === "amountGte" || o.condition === "amountLte");

/** Every amount (with the currency in force where it sits) and every instant (`*At`) in a JSON value. */
const wireProblems = (value: unknown, at: string, currency: string | null = null): string[] => {
  if (Array.isArray(value)) return value.flatMap((v, i) => wireProblems(v, `${at}[${i}]`, currency));
  if (typeof value !== "object" || value === null) return [];
  const o = value as Json;
  const here = typeof o.currency === "string" && isCurrency(o.currency) ? o.currency : currency;
  return Object.entries(o).flatMap(([k, v]) => {
    const where = `${at}.${k}`;
    const amount = isAmountKey(k) || isAmountPair(o, k);
    if (typeof v === "string" && amount && DECIMAL.test(v) && here !== null && isCurrency(here)) {
      const digits = (v.split(".")[1] ?? "").length;
      return digits >= minorUnits(here) ? [] : [`${where} = "${v}" is not padded to ${here}'s ${minorUnits(here)}`];
    }
    if (typeof v === "string" && /At$/.test(k)) return INSTANT.test(v) ? [] : [`${where} = "${v}" is not an instant`];
    return wireProblems(v, where, here);
  });
};

test.serial("match groups, purchase orders, policies and payment events write amounts as bills do", async (t) => {
  const headers = key(tenant.apiKey.rawKey, { "x-service-organisation-id": tenant.organisation.id });
  const scope = { clientId: tenant.client.id, organisationId: tenant.organisation.id };
  // A purchase order in euros priced "5" answers "5.00"; a price per unit given with more digits keeps them.
  const po = await h.call("POST", "/v1/purchase-orders", {
    headers,
    body: {
      number: "PO-WIRE-1",
      currency: "EUR",
      lines: [
        { description: "Bolts", quantity: "10", unitPrice: "5" },
        { description: "Washers", quantity: "1000", unitPrice: "0.125" },
      ],
    },
  });
  t.is(po.status, 201, po.text);
  const read = (await h.call("GET", `/v1/purchase-orders/${String((po.json as Json).id)}`, { headers })).json as Json;
  t.deepEqual(
    (read.lines as Json[]).map((l) => l.unitPrice),
    ["5.00", "0.125"],
  );
  // A policy's bounds in its currency's minor digits.
  const policy = await h.call("POST", "/v1/approval-policies", {
    headers,
    body: { name: "Wire", priorityOrder: 999, action: "AlwaysReview", currency: "EUR", amountGte: "500" },
  });
  t.is(policy.status, 201, policy.text);
  t.like(policy.json as Json, { amountGte: "500.00", amountLte: null });
  const listed = (await h.call("GET", "/v1/approval-policies", { headers })).json as { data: Json[] };
  t.is(listed.data.find((p) => p.name === "Wire")?.amountGte, "500.00");
  t.deepEqual(wireProblems([read, ...listed.data], "purchase order and policies"), []);

  // The seeded bill, read in euros (one line at 6.5), allocated to the seeded order's line priced "1" (an order
  // without a currency of its own is priced in its bill's): a price variance of 1.00 against 6.50.
  const bill = await h.app.database.stores.bills.ofId(scope, tenant.billId);
  if (bill === undefined) throw new Error("the seeded bill");
  await h.app.database.stores.bills.update({
    ...bill,
    fields: {
      ...bill.fields,
      currency: "EUR",
      totalAmount: "6.5",
      lineItems: [{ description: "Widget", quantity: "1", unitPrice: "6.5", amount: "6.5" }],
    },
  });
  const order = await h.app.database.stores.matching.purchaseOrders.ofId(scope, tenant.purchaseOrderId);
  const group = await h.app.database.stores.matching.matchGroups.ofId(scope, tenant.matchGroupId);
  if (order === undefined || group === undefined) throw new Error("the seeded order and group");
  await h.app.database.stores.matching.matchGroups.update({
    ...group,
    allocations: group.allocations.map((a) => ({ ...a, purchaseOrderLineId: order.lines[0]?.id ?? null })),
  });
  const answer = await h.call("GET", `/v1/match-groups/${tenant.matchGroupId}`, { headers });
  t.is(answer.status, 200, answer.text);
  const matched = answer.json as { variances: Json[]; purchaseOrders: { lines: Json[] }[]; billLines: Json[] };
  t.like(
    matched.variances.find((v) => v.type === "Price"),
    { expected: "1.00", actual: "6.50", detail: "Line 1: unit price 6.50 is above the ordered 1.00." },
  );
  t.is(matched.purchaseOrders[0]?.lines[0]?.unitPrice, "1.00");
  t.like(matched.billLines[0], { unitPrice: "6.50", amount: "6.50" });
  t.deepEqual(wireProblems({ ...matched, currency: "EUR" }, "GET /v1/match-groups/{id}"), []);

  // A processor's payment apar cannot put against an invoice: payment.unapplied says "5.00", as the invoice would.
  const provider = "stripe";
  const now = new Date();
  await h.app.database.stores.paymentAccounts.save({
    ...scope,
    provider,
    accountId: "acct_wire",
    status: "Active",
    capabilities: NO_CAPABILITIES,
    enabledAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const deps: PaymentAccountDeps = {
    db: h.db,
    clock: h.clock,
    ids: h.app.container.get(TOKENS.Ids),
    tokens: randomTokens(),
    publicBaseUrl: "https://apar.test",
    gateway: undefined,
  };
  const outcome = await applyGatewayEvent(deps)(
    provider,
    {
      id: "evt_wire",
      kind: "payment",
      accountId: "acct_wire",
      invoiceId: null,
      organisationId: tenant.organisation.id,
      amount: "5",
      currency: "EUR",
      reference: "pi_wire",
    },
    gatewayPayments(provider),
  );
  t.regex(outcome, /^unapplied: /);
  const events = await h.app.database.stores.events.ofSubject(tenant.client.id, "payment", "evt_wire");
  t.deepEqual(
    events.map((e) => [e.envelope.type, (e.envelope.data as { payment: Json }).payment.amount]),
    [["payment.unapplied", "5.00"]],
  );
  for (const e of events) t.deepEqual(wireProblems(e.envelope.data, e.envelope.type), []);
});

test.serial("every GET answers amounts padded to their currency, instants in one form, lists enveloped", async (t) => {
  const headers = key(tenant.apiKey.rawKey, { "x-service-organisation-id": tenant.organisation.id });
  // Money in motion: a payment dated by a bare date, and an issued supplier credit note.
  const credit = (await h.call("GET", `/v1/credit-notes/${tenant.creditNoteId}`, { headers })).json as Json;
  const paid = await h.call("POST", `/v1/invoices/${String(credit.invoiceId)}/payments`, {
    headers,
    body: { amount: "1.5", paidAt: "2026-01-01" },
  });
  t.is(paid.status, 201, paid.text);
  t.is((paid.json as Json).paidAt, "2026-01-01T00:00:00.000Z");
  t.is((paid.json as Json).amount, "1.50");
  const note = await h.call("POST", `/v1/suppliers/${tenant.supplierId}/credit-notes`, {
    headers,
    body: { amount: "10", currency: "EUR" },
  });
  const noteId = String((note.json as Json).id);
  const issued = await h.call("POST", `/v1/supplier-credit-notes/${noteId}/issue`, { headers });
  t.is(issued.status, 200, issued.text);

  let read = 0;
  for (const { path, method, op, route } of await operations()) {
    if (method !== "GET" || route === undefined) continue;
    const scope = route.access?.scope;
    if (scope !== "organisation" && scope !== "client") continue;
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const url = params.reduce((p, param) => p.replace(`{${param}}`, idFor(route, param, tenant) ?? "x"), path);
    const answer = await h.call("GET", url, { headers });
    if (answer.status !== 200 || answer.json === undefined) continue;
    read++;
    t.deepEqual(wireProblems(answer.json, `${method} ${path}`), []);
    if (isListSchema(schemaOf(op, "200")) && !PLAIN_ARRAY_BY_CONTRACT.has(op.operationId))
      t.deepEqual(Object.keys(answer.json as Json).sort(), ["data", "hasMore", "nextCursor"], `${method} ${path}`);
  }
  t.true(read >= 30, `${read} GET operations answered 200`);

  // And the events: what webhooks deliver carries the same forms.
  const events = [
    ...(await h.app.database.stores.events.ofSubject(tenant.client.id, "supplier_credit_note", noteId)),
    ...(await h.app.database.stores.events.ofSubject(tenant.client.id, "invoice", String(credit.invoiceId))),
  ];
  t.true(events.length >= 2, `${events.length} events`);
  for (const e of events) t.deepEqual(wireProblems(e.envelope.data, e.envelope.type), []);
});

test.serial("every JSON body refuses a member its operation does not know (400, the member named)", async (t) => {
  const headers = key(tenant.apiKey.rawKey, { "x-service-organisation-id": tenant.organisation.id });
  const operator = key((await seedKey(h, { kind: "operator" })).rawKey);
  // Where only a person may act (a second pair of eyes), the tenant's organisation Admin signs in.
  const person = bearer(await tokenFor(h, tenant.apiKey.rawKey, tenant.user.id, tenant.organisation.id), {
    "x-service-organisation-id": tenant.organisation.id,
  });
  const credentialFor = (route: RouteDef | undefined) =>
    route?.access?.scope === "operator"
      ? operator
      : route === undefined || permits(PERMISSIONS, route.operationId, ["ApiKey"])
        ? headers
        : person;
  let checked = 0;
  for (const { path, method, op, route } of await operations()) {
    const content = op.requestBody?.content as Record<string, unknown> | undefined;
    if (content?.["application/json"] === undefined) continue;
    // Third-party receivers (a processor's signed events) take their sender's format, members and all.
    if (route?.limit === "inbound") continue;
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const url = params.reduce(
      (p, param) => p.replace(`{${param}}`, idFor(route as RouteDef, param, tenant) ?? "x"),
      path,
    );
    const answer = await h.call(method, url, {
      headers: credentialFor(route),
      body: { zzNotAMember: true },
    });
    const name = `${method} ${path}`;
    t.is(answer.status, 400, `${name}: ${answer.text}`);
    const errors = (answer.json as { errors?: { field: string; code: string }[] }).errors ?? [];
    t.true(
      errors.some((e) => e.field === "zzNotAMember" && e.code === "unknown_field"),
      `${name}: ${answer.text}`,
    );
    checked++;
  }
  t.true(checked >= 40, `${checked} operations with a JSON body`);
  // Flat settings on PATCH /v1/clients/{id} were once ignored with a 200: now they are the members
  // GET /v1/client-settings answers (issue 18) and change the setting; anything else is a 400.
  const flat = await h.call("PATCH", `/v1/clients/${tenant.client.id}`, {
    headers: operator,
    body: { logoUrl: "https://logo.example/x.png" },
  });
  t.is(flat.status, 200, flat.text);
  t.is((flat.json as { settings: { logoUrl: string } }).settings.logoUrl, "https://logo.example/x.png");
  const stranger = await h.call("PATCH", `/v1/clients/${tenant.client.id}`, {
    headers: operator,
    body: { logoURL: "https://logo.example/x.png" },
  });
  t.is(stranger.status, 400, stranger.text);
});

test.serial(
  "every route that needs a module says which in the document, and a client without it gets 403",
  async (t) => {
    const ops = await operations();
    for (const { path, method, op, route } of ops) {
      t.is(op["x-module"], route?.access?.module, `${method} ${path}`);
      if (route?.access?.scope === "organisation" && !EVERY_PLAN.has(op.operationId))
        t.not(op["x-module"], undefined, `${method} ${path} names no module`);
    }
    const matching = ops.filter(({ op }) => op.operationId.match(/PurchaseOrder|DeliveryNote|MatchGroup|Tolerances/));
    t.true(matching.length >= 10);
    for (const { op } of matching) t.is(op["x-module"], "matching", op.operationId);

    // A client whose plan has no module a route names: every such route answers Module.NotEntitled.
    const client = await seedClient(h, ["agents"]);
    const organisation = await seedOrganisation(h, client.id);
    const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
    let gated = 0;
    for (const { path, method, route } of ops) {
      if (route?.access?.module === undefined || route.access.module === "agents") continue;
      const url = path.replace(/\{[^}]+\}/g, tenant.organisation.id);
      const answer = await h.call(method, url, {
        headers,
        ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
      });
      t.is(answer.status, 403, `${method} ${path}`);
      t.is(codeOf(answer), "Module.NotEntitled", `${method} ${path}`);
      gated++;
    }
    t.true(gated >= 50, `${gated} gated operations`);
  },
);
