import { createRateLimiter, SPEC_RATE_LIMITS } from "@apar/adapters/rate-limit/index";
import test from "ava";
import { hit, hits, randomIp, startLimited, tally, VALID_KEY } from "./support/server.js";

// Loopback is the proxy whose X-Forwarded-For is believed: each test plays many clients from one machine.
const behindProxy = { trustedProxies: ["127.0.0.1"] };
/** A code request from `ip` (a fresh one by default) with the test server's valid API key, or with `key`. */
const codeRequest = (ip = randomIp(), key = VALID_KEY) => ({
  method: "POST",
  ip,
  headers: { "x-service-api-key": key },
});

test("the default numbers are the spec's Limits table", (t) => {
  t.deepEqual(createRateLimiter({ store: { kind: "memory" } }).settings, {
    windowSeconds: 60,
    perIp: 120,
    blockAbove: 600,
    blockSeconds: 600,
    auth: 10,
    authPerIp: 5,
    publicToken: 60,
    mcp: 120,
    inbound: 600,
  });
  t.is(SPEC_RATE_LIMITS.perIp, 120);
});

test("request 121 from one IP is an empty 429 without Retry-After; the handler never ran for it", async (t) => {
  const s = await startLimited();
  t.teardown(() => s.close());
  t.deepEqual(tally(await hits(120, s.port, "/v1/things")), { 200: 120 });
  const r = await hit(s.port, "/v1/things");
  t.is(r.status, 429);
  t.is(r.body, "");
  t.is(r.headers["retry-after"], undefined);
  t.is(r.headers["content-type"], undefined);
  t.is(s.handled(), 120);
});

test("unknown routes count and are limited too; operator routes never are", async (t) => {
  const s = await startLimited();
  t.teardown(() => s.close());
  t.deepEqual(tally(await hits(60, s.port, "/v1/nowhere")), { 404: 60 });
  t.deepEqual(tally(await hits(60, s.port, "/v1/things")), { 200: 60 });
  t.is((await hit(s.port, "/v1/nowhere")).status, 429);
  t.is((await hit(s.port, "/v1/things")).status, 429);
  for (const path of ["/healthz", "/readyz", "/metrics", "/openapi.json"]) {
    t.deepEqual(tally(await hits(130, s.port, path)), { 200: 130 }, path);
  }
  t.is(s.handled(), 60);
});

test("a rejected request's body is not read (no 400 for bad JSON) and the connection is closed", async (t) => {
  const s = await startLimited({ settings: { perIp: 1 } });
  t.teardown(() => s.close());
  t.is((await hit(s.port, "/v1/things", { method: "POST", body: "{}" })).status, 200);
  const r = await hit(s.port, "/v1/things", { method: "POST", body: "{" });
  t.is(r.status, 429);
  t.is(r.body, "");
  t.is(r.headers.connection, "close");
  t.is(s.handled(), 1);
});

test("auth codes and exchange share 10 per window across every caller, on top of the per-IP limit", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const codes = await hits(6, s.port, "/v1/auth/codes", () => codeRequest());
  const exchange = await hits(4, s.port, "/auth/exchange", () => ({ method: "POST", ip: randomIp() }));
  t.deepEqual(tally([...codes, ...exchange]), { 200: 10 });
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 429);
  t.is((await hit(s.port, "/auth/exchange", { method: "POST", ip: randomIp() })).status, 429);
  // Others routes of the same callers are untouched.
  t.is((await hit(s.port, "/v1/things", { ip: randomIp() })).status, 200);
  t.is(s.calls.get("/v1/auth/codes"), 6);
  t.is(s.calls.get("/auth/exchange"), 4);
});

test("an IP over its general limit is rejected before the auth budget is spent", async (t) => {
  const s = await startLimited({ ...behindProxy, settings: { perIp: 3 } });
  t.teardown(() => s.close());
  const ip = randomIp();
  t.deepEqual(await hits(3, s.port, "/v1/things", () => ({ ip })), [200, 200, 200]);
  t.deepEqual(await hits(20, s.port, "/v1/auth/codes", () => codeRequest(ip)), Array(20).fill(429));
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 200);
});

test("code requests with a bad API key never spend the shared auth budget", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const garbage = await hits(50, s.port, "/v1/auth/codes", () => codeRequest(randomIp(), "apar_made_up"));
  t.deepEqual(tally(garbage), { 401: 50 });
  t.deepEqual(tally(await hits(10, s.port, "/v1/auth/codes", () => codeRequest())), { 200: 10 });
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 429);
  t.is(s.calls.get("/v1/auth/codes"), 10);
});

test("one IP gets 5 auth requests per window, whatever their key: the rest of the shared budget stays for others", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const noisy = randomIp();
  t.deepEqual(
    await hits(8, s.port, "/v1/auth/codes", () => codeRequest(noisy, "apar_made_up")),
    [401, 401, 401, 401, 401, 429, 429, 429],
  );
  const exchanges = await hits(20, s.port, "/auth/exchange", () => ({ method: "POST", ip: noisy }));
  t.deepEqual(tally(exchanges), { 429: 20 });
  const other = randomIp();
  t.deepEqual(
    await hits(6, s.port, "/auth/exchange", () => ({ method: "POST", ip: other })),
    [200, 200, 200, 200, 200, 429],
  );
  // The shared budget is what is reached first now: 5 of 10 spent by one caller, 5 left for everyone else.
  t.deepEqual(tally(await hits(6, s.port, "/v1/auth/codes", () => codeRequest())), { 200: 5, 429: 1 });
  t.is(s.calls.get("/auth/exchange"), 5);
});

test("public pages allow 60 per window per token, whichever public route carries it", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const a = await hits(30, s.port, "/i/token-a", () => ({ ip: randomIp() }));
  const approve = await hits(30, s.port, "/public/bills/token-a/approve", () => ({ method: "POST", ip: randomIp() }));
  t.deepEqual(tally([...a, ...approve]), { 200: 60 });
  t.is((await hit(s.port, "/i/token-a", { ip: randomIp() })).status, 429);
  t.is((await hit(s.port, "/public/bills/token-a/approve", { method: "POST", ip: randomIp() })).status, 429);
  t.is((await hit(s.port, "/i/token-b", { ip: randomIp() })).status, 200);
});

test("POST /v1/mcp allows 120 per window per API key, and per bearer token without one", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const withKey = (key: string) => () => ({ method: "POST", ip: randomIp(), headers: { "x-service-api-key": key } });
  t.deepEqual(tally(await hits(120, s.port, "/v1/mcp", withKey("apar_key_one"))), { 200: 120 });
  t.deepEqual(await hits(2, s.port, "/v1/mcp", withKey("apar_key_one")), [429, 429]);
  t.is((await hit(s.port, "/v1/mcp", withKey("apar_key_two")())).status, 200);
  const bearer = (token: string) => () => ({
    method: "POST",
    ip: randomIp(),
    headers: { authorization: `Bearer ${token}` },
  });
  t.deepEqual(tally(await hits(120, s.port, "/v1/mcp", bearer("jwt.one"))), { 200: 120 });
  t.is((await hit(s.port, "/v1/mcp", bearer("jwt.one")())).status, 429);
  t.is((await hit(s.port, "/v1/mcp", bearer("jwt.two")())).status, 200);
  t.is(s.calls.get("/v1/mcp"), 242);
});

test("the MCP key header follows the configured brand word", async (t) => {
  const s = await startLimited({ ...behindProxy, headerPrefix: "acme", settings: { mcp: 2 } });
  t.teardown(() => s.close());
  const send = () => ({ method: "POST", ip: randomIp(), headers: { "x-acme-api-key": "k" } });
  t.deepEqual(await hits(3, s.port, "/v1/mcp", send), [200, 200, 429]);
});

test("inbound receivers allow 600 per IP, outside the general limit and its block", async (t) => {
  const s = await startLimited();
  t.teardown(() => s.close());
  t.deepEqual(tally(await hits(600, s.port, "/inbound/email", () => ({ method: "POST" }))), { 200: 600 });
  t.is((await hit(s.port, "/inbound/email", { method: "POST" })).status, 429);
  // None of the 601 counted toward the general limit of the same IP.
  t.deepEqual(tally(await hits(120, s.port, "/v1/things")), { 200: 120 });
  // A general block of the IP leaves inbound alone (its own budget is spent here, so use a fresh server).
  const fresh = await startLimited();
  t.teardown(() => fresh.close());
  t.deepEqual(tally(await hits(601, fresh.port, "/v1/things")), { 200: 120, 429: 481 });
  t.is((await hit(fresh.port, "/inbound/email", { method: "POST" })).status, 200);
});

test("without trusted proxies X-Forwarded-For is ignored; with them each forwarded client has its own budget", async (t) => {
  const direct = await startLimited();
  t.teardown(() => direct.close());
  t.deepEqual(tally(await hits(121, direct.port, "/v1/things", () => ({ ip: randomIp() }))), { 200: 120, 429: 1 });
  const proxied = await startLimited(behindProxy);
  t.teardown(() => proxied.close());
  t.deepEqual(tally(await hits(200, proxied.port, "/v1/things", () => ({ ip: randomIp() }))), { 200: 200 });
  const ip = randomIp();
  t.deepEqual(tally(await hits(121, proxied.port, "/v1/things", () => ({ ip: `6.6.6.${Math.random()}, ${ip}` }))), {
    200: 120,
    429: 1,
  });
});
