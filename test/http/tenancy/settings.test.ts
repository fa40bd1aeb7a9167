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
