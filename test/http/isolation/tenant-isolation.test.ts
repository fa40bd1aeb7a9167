import type { RouteDef } from "@apar/adapters/http/index";
import { randomTokens } from "@apar/adapters/invoices/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type Client, SYSTEM_ACTOR, uuidV7 } from "@apar/core";
import {
  addAllowedSender,
  type CreatedApiKey,
  createCompany,
  createCreditNote,
  createCustomer,
  createInvoice,
  createProduct,
  createWebhookSubscription,
  recordForwardingRejection,
  sendInvoice,
  sendWebhookTest,
  type WebhookDeps,
} from "@apar/core/app";
import type { Ids } from "@apar/core/ports";
import test, { type ExecutionContext } from "ava";
import * as E from "fp-ts/lib/Either.js";
import { TOKENS } from "../../../host/src/tokens.js";
import {
  bearer,
  type Harness,
  key,
  seedClient,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "../auth/harness.js";
import { send } from "../support/client.js";

// Walks every route that exists with a credential of client A and the ids of client B: the answer must be the
// one a missing id gets (same status, same body but for `instance`), and must never carry B's data.
let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const MARKER = "tenant-b-secret-marker";

/**
 * A tenant with one of everything: a new client, or (`within`) a new organisation of an existing client, whose
 * company is then linked to that organisation only.
 */
const seedTenant = async (name: string, within?: { client: Client; apiKey: CreatedApiKey }) => {
  const client = within?.client ?? (await seedClient(h));
  const apiKey = within?.apiKey ?? (await seedKey(h, { kind: "clients", clientIds: [client.id] }));
  const organisation = await seedOrganisation(h, client.id, `${name} org ${MARKER}`);
  const user = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Admin"] });
  const deps = { db: h.db, clock: h.clock, ids: h.app.container.get<Ids>(TOKENS.Ids), randomBytes: secureRandomBytes };
  const company = await createCompany(deps)({
    clientId: client.id,
    name: `${name} company ${MARKER}`,
    ...(within === undefined ? {} : { organisationIds: [organisation.id] }),
  })();
  if (E.isLeft(company)) throw new Error(company.left.code);
  const rejection = await recordForwardingRejection(deps)({
    clientId: client.id,
    companyId: company.right.id,
    fromAddress: `${MARKER}@supplier.example`,
    subject: MARKER,
    attachments: [],
    reason: "SenderNotAllowed",
    authResult: "Unknown",
    dkimResult: "Unknown",
    spfResult: "Unknown",
  })();
  if (E.isLeft(rejection)) throw new Error(rejection.left.code);
  const sender = await addAllowedSender(deps)({
    clientId: client.id,
    companyId: company.right.id,
    sender: `${MARKER}@supplier.example`,
  })();
  if (E.isLeft(sender)) throw new Error(sender.left.code);
  const orgHeaders = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const supplier = await h.call("POST", "/v1/suppliers", {
    headers: orgHeaders,
    body: { name: `${name} supplier ${MARKER}` },
  });
  const boundary = "tenant-walk-boundary";
  const upload = await send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/bills",
    headers: { ...orgHeaders, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${MARKER}.pdf"\r\n\r\n%PDF-1.7 ${MARKER}\r\n--${boundary}--\r\n`,
    ),
  });
  if (supplier.status !== 201 || upload.status !== 202) throw new Error(`seed: ${supplier.status} ${upload.status}`);
  const supplierId = (supplier.json as { id: string }).id;
  const policy = await h.call("POST", "/v1/approval-policies", {
    headers: orgHeaders,
    body: { name: `${name} policy ${MARKER}`, priorityOrder: 1, action: "AlwaysReview" },
  });
  if (policy.status !== 201) throw new Error(`seed policy: ${policy.status}`);
  const policyId = (policy.json as { id: string }).id;
  const po = await h.call("POST", "/v1/purchase-orders", {
    headers: orgHeaders,
    body: { number: `PO-${MARKER}`, lines: [{ description: MARKER, quantity: "1", unitPrice: "1" }] },
  });
  const note = await h.call("POST", "/v1/delivery-notes", {
    headers: orgHeaders,
    body: { number: `DN-${MARKER}`, lines: [{ description: MARKER, quantity: "1" }] },
  });
  if (po.status !== 201 || note.status !== 201) throw new Error(`seed matching: ${po.status} ${note.status}`);
  const purchaseOrderId = (po.json as { id: string }).id;
  const deliveryNoteId = (note.json as { id: string }).id;
  const billId = (upload.json as { id: string }).id;
  const group = await h.call("POST", "/v1/match-groups", {
    headers: orgHeaders,
    body: { billId, purchaseOrderIds: [purchaseOrderId], deliveryNoteIds: [deliveryNoteId] },
  });
  if (group.status !== 201) throw new Error(`seed match group: ${group.status}`);
  const matchGroupId = (group.json as { id: string }).id;
  // The seeded bill has no lines yet: its allocation goes in through the store.
  const groupScope = { clientId: client.id, organisationId: organisation.id };
  const stored = await h.app.database.stores.matching.matchGroups.ofId(groupScope, matchGroupId);
  const allocationId = missingId();
  if (stored === undefined) throw new Error("seed match group: not stored");
  await h.app.database.stores.matching.matchGroups.update({
    ...stored,
    allocations: [
      {
        id: allocationId,
        billLine: 1,
        purchaseOrderId,
        purchaseOrderLineId: null,
        deliveryNoteId: null,
        deliveryNoteLineId: null,
        quantity: "1",
        source: "manual",
      },
    ],
  });
  const credit = await h.call("POST", `/v1/suppliers/${supplierId}/credit-notes`, {
    headers: orgHeaders,
    body: { amount: "10", currency: "EUR", number: MARKER },
  });
  if (credit.status !== 201) throw new Error(`seed credit note: ${credit.status}`);
  const supplierCreditNoteId = (credit.json as { id: string }).id;
  // Its application goes in through the store: the seeded bill is not read yet (no total to credit).
  const creditApplicationId = missingId();
  const storedNote = await h.app.database.stores.supplierCreditNotes.ofId(groupScope, supplierCreditNoteId);
  if (storedNote === undefined) throw new Error("seed credit note: not stored");
  await h.app.database.stores.supplierCreditNotes.update({
    ...storedNote,
    status: "PartiallyApplied",
    applications: [
      {
        id: creditApplicationId,
        billId,
        amount: "1",
        status: "Applied",
        appliedAt: new Date().toISOString(),
        reversedAt: null,
        actor: { type: "system", id: null },
      },
    ],
  });
  const scope = { clientId: client.id, organisationId: organisation.id };
  const invoiceDeps = { ...deps, tokens: randomTokens(), publicBaseUrl: "https://apar.test" };
  const customer = await createCustomer(invoiceDeps)(scope, { name: `${name} customer ${MARKER}` })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const schedule = await h.call("POST", "/v1/recurring-invoices", {
    headers: orgHeaders,
    body: { customerId: customer.right.id, cadence: "Monthly", startDate: "2999-01-01", lineItems: [{}], memo: MARKER },
  });
  if (schedule.status !== 201) throw new Error(`seed schedule: ${schedule.status}`);
  const scheduleId = (schedule.json as { id: string }).id;
  // A draft invoice (its reminder routes answer for it before anything else).
  const invoice = await createInvoice(invoiceDeps)({
    scope,
    actor: SYSTEM_ACTOR,
    body: {
      customerId: customer.right.id,
      currency: "EUR",
      lineItems: [{ description: MARKER, quantity: "1", unitPrice: "1" }],
    },
  })();
  if (E.isLeft(invoice)) throw new Error(invoice.left.code);
  const invoiceId = invoice.right.id;
  // A sent invoice with a draft credit note, and a product.
  const sent = await createInvoice(invoiceDeps)({
    scope,
    actor: SYSTEM_ACTOR,
    body: { customerId: customer.right.id, currency: "EUR", lineItems: [{ description: MARKER, unitPrice: "10" }] },
  })();
  if (E.isLeft(sent)) throw new Error(sent.left.code);
  const sentOk = await sendInvoice(invoiceDeps)({ scope, actor: SYSTEM_ACTOR, id: sent.right.id })();
  if (E.isLeft(sentOk)) throw new Error(sentOk.left.code);
  const creditNote = await createCreditNote(invoiceDeps)({
    scope,
    invoiceId: sent.right.id,
    body: { amount: "1", reason: MARKER },
  })();
  if (E.isLeft(creditNote)) throw new Error(creditNote.left.code);
  const product = await createProduct(invoiceDeps)(scope, { name: `${name} product ${MARKER}`, unitPrice: "1" })();
  if (E.isLeft(product)) throw new Error(product.left.code);
  // A subscription (its URL check passes: this walk is about ids, not URLs) and a delivery of its test event.
  const webhookDeps = { ...h.app.container.get<WebhookDeps>(TOKENS.WebhookDeps), checkUrl: async () => E.right(null) };
  const subscription = await createWebhookSubscription(webhookDeps)({
    clientId: client.id,
    url: `https://${MARKER}.example/hook`,
    eventTypes: ["bill.created"],
  })();
  if (E.isLeft(subscription)) throw new Error(subscription.left.code);
  const delivery = await sendWebhookTest(webhookDeps)({
    clientId: client.id,
    id: subscription.right.subscription.id,
    actor: { type: "system", id: null },
  })();
  if (E.isLeft(delivery)) throw new Error(delivery.left.code);
  return {
    client,
    apiKey,
    organisation,
    user,
    company: company.right,
    rejection: rejection.right,
    senderId: sender.right.sender.id,
    supplierId,
    policyId,
    purchaseOrderId,
    deliveryNoteId,
    matchGroupId,
    allocationId,
    supplierCreditNoteId,
    creditApplicationId,
    billId,
    scheduleId,
    invoiceId,
    customerId: customer.right.id,
    productId: product.right.id,
    creditNoteId: creditNote.right.id,
    subscriptionId: subscription.right.subscription.id,
    deliveryId: delivery.right.id,
  };
};
type Tenant = Awaited<ReturnType<typeof seedTenant>>;

/** B's id for a path parameter; the walk fails for a parameter it does not know, so it grows with the routes. */
const idFor = (route: RouteDef, param: string, b: Tenant): string | undefined => {
  const segment = route.path.split("/").at(route.path.split("/").indexOf(`{${param}}`) - 1);
  const byResource: Record<string, string> = {
    organisations: b.organisation.id,
    users: b.user.id,
    "api-keys": b.apiKey.apiKey.id,
    companies: b.company.id,
    clients: b.client.id,
    "forwarding-rejections": b.rejection.id,
    "allowed-senders": b.senderId,
    bills: b.billId,
    suppliers: b.supplierId,
    "recurring-invoices": b.scheduleId,
    invoices: b.invoiceId,
    customers: b.customerId,
    products: b.productId,
    "credit-notes": b.creditNoteId,
    // Public pages take a token, not an id: an id there is as unknown as a missing token.
    i: b.scheduleId,
    "approval-policies": b.policyId,
    "purchase-orders": b.purchaseOrderId,
    "delivery-notes": b.deliveryNoteId,
    "match-groups": b.matchGroupId,
    allocations: b.allocationId,
    resolutions: "1",
    "supplier-credit-notes": b.supplierCreditNoteId,
    applications: b.creditApplicationId,
    "webhook-subscriptions": b.subscriptionId,
    "webhook-deliveries": b.deliveryId,
  };
  // A public approval token is itself the credential (the caller's key plays no part): B's real token would
  // rightly open B's page. The walk sends a well-formed token of nobody; test/portal/public-approval covers tokens.
  if (param === "token") return PUBLIC_TOKEN;
  return param === "companyId" ? b.company.id : param === "clientId" ? b.client.id : byResource[segment ?? ""];
};

/** Bodies that pass validation, so that the walk reaches the lookup of B's id (others send `{}`). */
const SAMPLE_BODIES: Record<string, (b: Tenant) => unknown> = {
  "POST /v1/organisations/{id}/users": () => ({ email: "walker@example.com", name: "Walker" }),
  "POST /v1/auth/codes": (b) => ({ userId: b.user.id, organisationId: b.organisation.id }),
  "POST /auth/codes": (b) => ({ userId: b.user.id, organisationId: b.organisation.id }),
  "PATCH /v1/clients/{clientId}": () => ({ name: "Renamed" }),
  "PATCH /v1/companies/{id}": () => ({ name: "Renamed" }),
  "POST /v1/companies/{id}/allowed-senders": () => ({ sender: "walker@example.com" }),
  "POST /v1/companies/{companyId}/bills/{billId}/assign": (b) => ({ organisationId: b.organisation.id }),
  "PATCH /v1/webhook-subscriptions/{id}": () => ({ eventTypes: ["bill.paid"] }),
  "POST /v1/webhook-subscriptions/{id}/recover": () => ({ since: "2000-01-01T00:00:00Z" }),
  "PUT /v1/approval-policies/{id}": () => ({ name: "Walk", priorityOrder: 1, action: "AutoApprove" }),
  "PATCH /v1/purchase-orders/{id}": () => ({ number: "PO-walk" }),
  "PATCH /v1/customers/{id}": () => ({ name: "Renamed" }),
  "PATCH /v1/products/{id}": () => ({ name: "Renamed" }),
  "PATCH /v1/invoices/{id}": () => ({ memo: "walk" }),
  "POST /v1/invoices/{id}/payments": () => ({ amount: "1", paidAt: "2026-01-01" }),
  "POST /v1/invoices/{invoiceId}/credit-notes": () => ({ amount: "1" }),
  "PUT /v1/delivery-notes/{id}": () => ({ number: "DN-walk", lines: [] }),
  "POST /v1/match-groups/{id}/allocations": () => ({ billLine: 1, quantity: "1" }),
  "POST /v1/match-groups/{id}/resolutions": () => ({ billLine: 1, decision: "Accept", reason: "walk" }),
  "POST /v1/suppliers/{supplierId}/credit-notes": () => ({ amount: "1", currency: "EUR" }),
  "POST /v1/supplier-credit-notes/{id}/applications": (b) => ({ billId: b.billId, amount: "1" }),
  "POST /v1/bills/{id}/reject": () => ({ reason: "walk" }),
  "POST /v1/bills/{id}/schedule-payment": () => ({ paymentDate: "2030-01-01", paymentMethod: "Walk" }),
};

const PUBLIC_TOKEN = "A".repeat(43);

const missingId = (): string => uuidV7(Date.now(), secureRandomBytes(10));

const comparable = (a: { status: number; json: unknown; text: string }) => {
  if (a.json === undefined || a.json === null || typeof a.json !== "object") return { status: a.status, text: a.text };
  const { instance: _instance, ...rest } = a.json as Record<string, unknown>;
  return { status: a.status, body: rest };
};

/**
 * Calls every route that takes an id (or a sample body) with `headersFor(route)` and B's ids, then with missing
 * ids: the answers must be the same (but for `instance`), never a success, and never carry B's data.
 */
const walk = async (
  t: ExecutionContext,
  b: Tenant,
  headersFor: (route: RouteDef) => Record<string, string>,
  label: string,
): Promise<string[]> => {
  const routes = h.app.container.get<readonly RouteDef[]>(TOKENS.Routes);
  const walked: string[] = [];
  for (const route of routes) {
    const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const sample = SAMPLE_BODIES[`${route.method} ${route.path}`];
    const headers = headersFor(route);
    const bodyOf = (ids: Tenant) =>
      route.method === "GET" || route.method === "DELETE" ? undefined : (sample?.(ids) ?? {});
    const pathWith = (pick: (param: string) => string) =>
      params.reduce((path, param) => path.replace(`{${param}}`, pick(param)), route.path);

    const unknown = params.filter((p) => idFor(route, p, b) === undefined);
    t.deepEqual(
      unknown,
      [],
      `${route.method} ${route.path}: tell the walk which of B's ids fills ${unknown.join(", ")}`,
    );
    if (params.length === 0 && sample === undefined) continue;

    const missing = {
      ...b,
      user: { ...b.user, id: missingId() },
      organisation: { ...b.organisation, id: missingId() },
    };
    const withB = await h.call(
      route.method,
      pathWith((p) => idFor(route, p, b) ?? ""),
      { headers, body: bodyOf(b) },
    );
    const withMissing = await h.call(
      route.method,
      pathWith(() => missingId()),
      { headers, body: bodyOf(missing) },
    );
    const name = `${label}: ${route.method} ${route.path}`;
    t.deepEqual(comparable(withB), comparable(withMissing), name);
    t.false(withB.text.includes(MARKER), `${name} leaked B's data`);
    t.false(withB.status >= 200 && withB.status < 300, `${name} succeeded on B's id`);
    walked.push(`${route.method} ${route.path}`);
  }
  return walked;
};

const orgHeaderFor = (route: RouteDef, organisationId: string): Record<string, string> =>
  route.access?.scope === "organisation" ? { "x-service-organisation-id": organisationId } : {};

test.serial(
  "client A's credential with client B's ids answers exactly as for missing ids, on every route",
  async (t) => {
    const a = await seedTenant("A");
    const b = await seedTenant("B");
    const walked = await walk(t, b, (route) => key(a.apiKey.rawKey, orgHeaderFor(route, a.organisation.id)), "A's key");
    t.true(walked.length >= 5, `walked ${walked.length} routes`);
    t.log(`walked: ${walked.join("; ")}`);

    // And B is untouched: its key still works and its company still lists its rejection.
    const still = await h.call("GET", `/v1/companies/${b.company.id}/forwarding-rejections`, {
      headers: key(b.apiKey.rawKey),
    });
    t.is(still.status, 200);
    t.is((still.json as unknown[]).length, 1);
  },
);

for (const role of ["Member", "Approver"] as const) {
  test.serial(
    `within one client, a ${role} of organisation A1 with organisation A2's ids answers as for missing ids, on every route`,
    async (t) => {
      const a1 = await seedTenant("A1");
      // A2 is another organisation of the same client: its company is linked to A2 only.
      const a2 = await seedTenant("A2", a1);
      const user = await seedUser(h, a1.client.id, { organisationId: a1.organisation.id, roles: [role] });
      const token = await tokenFor(h, a1.apiKey.rawKey, user.id, a1.organisation.id);
      const walked = await walk(t, a2, (route) => bearer(token, orgHeaderFor(route, a1.organisation.id)), role);
      t.true(walked.length >= 5, `walked ${walked.length} routes`);
      // A2's company and its allowlist are as they were.
      const still = await h.call("GET", `/v1/companies/${a2.company.id}/allowed-senders`, {
        headers: key(a1.apiKey.rawKey),
      });
      t.deepEqual(
        (still.json as { value: string }[]).map((x) => x.value),
        [`${MARKER}@supplier.example`],
      );
    },
  );
}

test.serial(
  "client A's credential naming B's organisation or client in the headers answers as for missing ones",
  async (t) => {
    const a = await seedTenant("A");
    const b = await seedTenant("B");
    const routes = h.app.container
      .get<readonly RouteDef[]>(TOKENS.Routes)
      .filter(
        (r) =>
          r.method === "GET" &&
          !r.path.includes("{") &&
          (r.access?.scope === "organisation" || r.access?.scope === "client"),
      );
    t.true(routes.length >= 3, `${routes.length} tenancy-scoped list routes`);
    for (const route of routes) {
      const scope = route.access?.scope;
      const header = scope === "organisation" ? "x-service-organisation-id" : "x-service-client-id";
      const foreign = scope === "organisation" ? b.organisation.id : b.client.id;
      const withB = await h.call("GET", route.path, { headers: key(a.apiKey.rawKey, { [header]: foreign }) });
      const withMissing = await h.call("GET", route.path, { headers: key(a.apiKey.rawKey, { [header]: missingId() }) });
      t.deepEqual(comparable(withB), comparable(withMissing), `${route.path} with B's ${header}`);
      t.false(withB.text.includes(MARKER), `${route.path} leaked B's data`);
    }
  },
);
