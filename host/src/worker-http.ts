import { createHttpServer } from "@apar/adapters/http/index";
import type { Container } from "inversify";
import { refreshQueueMetrics, withClusterMetrics } from "./api-role.js";
import { TOKENS } from "./tokens.js";
import { APP_VERSION } from "./version.js";

/** The HTTP port of a process without the api role, while it runs. */
export interface RunningWorkerHttp {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves `/healthz`, `/readyz`, `/metrics` (and the document of those three) on `APAR_WORKER_PORT` in a process
 * without the api role, so that an orchestrator's health check and a metrics scraper reach a worker container
 * as they reach an api one. No route takes a credential or a body.
 */
export const startWorkerHttp = async (container: Container, port: number): Promise<RunningWorkerHttp> => {
  const config = container.get(TOKENS.Config);
  const clock = container.get(TOKENS.Clock);
  const database = await container.getAsync(TOKENS.Database);
  const metrics = container.get(TOKENS.Metrics);
  const http = createHttpServer({
    logger: container.get(TOKENS.Logger).child({ part: "worker-http" }),
    routes: [],
    ready: () => database.ready(),
    metrics,
    extraMetrics: refreshQueueMetrics(database, clock, metrics),
    ...withClusterMetrics(metrics),
    maxBodyBytes: 1024,
    version: APP_VERSION,
    headerPrefix: config.headerPrefix,
    closeTimeoutMs: 1_000,
  });
  const listening = await http.listen(port, config.host);
  return { port: listening.port, close: () => http.close() };
};
