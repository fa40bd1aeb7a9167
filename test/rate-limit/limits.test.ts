import { createRateLimiter, SPEC_RATE_LIMITS } from "@apar/adapters/rate-limit/index";
import test from "ava";
import { hit, hits, randomIp, startLimited, tally, VALID_KEY } from "./support/server.js";

// Loopback is the proxy whose X-Forwarded-For is believed: each test plays many clients from one machine.
const behindProxy = { trustedProxies: ["127.0.0.1"] };
/** An exchange of `code` from `ip` (a fresh one by default). */
const exchange = (code: string, ip = randomIp()) => ({ method: "POST", ip, body: JSON.stringify({ code }) });
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
    authPerIp: 20,
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

test("auth code requests: 10 per window per API key, on top of the per-IP limit; exchanges are not spent by them", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  t.deepEqual(tally(await hits(10, s.port, "/v1/auth/codes", () => codeRequest())), { 200: 10 });
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 429);
  // Exchanges keep budgets of their own: the key's spent budget leaves them alone.
  t.deepEqual(tally(await hits(4, s.port, "/auth/exchange", (i) => exchange(`code-${i}`))), { 200: 4 });
  // Others routes of the same callers are untouched.
  t.is((await hit(s.port, "/v1/things", { ip: randomIp() })).status, 200);
  t.is(s.calls.get("/v1/auth/codes"), 10);
  t.is(s.calls.get("/auth/exchange"), 4);
});

test("exchanges spend a budget per code: garbage from many addresses never locks out a valid code", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  // Three strangers, each at its own per-IP limit of 20, with a made-up code per request: 60 exchanges.
  const strangers = Array.from({ length: 3 }, () => randomIp());
  const garbage = await hits(60, s.port, "/auth/exchange", (i) =>
    exchange(`made-up-${i}`, strangers[i % strangers.length]),
  );
  t.deepEqual(tally(garbage), { 200: 60 });
  t.is((await hit(s.port, "/auth/exchange", exchange("one-more", strangers[0]))).status, 429, "per IP");
  // Before, one budget of 10 shared by everyone was spent six times over: the valid code would be refused.
  t.is((await hit(s.port, "/auth/exchange", exchange("the-valid-code"))).status, 200);
  // One code itself gets 10 tries per window, from any address.
  t.deepEqual(tally(await hits(9, s.port, "/auth/exchange", () => exchange("the-valid-code"))), { 200: 9 });
  t.is((await hit(s.port, "/auth/exchange", exchange("the-valid-code"))).status, 429, "per code");
  t.is((await hit(s.port, "/auth/exchange", exchange("another-code"))).status, 200);
});

test("sign-in links: 10 per window per address (a form field), from any IP; another address keeps its own", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const ask = (email: string, ip = randomIp()) => ({
    method: "POST",
    ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, csrf: "x" }).toString(),
  });
  t.deepEqual(tally(await hits(10, s.port, "/portal/sign-in/link", () => ask("someone@example.com"))), { 200: 10 });
  t.is((await hit(s.port, "/portal/sign-in/link", ask("someone@example.com"))).status, 429, "per address");
  t.is((await hit(s.port, "/portal/sign-in/link", ask("other@example.com"))).status, 200, "another address");
  t.is(s.calls.get("/portal/sign-in/link"), 11);
});

test("an IP over its general limit is rejected before the auth budget is spent", async (t) => {
  const s = await startLimited({ ...behindProxy, settings: { perIp: 3 } });
  t.teardown(() => s.close());
  const ip = randomIp();
  t.deepEqual(await hits(3, s.port, "/v1/things", () => ({ ip })), [200, 200, 200]);
  t.deepEqual(await hits(20, s.port, "/v1/auth/codes", () => codeRequest(ip)), Array(20).fill(429));
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 200);
});

test("code requests with a bad API key never spend a key's auth budget", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const garbage = await hits(50, s.port, "/v1/auth/codes", () => codeRequest(randomIp(), "apar_made_up"));
  t.deepEqual(tally(garbage), { 401: 50 });
  t.deepEqual(tally(await hits(10, s.port, "/v1/auth/codes", () => codeRequest())), { 200: 10 });
  t.is((await hit(s.port, "/v1/auth/codes", codeRequest())).status, 429);
  t.is(s.calls.get("/v1/auth/codes"), 10);
});

test("one IP gets 20 auth requests per window, whatever their key: it spends no one else's budget", async (t) => {
  const s = await startLimited(behindProxy);
  t.teardown(() => s.close());
  const noisy = randomIp();
  t.deepEqual(await hits(23, s.port, "/v1/auth/codes", () => codeRequest(noisy, "apar_made_up")), [
    ...Array(20).fill(401),
    429,
    429,
    429,
  ]);
  const exchanges = await hits(20, s.port, "/auth/exchange", () => ({ method: "POST", ip: noisy }));
  t.deepEqual(tally(exchanges), { 429: 20 });
  const other = randomIp();
  t.deepEqual(await hits(21, s.port, "/auth/exchange", (i) => exchange(`other-${i}`, other)), [
    ...Array(20).fill(200),
    429,
  ]);
  // The noisy IP spent no one else's budget: the valid key has its 10 whole.
  t.deepEqual(tally(await hits(10, s.port, "/v1/auth/codes", () => codeRequest())), { 200: 10 });
  t.is(s.calls.get("/auth/exchange"), 20);
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

test("every message of an MCP batch counts: a batch over what is left is refused whole and spends one", async (t) => {
  const s = await startLimited({ ...behindProxy, settings: { mcp: 10 } });
  t.teardown(() => s.close());
  const batch = (size: number) => ({
    method: "POST",
    ip: randomIp(),
    headers: { "x-service-api-key": "apar_batcher" },
    body: JSON.stringify(
      Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/call", params: {} })),
    ),
  });
  t.is((await hit(s.port, "/v1/mcp", batch(4))).status, 200);
  t.is((await hit(s.port, "/v1/mcp", batch(4))).status, 200);
  // 8 spent: a batch of 3 would make 11; refused, it keeps only its one request (9).
  const refused = await hit(s.port, "/v1/mcp", batch(3));
  t.is(refused.status, 429);
  t.is(refused.body, "");
  t.is((await hit(s.port, "/v1/mcp", batch(1))).status, 200);
  t.is((await hit(s.port, "/v1/mcp", batch(1))).status, 429);
  t.is(s.calls.get("/v1/mcp"), 3);
  // Before, a batch of 100 was one request of 120: now it is 100.
  const fresh = await startLimited(behindProxy);
  t.teardown(() => fresh.close());
  const big = { ...batch(100), headers: { "x-service-api-key": "apar_big" } };
  t.is((await hit(fresh.port, "/v1/mcp", big)).status, 200);
  const single = () => ({ ...batch(1), headers: { "x-service-api-key": "apar_big" } });
  t.deepEqual(tally(await hits(21, fresh.port, "/v1/mcp", single)), { 200: 20, 429: 1 });
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
