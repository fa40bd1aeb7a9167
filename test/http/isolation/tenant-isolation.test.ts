import type { RouteDef } from "@apar/adapters/http/index";
import test, { type ExecutionContext } from "ava";
import { TOKENS } from "../../../host/src/tokens.js";
import { bearer, type Harness, key, seedUser, startHarness, tokenFor } from "../auth/harness.js";

// Walks every route that exists with a credential of client A and the ids of client B: the answer must be the
// one a missing id gets (same status, same body but for `instance`), and must never carry B's data.
let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

import { idFor, MARKER, missingId, seedTenant, type Tenant } from "../support/tenant.js";

/** Bodies that pass validation, so that the walk reaches the lookup of B's id (others send `{}`). */
const SAMPLE_BODIES: Record<string, (b: Tenant) => unknown> = {
  "POST /v1/organisations/{id}/users": () => ({ email: "walker@example.com", name: "Walker" }),
  "PATCH /v1/organisations/{id}": () => ({ name: "Renamed" }),
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
  "POST /v1/bills/{id}/mark-paid": () => ({ reason: "walk", reference: "walk" }),
  "POST /v1/payment-runs/{id}/reject": () => ({ reason: "walk" }),
  "PATCH /agent/conversations/{id}": () => ({ title: "walk" }),
  "POST /agent/ap": (b) => ({ message: "walk", conversationId: b.conversationId }),
  "POST /agent/ar": (b) => ({ message: "walk", conversationId: b.conversationId }),
  "POST /v1/bills/{id}/schedule-payment": () => ({ paymentDate: "2030-01-01", paymentMethod: "Walk" }),
  "POST /v1/suppliers/{id}/bank-details/confirm": () => ({ bankDetails: { iban: "DE89370400440532013000" } }),
};

/** Routes whose path parameters are not ids of anyone's records (a country code): nothing to isolate. */
const READS_NO_TENANT_DATA = /^(\/v1)?\/bank-details\//;

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
  const routes = h.app.container.get(TOKENS.Routes);
  const walked: string[] = [];
  for (const route of routes) {
    if (READS_NO_TENANT_DATA.test(route.path)) continue;
    const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const sample = SAMPLE_BODIES[`${route.method} ${route.path}`];
    const headers = headersFor(route);
    const bodyOf = (ids: Tenant) =>
      route.method === "GET" || route.method === "DELETE" ? undefined : (sample?.(ids) ?? {});
    // A path parameter that names the organisation (`/mcp/{organisationId}`) stands for the organisation header:
    // it carries the caller's own organisation here; another client's organisation in it is walked below.
    const own = route.access?.organisationParam;
    const pathWith = (pick: (param: string) => string) =>
      params.reduce(
        (path, param) =>
          path.replace(`{${param}}`, param === own ? (headers["x-service-organisation-id"] ?? "") : pick(param)),
        route.path,
      );

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
    const a = await seedTenant(h, "A");
    const b = await seedTenant(h, "B");
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
      const a1 = await seedTenant(h, "A1");
      // A2 is another organisation of the same client: its company is linked to A2 only.
      const a2 = await seedTenant(h, "A2", a1);
      const user = await seedUser(h, a1.client.id, { organisationId: a1.organisation.id, roles: [role] });
      const token = await tokenFor(h, a1.apiKey.rawKey, user.id, a1.organisation.id);
      const walked = await walk(t, a2, (route) => bearer(token, orgHeaderFor(route, a1.organisation.id)), role);
      t.true(walked.length >= 5, `walked ${walked.length} routes`);
      // A2's company and its allowlist are as they were.
      const still = await h.call("GET", `/v1/companies/${a2.company.id}/allowed-senders`, {
        headers: key(a1.apiKey.rawKey),
      });
      t.deepEqual(
        (still.json as { data: { value: string }[] }).data.map((x) => x.value),
        [`${MARKER}@supplier.example`],
      );
    },
  );
}

test.serial(
  "client A's credential naming B's organisation or client in the headers answers as for missing ones",
  async (t) => {
    const a = await seedTenant(h, "A");
    const b = await seedTenant(h, "B");
    const routes = h.app.container
      .get(TOKENS.Routes)
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
    // The same through the path, where a route takes the organisation from it.
    const inPath = h.app.container.get(TOKENS.Routes).filter((r) => r.access?.organisationParam !== undefined);
    t.true(inPath.length >= 1);
    for (const route of inPath) {
      const at = (organisationId: string) => route.path.replace(`{${route.access?.organisationParam}}`, organisationId);
      const body = { jsonrpc: "2.0", id: 1, method: "tools/list" };
      const withB = await h.call(route.method, at(b.organisation.id), { headers: key(a.apiKey.rawKey), body });
      const withMissing = await h.call(route.method, at(missingId()), { headers: key(a.apiKey.rawKey), body });
      t.deepEqual(comparable(withB), comparable(withMissing), `${route.path} with B's organisation`);
      t.false(withB.status < 300, `${route.path} served B's organisation`);
    }
  },
);
