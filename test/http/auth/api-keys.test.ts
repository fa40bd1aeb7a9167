import { createHash } from "node:crypto";
import type { ApiKey } from "@apar/core";
import test from "ava";
import { codeOf, type Harness, key, seedClient, seedKey, startHarness } from "./harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const newKey = async (body: unknown = { name: "ci" }) => {
  const created = await h.call("POST", "/v1/api-keys", { headers: key(h.firstKey), body });
  if (created.status !== 201) throw new Error(`${created.status} ${created.text}`);
  return created.json as { id: string; rawKey: string; keyPrefix: string; clientId: string; expiresAt: string | null };
};

test.serial("a new key is shown once, works, and is stored only as its hash", async (t) => {
  const created = await h.call("POST", "/v1/api-keys", { headers: key(h.firstKey), body: { name: "ci" } });
  t.is(created.status, 201);
  t.is(created.headers["cache-control"], "no-store");
  const body = created.json as Record<string, unknown>;
  t.deepEqual(Object.keys(body).sort(), ["clientId", "createdAt", "expiresAt", "id", "keyPrefix", "name", "rawKey"]);
  t.is(body.clientId, h.firstClient.id);
  const raw = body.rawKey as string;
  t.regex(raw, /^apar_[a-z2-7]{8}_[a-z2-7]{52}$/);
  t.true(raw.includes(body.keyPrefix as string));

  const listed = await h.call("GET", "/v1/api-keys?Limit=100", { headers: key(raw) });
  t.is(listed.status, 200);
  t.false(listed.text.includes(raw), "the list never shows a key");
  t.false(listed.text.includes(raw.slice(14)), "nor its secret part");
  const item = (listed.json as { data: Record<string, unknown>[] }).data.find((k) => k.id === body.id);
  t.truthy(item);
  t.false("rawKey" in (item ?? {}));
  t.false("keyHash" in (item ?? {}));

  const stored = (await h.db.stores.apiKeys.ofId(body.id as string)) as ApiKey;
  t.is(stored.keyHash, createHash("sha256").update(raw).digest("hex"));
  t.false(JSON.stringify(stored).includes(raw.slice(14)), "the stored row holds no part of the secret");
});

test.serial("the last-used time is recorded, at most once a minute", async (t) => {
  const { id, rawKey } = await newKey();
  t.is((await h.db.stores.apiKeys.ofId(id))?.lastUsedAt, null);
  t.is((await h.call("GET", "/v1/client-settings", { headers: key(rawKey) })).status, 200);
  const first = (await h.db.stores.apiKeys.ofId(id))?.lastUsedAt;
  t.truthy(first);
  h.clock.advance(10_000);
  await h.call("GET", "/v1/client-settings", { headers: key(rawKey) });
  t.deepEqual((await h.db.stores.apiKeys.ofId(id))?.lastUsedAt, first, "no write within the minute");
  h.clock.advance(60_000);
  await h.call("GET", "/v1/client-settings", { headers: key(rawKey) });
  const later = (await h.db.stores.apiKeys.ofId(id))?.lastUsedAt;
  t.true((later?.getTime() ?? 0) >= (first?.getTime() ?? 0) + 70_000 - 1);
});

test.serial("a revoked key answers 401 from the next request on", async (t) => {
  const { id, rawKey } = await newKey();
  t.is((await h.call("GET", "/v1/client-settings", { headers: key(rawKey) })).status, 200);
  const revoked = await h.call("DELETE", `/v1/api-keys/${id}`, { headers: key(h.firstKey) });
  t.is(revoked.status, 204);
  t.is(revoked.text, "");
  const after = await h.call("GET", "/v1/client-settings", { headers: key(rawKey) });
  t.is(after.status, 401);
  t.is(after.headers["content-type"], "application/problem+json");
  t.is(codeOf(after), "Auth.ApiKeyRevoked");
  // Revoking again is a no-op; a key of another client answers like a missing one.
  t.is((await h.call("DELETE", `/v1/api-keys/${id}`, { headers: key(h.firstKey) })).status, 204);
  const other = await seedClient(h);
  const foreign = await seedKey(h, { kind: "clients", clientIds: [other.id] });
  const foreignAnswer = await h.call("DELETE", `/v1/api-keys/${foreign.apiKey.id}`, { headers: key(h.firstKey) });
  const missing = await h.call("DELETE", "/v1/api-keys/01900000-0000-7000-8000-000000000000", {
    headers: key(h.firstKey),
  });
  t.is(foreignAnswer.status, 404);
  t.deepEqual({ ...(foreignAnswer.json as object), instance: "" }, { ...(missing.json as object), instance: "" });
  t.is((await h.db.stores.apiKeys.ofId(foreign.apiKey.id))?.revokedAt, null);
});

test.serial("an expired key answers 401", async (t) => {
  const expiresAt = new Date(h.clock.now().getTime() + 60 * 60 * 1000).toISOString();
  const { rawKey, expiresAt: shown } = await newKey({ expiresAt });
  t.is(shown, expiresAt);
  t.is((await h.call("GET", "/v1/client-settings", { headers: key(rawKey) })).status, 200);
  h.clock.advance(2 * 60 * 60 * 1000);
  const after = await h.call("GET", "/v1/client-settings", { headers: key(rawKey) });
  t.is(after.status, 401);
  t.is(codeOf(after), "Auth.ApiKeyExpired");
});

test.serial("a key with an expiry in the past or a bad body is refused with field errors", async (t) => {
  const past = await h.call("POST", "/v1/api-keys", {
    headers: key(h.firstKey),
    body: { expiresAt: "2000-01-01T00:00:00Z" },
  });
  t.is(past.status, 400);
  t.is((past.json as { errors: { field: string }[] }).errors[0]?.field, "expiresAt");
  const bad = await h.call("POST", "/v1/api-keys", { headers: key(h.firstKey), body: { expiresAt: "tomorrow" } });
  t.is(bad.status, 400);
  t.is(codeOf(bad), "Request.Invalid");
  t.deepEqual(
    (bad.json as { errors: { field: string }[] }).errors.map((e) => e.field),
    ["expiresAt"],
  );
  const empty = await h.call("POST", "/v1/api-keys", { headers: key(h.firstKey) });
  t.is(empty.status, 201, "the body is optional");
});

test.serial(
  "missing or invalid credentials answer 401 problems; missing ones challenge for a bearer token",
  async (t) => {
    const none = await h.call("GET", "/v1/client-settings");
    t.is(none.status, 401);
    t.is(codeOf(none), "Auth.Unauthenticated");
    t.regex(String(none.headers["www-authenticate"]), /^Bearer/);
    t.is(none.headers["content-type"], "application/problem+json");
    t.is((none.json as { instance: string }).instance, "/v1/client-settings");

    const garbage = await h.call("GET", "/v1/client-settings", { headers: key("not-a-key") });
    t.is(garbage.status, 401);
    t.is(codeOf(garbage), "Auth.InvalidApiKey");
    // The right prefix with a wrong secret.
    const forged = `${h.firstKey.slice(0, 14)}${"a".repeat(52)}`;
    const wrong = await h.call("GET", "/v1/client-settings", { headers: key(forged) });
    t.is(wrong.status, 401);
    t.is(codeOf(wrong), "Auth.InvalidApiKey");
    const basic = await h.call("GET", "/v1/client-settings", { headers: { authorization: "Basic dTpw" } });
    t.is(basic.status, 401);
    t.is(codeOf(basic), "Auth.Unauthenticated");
  },
);

test.serial("a platform key needs the client header; a client outside it answers like a missing one", async (t) => {
  const a = await seedClient(h);
  const b = await seedClient(h);
  const c = await seedClient(h);
  const platform = await seedKey(h, { kind: "clients", clientIds: [a.id, b.id] });
  const none = await h.call("GET", "/v1/client-settings", { headers: key(platform.rawKey) });
  t.is(none.status, 400);
  t.is(codeOf(none), "Client.MissingClientId");
  const forA = await h.call("GET", "/v1/client-settings", {
    headers: key(platform.rawKey, { "x-service-client-id": a.id }),
  });
  t.is(forA.status, 200);
  t.is((forA.json as { clientId: string }).clientId, a.id);
  const forB = await h.call("GET", "/v1/client-settings", {
    headers: key(platform.rawKey, { "x-service-client-id": b.id.toUpperCase() }),
  });
  t.is((forB.json as { clientId: string }).clientId, b.id);
  const outside = await h.call("GET", "/v1/client-settings", {
    headers: key(platform.rawKey, { "x-service-client-id": c.id }),
  });
  const missing = await h.call("GET", "/v1/client-settings", {
    headers: key(platform.rawKey, { "x-service-client-id": "01900000-0000-7000-8000-000000000000" }),
  });
  t.is(outside.status, 404);
  t.is(codeOf(outside), "Client.NotFound");
  t.deepEqual(outside.json, missing.json);
  const malformed = await h.call("GET", "/v1/client-settings", {
    headers: key(platform.rawKey, { "x-service-client-id": "nope" }),
  });
  t.is(malformed.status, 400);
  t.is((malformed.json as { errors: { field: string }[] }).errors[0]?.field, "x-service-client-id");
  // A single-client key may name its own client, and nothing else.
  const own = await h.call("GET", "/v1/client-settings", {
    headers: key(h.firstKey, { "x-service-client-id": h.firstClient.id }),
  });
  t.is(own.status, 200);
  const notOwn = await h.call("GET", "/v1/client-settings", {
    headers: key(h.firstKey, { "x-service-client-id": a.id }),
  });
  t.is(notOwn.status, 404);
});

test.serial("operator keys list and create clients; client keys cannot", async (t) => {
  const operator = await seedKey(h, { kind: "operator" });
  const created = await h.call("POST", "/v1/clients", {
    headers: key(operator.rawKey),
    body: { name: "Made by the operator", type: "Sandbox", modules: ["ap", "inbox"] },
  });
  t.is(created.status, 201);
  const client = created.json as { id: string; type: string; modules: string[]; settings: object };
  t.is(client.type, "Sandbox");
  t.deepEqual(client.modules, ["ap", "inbox"]);
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await h.call("GET", `/v1/clients?Limit=2${cursor === null ? "" : `&Cursor=${cursor}`}`, {
      headers: key(operator.rawKey),
    });
    t.is(page.status, 200);
    const body = page.json as { data: { id: string }[]; nextCursor: string | null; hasMore: boolean };
    t.true(body.data.length <= 2);
    ids.push(...body.data.map((c) => c.id));
    cursor = body.nextCursor;
    t.is(body.hasMore, cursor !== null);
  } while (cursor !== null);
  t.true(ids.includes(client.id));
  t.true(ids.includes(h.firstClient.id));
  t.is(new Set(ids).size, ids.length, "no client twice across pages");

  const refused = await h.call("GET", "/v1/clients", { headers: key(h.firstKey) });
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Auth.OperatorOnly");
  // On client routes an operator key names the client.
  const noClient = await h.call("GET", "/v1/client-settings", { headers: key(operator.rawKey) });
  t.is(noClient.status, 400);
  t.is(codeOf(noClient), "Client.MissingClientId");
  const withClient = await h.call("GET", "/v1/client-settings", {
    headers: key(operator.rawKey, { "x-service-client-id": client.id }),
  });
  t.is((withClient.json as { type: string }).type, "Sandbox");
});

test.serial("the operator changes a client's settings, and the client reads them", async (t) => {
  const operator = await seedKey(h, { kind: "operator" });
  const client = await seedClient(h);
  const clientKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const before = await h.call("GET", "/v1/client-settings", { headers: key(clientKey.rawKey) });
  t.deepEqual(before.json, {
    clientId: client.id,
    type: "Live",
    logoUrl: null,
    primaryColour: null,
    billReviewTimeAfterDueDate: null,
    paymentAllowedRedirectHosts: [],
    arEmailsEnabled: true,
    defaultPaymentTermsDays: null,
  });
  const patched = await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: key(operator.rawKey),
    body: {
      name: "Renamed",
      settings: { primaryColour: "#112233", arEmailsEnabled: false, paymentAllowedRedirectHosts: ["pay.example.com"] },
    },
  });
  t.is(patched.status, 200);
  t.is((patched.json as { name: string }).name, "Renamed");
  const after = await h.call("GET", "/v1/client-settings", { headers: key(clientKey.rawKey) });
  t.like(after.json, {
    primaryColour: "#112233",
    arEmailsEnabled: false,
    paymentAllowedRedirectHosts: ["pay.example.com"],
    logoUrl: null,
  });
  // A second patch changes only what it names.
  await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: key(operator.rawKey),
    body: { settings: { logoUrl: "https://cdn.example.com/logo.png", billReviewTimeAfterDueDate: "7" } },
  });
  t.like((await h.call("GET", "/v1/client-settings", { headers: key(clientKey.rawKey) })).json, {
    primaryColour: "#112233",
    logoUrl: "https://cdn.example.com/logo.png",
    billReviewTimeAfterDueDate: 7,
  });
  const bad = await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: key(operator.rawKey),
    body: { settings: { primaryColour: "red", logoUrl: "http://insecure.example.com/x.png" }, modules: ["nope"] },
  });
  t.is(bad.status, 400);
  t.deepEqual(
    (bad.json as { errors: { field: string }[] }).errors.map((e) => e.field).sort(),
    ["modules.0"],
    "the body's shape is checked first",
  );
  const badSettings = await h.call("PATCH", `/v1/clients/${client.id}`, {
    headers: key(operator.rawKey),
    body: { settings: { primaryColour: "red", logoUrl: "http://insecure.example.com/x.png" } },
  });
  t.deepEqual((badSettings.json as { errors: { field: string }[] }).errors.map((e) => e.field).sort(), [
    "settings.logoUrl",
    "settings.primaryColour",
  ]);
  const missing = await h.call("PATCH", "/v1/clients/01900000-0000-7000-8000-000000000000", {
    headers: key(operator.rawKey),
    body: { name: "x" },
  });
  t.is(missing.status, 404);
  t.is(codeOf(missing), "Client.NotFound");
});
