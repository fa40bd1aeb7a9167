import type { HttpMetrics } from "@apar/adapters/http/index";
import {
  type AfterBodyHook,
  type BeforeRouteHook,
  createAuthenticator,
  createHttpServer,
  type HttpServer,
} from "@apar/adapters/http/index";
import { checkRateLimitRoutes, connectRedis, createRateLimiter } from "@apar/adapters/rate-limit/index";
import { headerNames, PERMISSIONS } from "@apar/core";
import type { Clock, Database } from "@apar/core/ports";
import type { Container } from "inversify";
import { clusterMetricsText } from "./cluster.js";
import { TAG_DESCRIPTIONS } from "./tag-descriptions.js";
import { TOKENS } from "./tokens.js";
import { APP_VERSION } from "./version.js";

/** The api role while it runs. */
export interface RunningApi {
  readonly port: number;
  readonly http: HttpServer;
  close(): Promise<void>;
}

/** Sets the queue-depth and outbox-lag gauges from the database (before each scrape of `/metrics`). */
export const refreshQueueMetrics =
  (database: Database, clock: Clock, metrics: HttpMetrics) => async (): Promise<void> => {
    const now = clock.now();
    const [depth, oldest] = await Promise.all([
      database.stores.jobs.depth(now),
      database.stores.events.oldestPendingAt(),
    ]);
    for (const [state, count] of Object.entries(depth)) metrics.queueDepth.set({ state }, count);
    metrics.outboxLag.set(oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest.getTime()) / 1000));
  };

/** In a process of a cluster, `/metrics` answers every process's metrics together. */
export const withClusterMetrics = (metrics: HttpMetrics): { metricsText?: () => Promise<string> } => {
  const metricsText = clusterMetricsText(metrics);
  return metricsText === undefined ? {} : { metricsText };
};

/** Builds the HTTP server of every route in the container (not listening yet). */
export const buildHttpServer = async (
  container: Container,
  beforeRoute: readonly BeforeRouteHook[] = [],
  afterAuthenticate: readonly BeforeRouteHook[] = [],
  afterBody: readonly AfterBodyHook[] = [],
): Promise<HttpServer> => {
  const config = container.get(TOKENS.Config);
  const logger = container.get(TOKENS.Logger);
  const clock = container.get(TOKENS.Clock);
  const database = await container.getAsync(TOKENS.Database);
  const tokens = await container.getAsync(TOKENS.BearerTokens);
  // What routes use when a request runs: resolved once here, before the server listens.
  await container.getAsync(TOKENS.RouteServices);
  const names = headerNames(config.headerPrefix);
  const metrics = container.get(TOKENS.Metrics);
  const { cache: keyCache } = await container.getAsync(TOKENS.KeyCacheBus);
  return createHttpServer({
    logger: logger.child({ part: "http" }),
    routes: container.get(TOKENS.Routes),
    beforeRoute,
    afterAuthenticate,
    afterBody,
    authenticate: createAuthenticator({
      stores: database.stores,
      clock,
      tokens,
      headerPrefix: config.headerPrefix,
      ...(keyCache === undefined ? {} : { keyCache }),
    }),
    permissions: PERMISSIONS,
    cors: {
      origins: config.corsOrigins,
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "x-request-id",
        names.apiKey,
        names.clientId,
        names.organisationId,
      ],
    },
    tagDescriptions: TAG_DESCRIPTIONS,
    ready: () => database.ready(),
    metrics,
    extraMetrics: refreshQueueMetrics(database, clock, metrics),
    ...withClusterMetrics(metrics),
    maxBodyBytes: config.maxBodyBytes,
    version: APP_VERSION,
    headerPrefix: config.headerPrefix,
    // With the worker's grace after it, a stop stays inside the 10 s an orchestrator waits.
    closeTimeoutMs: 4_000,
  });
};

/** Starts the api role: the REST server on `APAR_HOST:APAR_PORT`. */
export const startApi = async (container: Container): Promise<RunningApi> => {
  const config = container.get(TOKENS.Config);
  const logger = container.get(TOKENS.Logger).child({ part: "rate-limit" });
  checkRateLimitRoutes(container.get(TOKENS.Routes));
  // Redis when configured, so that every instance spends one budget; this process's memory otherwise.
  const redis =
    config.rateLimits && config.redisUrl !== undefined ? await connectRedis(config.redisUrl, logger) : undefined;
  const limiter = config.rateLimits
    ? createRateLimiter({
        store: redis === undefined ? { kind: "memory" } : { kind: "redis", client: redis },
        trustedProxies: config.trustedProxies,
        headerPrefix: config.headerPrefix,
        logger,
      })
    : undefined;
  const http = await buildHttpServer(
    container,
    limiter === undefined ? [] : [limiter.hook],
    limiter === undefined ? [] : [limiter.afterAuthenticate],
    limiter === undefined ? [] : [limiter.afterBody],
  );
  const close = async (): Promise<void> => {
    await http.close();
    // quit() fails when Redis is down; the connection is then simply dropped.
    await redis?.quit().catch(() => redis.disconnect());
  };
  try {
    const { port } = await http.listen(config.port, config.host);
    return { port, http, close };
  } catch (error) {
    redis?.disconnect();
    throw error;
  }
};
