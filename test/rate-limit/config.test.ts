import { checkRateLimitRoutes } from "@apar/adapters/rate-limit/index";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { loadConfig } from "../../host/src/config.js";

const base = { APAR_DATA_DIR: "/tmp/unused" };

test("REDIS_URL and APAR_TRUSTED_PROXIES: unset by default, parsed when set", (t) => {
  const plain = loadConfig(base);
  if (E.isLeft(plain)) return t.fail(plain.left.join("\n"));
  t.is(plain.right.redisUrl, undefined);
  t.deepEqual(plain.right.trustedProxies, []);
  t.true(plain.right.rateLimits);
  const set = loadConfig({
    ...base,
    REDIS_URL: "redis://127.0.0.1:6379/2",
    APAR_TRUSTED_PROXIES: " 10.0.0.0/8, 192.0.2.1 ,fd00::/8",
  });
  if (E.isLeft(set)) return t.fail(set.left.join("\n"));
  t.is(set.right.redisUrl, "redis://127.0.0.1:6379/2");
  t.deepEqual(set.right.trustedProxies, ["10.0.0.0/8", "192.0.2.1", "fd00::/8"]);
});

test("a bad REDIS_URL or proxy entry is one line each", (t) => {
  const bad = loadConfig({ ...base, REDIS_URL: "http://cache:6379", APAR_TRUSTED_PROXIES: "10.0.0.0/8,proxy.local" });
  if (E.isRight(bad)) return t.fail("accepted");
  t.is(bad.left.length, 2);
  t.regex(bad.left[0] ?? "", /^REDIS_URL: /);
  t.regex(bad.left[1] ?? "", /^APAR_TRUSTED_PROXIES: /);
  t.true(E.isLeft(loadConfig({ ...base, APAR_TRUSTED_PROXIES: "10.0.0.0/33" })));
});

test("a public-token route must name its token's path parameter", (t) => {
  const route = {
    method: "GET" as const,
    operationId: "page",
    summary: "A page",
    tags: [],
    responses: {},
    handler: async () => ({ status: 200 }),
  };
  t.notThrows(() => checkRateLimitRoutes([{ ...route, path: "/i/{token}", limit: "public-token" }]));
  t.notThrows(() =>
    checkRateLimitRoutes([{ ...route, path: "/p/{code}", limit: "public-token", limitKeyParam: "code" }]),
  );
  t.throws(() => checkRateLimitRoutes([{ ...route, path: "/p/{code}", limit: "public-token" }]), {
    message: /\{token\}/,
  });
});
