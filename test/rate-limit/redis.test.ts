import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { connectRedis } from "@apar/adapters/rate-limit/index";
import anyTest from "ava";
import { Redis } from "ioredis";
import { pino } from "pino";
import { redisMissing, suiteNeeding } from "../helpers/services.js";
import { hit, hits, randomIp, startLimited, tally, VALID_KEY } from "./support/server.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// Without a Redis the suite is skipped with one line (a failure under APAR_TEST_REQUIRE_SERVICES=1), never a
// client retrying a refused connection until the time-out.
const missing = await redisMissing(REDIS_URL);
const test = suiteNeeding(anyTest, "test/rate-limit/redis", missing);
const peek = missing === undefined ? new Redis(REDIS_URL) : undefined;
test.after.always(() => peek?.quit());

const logged: string[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk: Buffer, _enc, cb) {
      logged.push(chunk.toString());
      cb();
    },
  }),
);

/** Two servers, each with its own Redis connection and the same fresh key prefix: two instances. */
const twoInstances = async (t: import("ava").ExecutionContext, settings = {}) => {
  const keyPrefix = `apar-test:${randomBytes(6).toString("hex")}`;
  const servers = [];
  for (let i = 0; i < 2; i += 1) {
    const client = await connectRedis(REDIS_URL, logger);
    const server = await startLimited({
      store: { kind: "redis", client },
      keyPrefix,
      trustedProxies: ["127.0.0.1"],
      settings,
    });
    t.teardown(async () => {
      await server.close();
      await client.quit();
    });
    servers.push(server);
  }
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  return { a, b, keyPrefix };
};

test("two instances on one Redis share one per-IP budget: request 121 is 429 whichever serves it", async (t) => {
  const { a, b } = await twoInstances(t);
  const ip = randomIp();
  const served: number[] = [];
  for (let i = 0; i < 120; i += 1) served.push((await hit(i % 2 === 0 ? a.port : b.port, "/v1/things", { ip })).status);
  t.deepEqual(tally(served), { 200: 120 });
  t.is((await hit(a.port, "/v1/things", { ip })).status, 429);
  t.is((await hit(b.port, "/v1/things", { ip })).status, 429);
  t.is(a.handled() + b.handled(), 120);
  t.is((await hit(b.port, "/v1/things", { ip: randomIp() })).status, 200, "another IP has its own budget");
});

test("a block set off on one instance holds on every instance", async (t) => {
  // The tallies say whether the requests fitted in one window; the block outlasts the window by 8 s, so a
  // wait stretched by a busy machine still checks inside it. No assertion reads the clock.
  const { a, b, keyPrefix } = await twoInstances(t, { windowSeconds: 4, perIp: 2, blockAbove: 4, blockSeconds: 12 });
  const ip = randomIp();
  const started = Date.now();
  t.deepEqual(await hits(5, a.port, "/v1/things", () => ({ ip })), [200, 200, 429, 429, 429]);
  const blockedAt = Date.now();
  // Past the request that set off the block, the instance answers from memory: Redis stops counting.
  t.deepEqual(await hits(4, a.port, "/v1/things", () => ({ ip })), [429, 429, 429, 429]);
  t.is(await peek?.get(`${keyPrefix}:ip:${ip}`), "6");
  await sleep(Math.max(0, started + 4_300 - Date.now()));
  t.is((await hit(b.port, "/v1/things", { ip })).status, 429, "the other instance sees the block");
  await sleep(Math.max(0, blockedAt + 12_300 - Date.now()));
  t.is((await hit(b.port, "/v1/things", { ip })).status, 200);
});

test("auth code requests: 10 per window per API key across all instances", async (t) => {
  const { a, b } = await twoInstances(t);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1)
    statuses.push(
      (
        await hit(i % 2 === 0 ? a.port : b.port, "/v1/auth/codes", {
          method: "POST",
          ip: randomIp(),
          headers: { "x-service-api-key": VALID_KEY },
        })
      ).status,
    );
  t.deepEqual(tally(statuses), { 200: 10, 429: 1 });
  t.is(statuses.at(-1), 429);
});

// Needs no Redis: it runs everywhere.
anyTest("with Redis unreachable each process still limits, from its own memory, and says so", async (t) => {
  const client = await connectRedis("redis://127.0.0.1:1", logger, 300);
  t.teardown(() => client.disconnect());
  const s = await startLimited({ store: { kind: "redis", client }, keyPrefix: "apar-test:down" });
  t.teardown(() => s.close());
  t.deepEqual(tally(await hits(121, s.port, "/v1/things")), { 200: 120, 429: 1 });
  t.true(logged.some((line) => line.includes("redis unreachable")));
});
