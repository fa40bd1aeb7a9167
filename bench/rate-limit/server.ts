// One benchmark target: the HTTP server with a cheap authenticated-looking GET, and the limiter as `MODE` says.
//   off          no limiter
//   memory       the limiter on the memory store, limits too high to reject (its full cost on a served request)
//   memory-429   the limiter on the memory store with the spec's numbers; the caller is blocked after its warm-up
//   redis, redis-429   the same on Redis (REDIS_URL, a fresh key prefix)
import { randomBytes } from "node:crypto";
import { createHttpServer } from "@apar/adapters/http/index";
import { connectRedis, createRateLimiter, type RateLimitStore } from "@apar/adapters/rate-limit/index";
import { pino } from "pino";

const mode = process.env.MODE ?? "off";
// Info level to /dev/null: a request line is written as in production, and nobody reads it.
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? "info" }, pino.destination("/dev/null"));
const redis = mode.startsWith("redis")
  ? await connectRedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", logger)
  : undefined;
const store: RateLimitStore = redis === undefined ? { kind: "memory" } : { kind: "redis", client: redis };
const unlimited = { perIp: 1e12, blockAbove: 1e12 };
const limiter =
  mode === "off"
    ? undefined
    : createRateLimiter({
        store,
        keyPrefix: `apar-bench:${randomBytes(4).toString("hex")}`,
        ...(mode.endsWith("-429") ? {} : { settings: unlimited }),
      });

const http = createHttpServer({
  logger,
  routes: [
    {
      method: "GET",
      path: "/v1/things/{id}",
      operationId: "getThing",
      summary: "A cheap read",
      tags: ["bench"],
      responses: { "200": { description: "The thing." } },
      handler: async (ctx) =>
        ctx.headers["x-service-api-key"] === undefined
          ? { status: 401 }
          : { status: 200, body: { id: ctx.params.id, name: "thing", amount: "12.50", currency: "EUR" } },
    },
  ],
  beforeRoute: limiter === undefined ? [] : [limiter.hook],
  ready: async () => true,
  maxBodyBytes: 1024 * 1024,
  version: "0.0.0-bench",
});
const { port } = await http.listen(0, "127.0.0.1");
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  void http.close().then(async () => {
    await redis?.quit();
    process.exit(0);
  });
});
