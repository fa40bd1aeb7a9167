import "reflect-metadata";
import { join } from "node:path";
import {
  createAuthenticator,
  createHttpMetrics,
  createHttpServer,
  createJwtTokens,
  type HttpMetrics,
  type RouteDef,
} from "@apar/adapters/http/index";
import { bankDetailsRoutes } from "@apar/adapters/http/routes/bank-details-routes";
import { type TenancyRouteDeps, tenancyRoutes } from "@apar/adapters/http/routes/index";
import { webhookRoutes } from "@apar/adapters/http/routes/webhook-routes";
import { createWorker, type Worker } from "@apar/adapters/jobs/worker";
import type { DNSResolver } from "@apar/adapters/mail/inbound/index";
import { createMailer } from "@apar/adapters/mail/index";
import { portalWebhooksOf } from "@apar/adapters/portal/core-webhooks";
import { type PortalDeps, portalRoutes } from "@apar/adapters/portal/index";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner, type WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient, type GuardedClient } from "@apar/adapters/webhooks/guarded-client";
import { createNotifier, type Notifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import { JOBS, type RunnableJob, runnableJobs, type WebhookDeps } from "@apar/core/app";
import type { BearerTokens, Clock, Database, DocumentReader, Ids, Mailer } from "@apar/core/ports";
import { Container } from "inversify";
import type { Logger } from "pino";
import { approvalJobDeps, approvalRouteList } from "./approvals-wiring.js";
import { billJobDeps, billRouteList, bindBills } from "./bills-wiring.js";
import type { Config } from "./config.js";
import { bindInbound, inboundJobDeps, inboundRouteList } from "./inbound-wiring.js";
import { invoiceJobDeps, invoiceRouteList } from "./invoices-wiring.js";
import { loadJwtKeys } from "./jwt-keys.js";
import { bindScheduler, recurringJobDeps, recurringRouteList } from "./recurring-wiring.js";
import { loadSecretKey } from "./secret-key.js";
import { TOKENS } from "./tokens.js";

/** Overrides tests and embedders may pass (a manual clock, an in-memory database, ...). */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly database?: Database;
  readonly workerId?: string;
  /** The bill document reader (default: none installed, every read fails as unreadable). */
  readonly documentReader?: DocumentReader;
  /** DNS for inbound mail authentication (default: the system's); tests give fixture records. */
  readonly dnsResolver?: DNSResolver;
}

/** The one composition root: every part of the process is bound here with plain factories. */
export const buildContainer = (config: Config, logger: Logger, overrides: ContainerOverrides = {}): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  c.bind<Config>(TOKENS.Config).toConstantValue(config);
  c.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
  c.bind<Ids>(TOKENS.Ids).toResolvedValue((clock: Clock) => randomIds(clock), [TOKENS.Clock]);
  // Commits that append events wake the webhook runner in-process, and commits that enqueue jobs wake the
  // worker, whoever made them (a route, the inbound pipeline, the scheduler); both poll as the fallback.
  c.bind<Notifier>(TOKENS.Notifier).toConstantValue(createNotifier());
  c.bind<Notifier>(TOKENS.JobsNotifier).toConstantValue(createNotifier());
  // One set of metrics per process: the database counts into it, the api role serves it on /metrics.
  c.bind<HttpMetrics>(TOKENS.Metrics).toConstantValue(createHttpMetrics());
  c.bind<Database>(TOKENS.Database).toDynamicValue(async () =>
    notifyingDatabase(
      overrides.database ??
        (await openSqlDatabase({
          ...(config.databaseUrl === undefined
            ? { sqliteFile: join(config.dataDir, "apar.sqlite") }
            : { url: config.databaseUrl }),
          // A deadlock victim is run again: counted, not logged as an error (it changes nothing).
          onDeadlockRetry: (operation) => c.get<HttpMetrics>(TOKENS.Metrics).deadlockRetries.inc({ operation }),
        })),
      { events: c.get<Notifier>(TOKENS.Notifier), jobs: c.get<Notifier>(TOKENS.JobsNotifier) },
    ),
  );
  c.bind<Mailer>(TOKENS.Mailer).toDynamicValue(() =>
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, "outbox"), defaultFrom: config.mailFrom }),
  );
  bindBills(c, config, overrides.documentReader);
  bindScheduler(c, config);
  bindInbound(c, config, overrides.dnsResolver);
  // Every job of core's list, given its dependencies (the type checker asks for each job's).
  c.bind<RunnableJob[]>(TOKENS.RunnableJobs).toDynamicValue(async () =>
    runnableJobs(JOBS, {
      ...(await billJobDeps(c)),
      ...(await recurringJobDeps(c)),
      ...(await approvalJobDeps(c)),
      ...(await inboundJobDeps(c)),
      ...(await invoiceJobDeps(c)),
    }),
  );
  c.bind<Worker>(TOKENS.Worker).toResolvedValue(
    (database: Database, clock: Clock, runnable: RunnableJob[], jobsNotifier: Notifier) => {
      const worker = createWorker({
        id: overrides.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        jobs: database.stores.jobs,
        clock,
        runnable,
        logger: logger.child({ part: "worker" }),
        concurrency: config.workerConcurrency,
        visibilityMs: config.jobVisibilityMs,
      });
      // Only a started worker acts on a wake-up; a process without the worker role never resolves one.
      jobsNotifier.subscribe(() => worker.wake());
      return worker;
    },
    [TOKENS.Database, TOKENS.Clock, TOKENS.RunnableJobs, TOKENS.JobsNotifier],
  );
  c.bind<BearerTokens>(TOKENS.BearerTokens).toDynamicValue(async () =>
    createJwtTokens(await loadJwtKeys(config.jwtKeys, config.dataDir), c.get<Clock>(TOKENS.Clock)),
  );
  // Routes resolve without opening anything (the CLI prints the OpenAPI document from them): their database
  // and token signer are read when a request runs, after the api role has resolved both.
  const routeDeps: TenancyRouteDeps = {
    get database() {
      return c.get<Database>(TOKENS.Database);
    },
    get tokens() {
      return c.get<BearerTokens>(TOKENS.BearerTokens);
    },
    clock: c.get<Clock>(TOKENS.Clock),
    get ids() {
      return c.get<Ids>(TOKENS.Ids);
    },
    randomBytes: secureRandomBytes,
  };
  c.bind<GuardedClient>(TOKENS.WebhookClient).toDynamicValue(() =>
    createGuardedClient({
      allowInsecureLoopback: config.webhooksAllowInsecure,
      privateCidrs: config.webhooksPrivateCidrs,
    }),
  );
  c.bind<WebhookDeps>(TOKENS.WebhookDeps).toDynamicValue(async () => {
    const client = c.get<GuardedClient>(TOKENS.WebhookClient);
    return {
      db: await c.getAsync<Database>(TOKENS.Database),
      clock: c.get<Clock>(TOKENS.Clock),
      ids: c.get<Ids>(TOKENS.Ids),
      randomBytes: secureRandomBytes,
      sealer: createSecretSealer(await loadSecretKey(config.secretKey, config.dataDir)),
      checkUrl: (url) => client.validate(url),
    };
  });
  c.bind<WebhookRunner>(TOKENS.WebhookRunner).toDynamicValue(async () => {
    const deps = await c.getAsync<WebhookDeps>(TOKENS.WebhookDeps);
    return createWebhookRunner({
      id: `${overrides.workerId ?? "webhooks"}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      database: await c.getAsync<Database>(TOKENS.Database),
      clock: deps.clock,
      ids: deps.ids,
      sealer: deps.sealer,
      sender: c.get<GuardedClient>(TOKENS.WebhookClient),
      headerPrefix: config.headerPrefix,
      logger: logger.child({ part: "webhooks" }),
      notifier: c.get<Notifier>(TOKENS.Notifier),
      leaseMs: config.webhooksLeaseMs,
    });
  });
  // The portal re-checks its session's credential with the API's own authenticator, built on first use.
  let authenticator: PortalDeps["authenticate"] | undefined;
  const portalDeps: PortalDeps = {
    clock: c.get<Clock>(TOKENS.Clock),
    headerPrefix: config.headerPrefix,
    authenticate: (headers, access) => {
      authenticator ??= createAuthenticator({
        stores: c.get<Database>(TOKENS.Database).stores,
        clock: c.get<Clock>(TOKENS.Clock),
        tokens: c.get<BearerTokens>(TOKENS.BearerTokens),
        headerPrefix: config.headerPrefix,
      });
      return authenticator(headers, access);
    },
    secretKey: () => loadSecretKey(config.secretKey, config.dataDir),
    get webhooks() {
      return portalWebhooksOf(c.get<WebhookDeps>(TOKENS.WebhookDeps));
    },
  };
  c.bind<readonly RouteDef[]>(TOKENS.Routes).toDynamicValue(() => [
    ...tenancyRoutes(routeDeps),
    ...bankDetailsRoutes(),
    ...billRouteList(c),
    ...recurringRouteList(c),
    ...inboundRouteList(c, routeDeps),
    ...approvalRouteList(c),
    ...invoiceRouteList(c),
    // Read when a request runs: the app resolves WebhookDeps (it loads the secret key) before the api starts.
    ...webhookRoutes({ webhooks: () => c.get<WebhookDeps>(TOKENS.WebhookDeps) }),
    ...portalRoutes(portalDeps),
  ]);
  return c;
};

export { createHttpServer };
