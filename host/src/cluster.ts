import cluster, { type Worker as ClusterWorker } from "node:cluster";
import { availableParallelism } from "node:os";
import { clusterMetricsPrimary, clusterMetricsWorker, type HttpMetrics } from "@apar/adapters/http/index";
import type { Logger } from "pino";
import type { Config } from "./config.js";

/** `APAR_PROCESSES`, or its default: one per core when the api role runs and the rate limits are shared or off, else 1. */
export const processCount = (config: Pick<Config, "processes" | "roles" | "rateLimits" | "redisUrl">): number =>
  config.processes ??
  (config.roles.includes("api") && (!config.rateLimits || config.redisUrl !== undefined) ? availableParallelism() : 1);

const texts = new WeakMap<HttpMetrics, () => Promise<string>>();

/** In a process of a cluster, what `/metrics` answers: every process's metrics together; alone, undefined. */
export const clusterMetricsText = (metrics: HttpMetrics): (() => Promise<string>) | undefined => {
  if (!cluster.isWorker) return undefined;
  let text = texts.get(metrics);
  if (text === undefined) {
    text = clusterMetricsWorker(metrics.registry).text;
    texts.set(metrics, text);
  }
  return text;
};

/** What a process of the cluster tells the primary once its roles run. */
export const STARTED_MESSAGE = { apar: "started" } as const;

/**
 * The primary of `count` processes sharing the ports (node's cluster module): forks them, each running the roles;
 * answers every process's metrics together; forwards SIGTERM and SIGINT to all and exits once all have stopped
 * (0 when each stopped cleanly). A process that ends on its own is started again; one that ends before it has
 * started stops them all (exit 1): a configuration or database that fails one fails the next too.
 */
export const runPrimary = (count: number, logger: Logger, stopLimitMs: number): void => {
  const live = new Set<ClusterWorker>();
  const started = new Set<ClusterWorker>();
  let stopping = false;
  let failed = false;
  let announced = false;
  const gather = clusterMetricsPrimary(() => [...live]);

  const stopAll = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: live.size }, "stopping");
    setTimeout(() => {
      logger.error("graceful stop took too long; exiting");
      for (const worker of live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, stopLimitMs).unref();
    for (const worker of live) worker.process.kill("SIGTERM");
    if (live.size === 0) process.exit(failed ? 1 : 0);
  };

  const fork = (): void => {
    const worker = cluster.fork();
    live.add(worker);
    gather(worker);
    worker.on("message", (m: unknown) => {
      if ((m as { apar?: unknown } | null)?.apar !== STARTED_MESSAGE.apar) return;
      started.add(worker);
      if (announced) logger.info({ pid: worker.process.pid }, "process started again");
      else if (started.size === count && !stopping) {
        announced = true;
        logger.info(
          { processes: count, pids: [...live].map((w) => w.process.pid), port: (m as { port?: number }).port },
          "apar started",
        );
      }
    });
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        if (live.size === 0) {
          logger.info("apar stopped");
          process.exit(failed ? 1 : 0);
        }
        return;
      }
      if (!started.has(worker)) {
        logger.error({ pid: worker.process.pid, code, signal }, "a process ended before it started; stopping");
        failed = true;
        stopAll("SIGTERM");
        return;
      }
      started.delete(worker);
      logger.error({ pid: worker.process.pid, code, signal }, "a process ended; starting another");
      fork();
    });
  };

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
  for (let i = 0; i < count; i += 1) fork();
};
