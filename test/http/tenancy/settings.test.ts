import test from "ava";
import { codeOf, type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const operator = await seedKey(h, { kind: "operator" });
  const organisation = await seedOrganisation(h, client.id);
  return {
    client,
    organisation,
    headers: key(apiKey.rawKey, { "x-service-organisation-id": organisation.id }),
    operator: key(operator.rawKey),
  };
};

test("PATCH /v1/clients/{id} takes the flat members GET /v1/client-settings answers; others are a 400", async (t) => {
  const { client, headers, operator } = await tenant();
  const flat = {
    logoUrl: "https://cdn.example.com/logo.png",
    primaryColour: "#0a7f3f",
    billReviewTimeAfterDueDate: 5,
    paymentAllowedRedirectHosts: ["shop.example.com"],
    arEmailsEnabled: false,
    defaultPaymentTermsDays: 21,
  };
  const patched = await h.call("PATCH", `/v1/clients/${client.id}`, { headers: operator, body: flat });
  t.is(patched.status, 200, patched.text);
  const settings = await h.call("GET", "/v1/client-settings", { headers });
  t.like(settings.json as object, { clientId: client.id, ...flat });
  const unknown = await h.call("PATCH", `/v1/clients/${client.id}`, { headers: operator, body: { colour: "#000000" } });
  t.is(unknown.status, 400);
  t.is((unknown.json as { errors: { field: string; code: string }[] }).errors[0]?.code, "unknown_field");
  const bad = await h.call("PATCH", `/v1/clients/${client.id}`, { headers: operator, body: { primaryColour: "red" } });
  t.is(bad.status, 400);
  t.like((await h.call("GET", "/v1/client-settings", { headers })).json as object, { primaryColour: "#0a7f3f" });
  // Only the members given change.
  t.is(
    (await h.call("PATCH", `/v1/clients/${client.id}`, { headers: operator, body: { arEmailsEnabled: true } })).status,
    200,
  );
  t.like((await h.call("GET", "/v1/client-settings", { headers })).json as object, { ...flat, arEmailsEnabled: true });
});

test("the client's default terms date an invoice whose customer and seller identity set none", async (t) => {
  const { client, headers, operator } = await tenant();
  const invoiceFor = async (customerBody: object) => {
    const customer = await h.call("POST", "/v1/customers", {
      headers,
      body: { name: "Kunde", currency: "EUR", ...customerBody },
    });
    const draft = await h.call("POST", "/v1/invoices", {
      headers,
      body: {
        customerId: (customer.json as { id: string }).id,
        issueDate: "2026-12-02",
        lineItems: [{ description: "W", unitPrice: "10" }],
      },
    });
    t.is(draft.status, 201, draft.text);
    return (draft.json as { dueDate: string }).dueDate;
  };
  t.is(await invoiceFor({}), "2027-01-01", "none set: 30 days");
  const set = await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: operator,
    body: { defaultPaymentTermsDays: 7 },
  });
  t.is(set.status, 200, set.text);
  t.is(await invoiceFor({}), "2026-12-09", "the client's 7 days");
  t.is(await invoiceFor({ paymentTermsDays: 3 }), "2026-12-05", "the customer's own terms come first");
  const bad = await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: operator,
    body: { defaultPaymentTermsDays: 366 },
  });
  t.is(bad.status, 400);
  t.is((bad.json as { errors: { field: string }[] }).errors[0]?.field, "settings.defaultPaymentTermsDays");
});

test("GET /settings/ap (and /v1) answers the organisation's AP settings", async (t) => {
  const { client, headers, operator } = await tenant();
  await h.call("PATCH", `/v1/clients/${client.id}`, { headers: operator, body: { billReviewTimeAfterDueDate: 9 } });
  const tolerances = await h.call("GET", "/v1/match-tolerances", { headers });
  for (const path of ["/settings/ap", "/v1/settings/ap"]) {
    const a = await h.call("GET", path, { headers });
    t.is(a.status, 200, a.text);
    const body = a.json as Record<string, unknown>;
    t.like(body, {
      readingMethod: "OCR",
      approvalLinkLifetimeHours: 168,
      billReviewTimeAfterDueDate: 9,
      llmSecondLookBelow: null,
    });
    t.true(Array.isArray(body.ocrLanguages) && body.ocrLanguages.length > 0);
    t.deepEqual(
      (body.duplicateRules as { basis: string }[]).map((r) => r.basis),
      ["SupplierId", "SupplierName", "SameFile"],
    );
    t.deepEqual(body.matchTolerances, tolerances.json);
  }
  t.is((await h.call("GET", "/settings/ap", {})).status, 401);
});

test("the removed endpoints answer 410 with a problem naming their replacement", async (t) => {
  for (const [method, path, names] of [
    ["PATCH", "/settings/ap", "/v1/match-tolerances"],
    ["PATCH", "/v1/settings/ap", "/v1/clients/{clientId}"],
    ["POST", "/mailbox-connections/oauth-callback", "/inbound/email"],
    ["POST", "/v1/mailbox-connections/oauth-callback", "forwarding"],
  ] as const) {
    const a = await h.call(method, path, { body: { code: "x" } });
    t.is(a.status, 410, `${method} ${path}`);
    t.regex(String(a.headers["content-type"]), /application\/problem\+json/);
    t.is(codeOf(a), "Endpoint.Removed");
    t.true(
      ((a.json as { replacedBy: string[] }).replacedBy ?? []).some((r) => r.includes(names)),
      a.text,
    );
  }
});
