// The limiter hook alone, in process: microseconds of one decision on the memory store and on Redis.
// Steadier than the HTTP figures on a busy machine, and comparable with a request's own cost.
import { randomBytes } from "node:crypto";
import type { BeforeRouteContext } from "@apar/adapters/http/index";
import { connectRedis, createRateLimiter, type RateLimitStore } from "@apar/adapters/rate-limit/index";
import { pino } from "pino";

const logger = pino({ level: "silent" });
const route = { method: "GET", path: "/v1/things/{id}", operationId: "x", summary: "x", tags: [], responses: {} };

/** A request as the hook reads it: socket address, headers, path parameters. */
const request = (ip: string) =>
  ({
    req: { socket: { remoteAddress: ip }, headers: { "x-service-api-key": "k" }, params: { id: "1" } },
    route,
  }) as unknown as BeforeRouteContext;

/** Mean microseconds per hook call over `n` calls, `concurrency` at a time, each from a new IP or one IP. */
const measure = async (store: RateLimitStore, n: number, concurrency: number, manyIps: boolean) => {
  const limiter = createRateLimiter({
    store,
    keyPrefix: `apar-bench:${randomBytes(4).toString("hex")}`,
    settings: { perIp: 1e12, blockAbove: 1e12 },
  });
  let i = 0;
  const lane = async () => {
    while (i < n) {
      i += 1;
      await limiter.hook(request(manyIps ? `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` : "10.0.0.1"));
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, lane));
  return Number(process.hrtime.bigint() - started) / 1e3 / n;
};

/** Prints the hook's cost per call on memory and Redis. */
export const hookCost = async (): Promise<void> => {
  const redis = await connectRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", logger);
  try {
    console.log("limiter hook alone (µs per decision, mean; 32 at a time):");
    for (const [name, store] of [
      ["memory", { kind: "memory" }],
      ["redis", { kind: "redis", client: redis }],
    ] as const) {
      await measure(store, 5_000, 32, true); // warm-up
      const one = await measure(store, 50_000, 32, false);
      const many = await measure(store, 50_000, 32, true);
      console.log(`  ${name.padEnd(7)} one IP ${one.toFixed(1)} µs, a new IP each time ${many.toFixed(1)} µs`);
    }
  } finally {
    await redis.quit();
  }
};
