import { mkdir } from "node:fs/promises";
import type { Worker } from "@apar/adapters/jobs/worker";
import type { SmtpReceiver } from "@apar/adapters/mail/inbound/index";
import type { Scheduler } from "@apar/adapters/scheduler/index";
import type { WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import type { Database } from "@apar/core/ports";
import type { Container } from "inversify";
import type { Logger } from "pino";
import { type RunningApi, startApi } from "./api-role.js";
import { removeDocumentTemp } from "./bills-wiring.js";
import type { Config } from "./config.js";
import { buildContainer, type ContainerOverrides } from "./container.js";
import { type FirstStart, firstStart } from "./first-start.js";
import { startSmtpRole } from "./inbound-wiring.js";
import { loadSecretKey } from "./secret-key.js";
import { TOKENS } from "./tokens.js";
import { type RunningWorkerHttp, startWorkerHttp } from "./worker-http.js";

/** A started apar process (all the roles the configuration names). */
export interface RunningApp {
  readonly container: Container;
  readonly database: Database;
  /** The SMTP port when the smtp role runs. */
  readonly smtpPort: number | undefined;
  /** The HTTP port: the api's, or without the api role `APAR_WORKER_PORT`'s when set. */
  readonly port: number | undefined;
  /** The client, organisation and admin API key created on first start (only on the start that created them). */
  readonly firstStart: FirstStart | undefined;
  /** Stops intake, finishes in-flight work, hands unfinished jobs back, closes the database. */
  stop(): Promise<void>;
}

/** How long shutdown waits for in-flight requests and jobs before handing the rest back. */
const DRAIN_MS = 4_000;

/**
 * Starts the roles of `config.roles` against the configured database. `announce` hears what a first start
 * created before any role starts, so that its banner comes out before "apar started" (which callers wait for; a
 * process of a cluster says `startedMessage` instead, and its primary says "apar started" once all have).
 */
export const startApp = async (
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
  announce: (created: FirstStart) => void = () => {},
  startedMessage = "apar started",
): Promise<RunningApp> => {
  await mkdir(config.dataDir, { recursive: true });
  await loadSecretKey(config.secretKey, config.dataDir);
  const container = buildContainer(config, logger, overrides);
  const database = await container.getAsync(TOKENS.Database);
  await database.migrate();
  const created = await firstStart(container);
  if (created !== undefined) announce(created);
  const abandoned = await removeDocumentTemp(container);
  if (abandoned > 0) logger.info({ abandoned }, "abandoned temporary document files removed");
  await container.getAsync(TOKENS.WebhookDeps);

  let api: RunningApi | undefined;
  let workerHttp: RunningWorkerHttp | undefined;
  let smtp: SmtpReceiver | undefined;
  let worker: Worker | undefined;
  let webhooks: WebhookRunner | undefined;
  let scheduler: Scheduler | undefined;
  try {
    if (config.roles.includes("worker")) {
      worker = await container.getAsync(TOKENS.Worker);
      worker.start();
      webhooks = await container.getAsync(TOKENS.WebhookRunner);
      webhooks.start();
    }
    if (config.roles.includes("api")) api = await startApi(container);
    else if (config.workerPort !== undefined) workerHttp = await startWorkerHttp(container, config.workerPort);
    if (config.roles.includes("scheduler")) {
      scheduler = await container.getAsync(TOKENS.Scheduler);
      scheduler.start();
    }
    if (config.roles.includes("smtp")) smtp = await startSmtpRole(container);
  } catch (error) {
    await database.close();
    await (await container.getAsync(TOKENS.KeyCacheBus)).close();
    throw error;
  }
  const port = api?.port ?? workerHttp?.port;
  logger.info({ roles: config.roles, port, database: database.dialect }, startedMessage);

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    await api?.close();
    // No new jobs from ticks while the workers drain.
    await scheduler?.stop();
    await smtp?.close();
    await Promise.all([worker?.stop(DRAIN_MS), webhooks?.stop(DRAIN_MS)]);
    // Health and metrics answer until the work has drained.
    await workerHttp?.close();
    container.get(TOKENS.WebhookClient).close();
    // The reader's OCR workers start on first use; closing an unused reader costs nothing.
    await container.get(TOKENS.DocumentReader).close?.();
    await database.close();
    await (await container.getAsync(TOKENS.KeyCacheBus)).close();
    logger.info("apar stopped");
  };
  return {
    container,
    database,
    port,
    smtpPort: smtp?.port,
    firstStart: created,
    stop: () => {
      stopping ??= stop();
      return stopping;
    },
  };
};
