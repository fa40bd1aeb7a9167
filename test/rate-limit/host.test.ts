import test from "ava";
import { type HostProcess, hostEnvironment, startHost } from "../helpers/host-process.js";
import { redisMissing, suiteNeeding } from "../helpers/services.js";
import { hit, hits, randomIp, tally } from "./support/server.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** The tests that need a Redis: skipped with one line without one (a failure under APAR_TEST_REQUIRE_SERVICES=1). */
const withRedis = suiteNeeding(test, "test/rate-limit/host (two hosts sharing Redis)", await redisMissing(REDIS_URL));

// Serial: host processes start from source, and several at once on a small machine take long.

/** Starts a host with `env` added; it is stopped and its data removed when the test ends. */
const host = async (t: import("ava").ExecutionContext, env: Record<string, string>): Promise<HostProcess> => {
  const environment = await hostEnvironment(env);
  const started = await startHost(environment.env);
  t.teardown(async () => {
    started.child.kill("SIGTERM");
    await started.exited;
    await environment.dispose();
  });
  return started;
};

test.serial(
  "the host limits by default: request 121 is an empty 429, 404s count, operator routes are never limited",
  async (t) => {
    const h = await host(t, {});
    t.deepEqual(tally(await hits(120, h.port, "/v1/nowhere")), { 404: 120 });
    const r = await hit(h.port, "/v1/nowhere");
    t.is(r.status, 429);
    t.is(r.body, "");
    t.is(r.headers["retry-after"], undefined);
    // Without APAR_TRUSTED_PROXIES a forwarded address changes nothing: the socket address is the client.
    t.is((await hit(h.port, "/v1/nowhere", { ip: randomIp() })).status, 429);
    for (const path of ["/healthz", "/readyz", "/metrics"])
      t.deepEqual(tally(await hits(125, h.port, path)), { 200: 125 });
  },
);

test.serial("APAR_RATE_LIMITS=off turns every limit off", async (t) => {
  const h = await host(t, { APAR_RATE_LIMITS: "off" });
  t.deepEqual(tally(await hits(130, h.port, "/v1/nowhere")), { 404: 130 });
});

withRedis.serial(
  "two host processes sharing Redis share one per-IP budget: request 121 is 429 whichever serves it",
  async (t) => {
    const env = { REDIS_URL, APAR_TRUSTED_PROXIES: "127.0.0.1" };
    const [a, b] = await Promise.all([host(t, env), host(t, env)]);
    // A fresh forwarded address per run: runs share the Redis server and its keys live for the window.
    const ip = randomIp();
    const served: number[] = [];
    for (let i = 0; i < 120; i += 1)
      served.push((await hit(i % 2 === 0 ? a.port : b.port, "/v1/nowhere", { ip })).status);
    t.deepEqual(tally(served), { 404: 120 });
    t.is((await hit(a.port, "/v1/nowhere", { ip })).status, 429);
    t.is((await hit(b.port, "/v1/nowhere", { ip })).status, 429);
    t.is((await hit(b.port, "/v1/nowhere", { ip: randomIp() })).status, 404);
  },
);

test.serial(
  "sign-in cannot be locked out by bad API keys: 40 of them leave the valid key's budget of 10 whole",
  async (t) => {
    const h = await host(t, { APAR_TRUSTED_PROXIES: "127.0.0.1" });
    const key = /shown only this once:\s+(apar_[a-z2-7]{8}_[a-z2-7]{52})/.exec(h.stdout())?.[1] ?? "";
    const organisationId = /"organisationId":"([0-9a-f-]{36})"/.exec(h.stdout())?.[1] ?? "";
    t.not(key, "");
    const body = JSON.stringify({ userId: "0190a0a0-0000-7000-8000-000000000001", organisationId });
    const codes = (apiKey: string) => () => ({
      method: "POST",
      ip: randomIp(),
      headers: { "x-service-api-key": apiKey },
      body,
    });
    const forged = `apar_aaaaaaaa_${"a".repeat(52)}`;
    t.deepEqual(tally(await hits(40, h.port, "/v1/auth/codes", codes(forged))), { 401: 40 });
    const valid = await hits(10, h.port, "/v1/auth/codes", codes(key));
    t.false(valid.includes(429), String(valid));
    t.false(valid.includes(401), String(valid));
    t.is((await hit(h.port, "/v1/auth/codes", codes(key)())).status, 429);
  },
);

test.serial(
  "garbage exchanges from many addresses leave a valid code its exchange; every message of an MCP batch counts",
  async (t) => {
    const h = await host(t, { APAR_TRUSTED_PROXIES: "127.0.0.1" });
    const key = /shown only this once:\s+(apar_[a-z2-7]{8}_[a-z2-7]{52})/.exec(h.stdout())?.[1] ?? "";
    const organisationId = /"organisationId":"([0-9a-f-]{36})"/.exec(h.stdout())?.[1] ?? "";
    const withKey = { "x-service-api-key": key };
    const user = await hit(h.port, `/v1/organisations/${organisationId}/users`, {
      method: "POST",
      ip: randomIp(),
      headers: withKey,
      body: JSON.stringify({ email: "ada@example.com", name: "Ada", role: "Approver" }),
    });
    t.is(user.status, 201, user.body);
    const userId = String((JSON.parse(user.body) as { userId: string }).userId);

    // Eight strangers, five made-up codes each (their per-IP limit): before, the tenth locked out everyone.
    const strangers = Array.from({ length: 8 }, () => randomIp());
    const garbage = await hits(40, h.port, "/v1/auth/exchange", (i) => ({
      method: "POST",
      ip: strangers[i % strangers.length],
      body: JSON.stringify({ code: `made-up-${i}-${Math.random()}` }),
    }));
    t.deepEqual(tally(garbage), { 401: 40 });
    const code = await hit(h.port, "/v1/auth/codes", {
      method: "POST",
      ip: randomIp(),
      headers: withKey,
      body: JSON.stringify({ userId, organisationId }),
    });
    t.is(code.status, 201, code.body);
    const exchanged = await hit(h.port, "/v1/auth/exchange", {
      method: "POST",
      ip: randomIp(),
      body: JSON.stringify({ code: (JSON.parse(code.body) as { code: string }).code }),
    });
    t.is(exchanged.status, 200, exchanged.body);
    t.regex(exchanged.body, /"token":/);

    // A batch of 100 MCP messages spends 100 of the key's 120: 20 more single requests, then 429.
    const mcp = (messages: unknown) => () => ({
      method: "POST",
      ip: randomIp(),
      headers: {
        ...withKey,
        "x-service-organisation-id": organisationId,
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-03-26",
      },
      body: JSON.stringify(messages),
    });
    const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
    const batch = await hit(h.port, "/v1/mcp", mcp(Array.from({ length: 100 }, (_, i) => list(i)))());
    t.is(batch.status, 200, batch.body);
    t.is((JSON.parse(batch.body) as unknown[]).length, 100);
    t.deepEqual(tally(await hits(21, h.port, "/v1/mcp", mcp(list(1)))), { 200: 20, 429: 1 });
  },
);
