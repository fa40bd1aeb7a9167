import "reflect-metadata";
import { join } from "node:path";
import { auditContext } from "@apar/adapters/audit/context";
import { createHttpMetrics, createHttpServer, createJwtTokens } from "@apar/adapters/http/index";
import { bankDetailsRoutes } from "@apar/adapters/http/routes/bank-details-routes";
import { tenancyRoutes } from "@apar/adapters/http/routes/index";
import { randomTokens } from "@apar/adapters/invoices/index";
import { createWorker } from "@apar/adapters/jobs/worker";
import type { DNSResolver } from "@apar/adapters/mail/inbound/index";
import { createMailer } from "@apar/adapters/mail/index";
import { stripeGateway } from "@apar/adapters/payments/stripe-gateway";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createNotifier, type Notifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import { auditedDatabase, JOBS, type RunnableJob, runnableJobs, type StoreAuditTable } from "@apar/core/app";
import type { Clock, Database, DocumentReader } from "@apar/core/ports";
import { Container, ContainerModule } from "inversify";
import type { Logger } from "pino";
import { approvalsModule } from "./approvals-wiring.js";
import { billsModule } from "./bills-wiring.js";
import { booksModule } from "./books-wiring.js";
import { type Config, publicBaseUrl, readMethodFor } from "./config.js";
import { inboundModule } from "./inbound-wiring.js";
import { invoicesModule } from "./invoices-wiring.js";
import { loadJwtKeys } from "./jwt-keys.js";
import { openKeyCacheBus } from "./key-cache-wiring.js";
import { paymentsModule } from "./payments-wiring.js";
import { portalModule } from "./portal-wiring.js";
import { recurringModule } from "./recurring-wiring.js";
import { reportsModule } from "./reports-wiring.js";
import type { Services } from "./services.js";
import { signInModule } from "./sign-in-wiring.js";
import { TOKENS } from "./tokens.js";
import { toolsModule } from "./tools-wiring.js";
import { webhooksModule } from "./webhooks-wiring.js";

/** Overrides tests and embedders may pass (a manual clock, an in-memory database, ...). */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly database?: Database;
  readonly workerId?: string;
  /** The bill document reader (default: none installed, every read fails as unreadable). */
  readonly documentReader?: DocumentReader;
  /** DNS for inbound mail authentication (default: the system's); tests give fixture records. */
  readonly dnsResolver?: DNSResolver;
  /** How store writes are audited (default: core's table); tests take a row away to see a change go unrecorded. */
  readonly auditTable?: StoreAuditTable;
}

/**
 * What every part uses: configuration, logger, clock, ids, the database (its commits wake the webhook runner
 * and the worker in-process; both poll as the fallback), the metrics it counts into, the mailer and the bearer
 * token signer.
 */
const foundationModule = (config: Config, logger: Logger, overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
    bind(TOKENS.Ids).toResolvedValue((clock: Clock) => randomIds(clock), [TOKENS.Clock]);
    bind(TOKENS.Notifier).toConstantValue(createNotifier());
    bind(TOKENS.JobsNotifier).toConstantValue(createNotifier());
    // One set of metrics per process: the database counts into it, the api role serves it on /metrics.
    bind(TOKENS.Metrics).toConstantValue(createHttpMetrics());
    bind(TOKENS.KeyCacheBus).toDynamicValue(() =>
      openKeyCacheBus(config, logger.child({ part: "key-cache" }), overrides.database === undefined),
    );
    bind(TOKENS.Database).toDynamicValue(async (ctx) => {
      const metrics = ctx.get(TOKENS.Metrics);
      const keys = await ctx.getAsync(TOKENS.KeyCacheBus);
      const database =
        overrides.database ??
        (await openSqlDatabase({
          ...(config.databaseUrl === undefined
            ? { sqliteFile: join(config.dataDir, "apar.sqlite") }
            : { url: config.databaseUrl }),
          // A deadlock victim is run again: counted, not logged as an error (it changes nothing).
          onDeadlockRetry: (operation) => metrics.deadlockRetries.inc({ operation }),
          listScanRows: config.listScanRows,
          // A key revoked, a client's modules or an organisation changed: every key cache drops its entries.
          afterKeyWrite: () => keys.changed(),
        }));
      // Every unit of work appends its audit entries before it commits, as the actor running it.
      return notifyingDatabase(
        auditedDatabase(database, {
          ids: ctx.get(TOKENS.Ids),
          context: auditContext,
          ...(overrides.auditTable === undefined ? {} : { table: overrides.auditTable }),
        }),
        {
          events: ctx.get(TOKENS.Notifier),
          jobs: ctx.get(TOKENS.JobsNotifier),
        },
      );
    });
    bind(TOKENS.Mailer).toDynamicValue(() =>
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: join(config.dataDir, "outbox"),
        defaultFrom: config.mailFrom,
      }),
    );
    bind(TOKENS.BearerTokens).toDynamicValue(async (ctx) =>
      createJwtTokens(await loadJwtKeys(config.jwtKeys, config.dataDir), ctx.get(TOKENS.Clock)),
    );
  });

/** Tenancy, auth and bank-detail routes (their use cases need nothing beyond the foundation). */
const tenancyModule = (services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RouteList).toConstantValue([...tenancyRoutes(services), ...bankDetailsRoutes()]);
  });

/**
 * The jobs and the routes as a whole: every job of core's list given its dependencies (the type checker asks for
 * each job's), the worker, every part's routes in one list, and the services routes use when a request runs.
 */
const processModule = (config: Config, logger: Logger, overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RunnableJobs).toDynamicValue(async (ctx) =>
      runnableJobs(JOBS, {
        ...(await ctx.getAsync(TOKENS.BillJobDeps)),
        ...(await ctx.getAsync(TOKENS.RecurringJobDeps)),
        ...(await ctx.getAsync(TOKENS.ApprovalJobDeps)),
        ...(await ctx.getAsync(TOKENS.InboundJobDeps)),
        ...(await ctx.getAsync(TOKENS.InvoiceJobDeps)),
        ...(await ctx.getAsync(TOKENS.SignInJobDeps)),
      }),
    );
    bind(TOKENS.Worker).toResolvedValue(
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
    bind(TOKENS.Routes).toDynamicValue((ctx) => ctx.getAll(TOKENS.RouteList).flat());
    bind(TOKENS.RouteServices).toDynamicValue(async (ctx) => ({
      db: await ctx.getAsync(TOKENS.Database),
      clock: ctx.get(TOKENS.Clock),
      ids: ctx.get(TOKENS.Ids),
      randomBytes: secureRandomBytes,
      bearerTokens: await ctx.getAsync(TOKENS.BearerTokens),
      tokens: randomTokens(),
      publicBaseUrl: publicBaseUrl(config),
      renderer: ctx.get(TOKENS.InvoiceRenderer),
      einvoices: ctx.get(TOKENS.EinvoiceWriter),
      mailer: ctx.get(TOKENS.Mailer),
      mailFrom: config.mailFrom,
      files: ctx.get(TOKENS.DocumentFiles),
      maxUploadBytes: config.maxUploadBytes,
      webhooks: await ctx.getAsync(TOKENS.WebhookDeps),
      inbound: await ctx.getAsync(TOKENS.InboundPipeline),
      inboundDomain: config.inboundDomain,
      inboundEmailSecret: config.inboundEmailSecret,
      smtpMaxBytes: config.smtpMaxBytes,
      trustedProxies: config.trustedProxies,
      readingMethodFor: readMethodFor(config),
      ocrLanguages: config.ocrLanguages,
      llmSecondLookBelow: config.llmBaseUrl === undefined ? null : (config.llmBelow ?? null),
      // Manual mode has no processor: public invoice pages show bank-transfer instructions and no Pay button.
      paymentGateway:
        config.paymentGateway === "stripe" &&
        config.stripeSecretKey !== undefined &&
        config.stripeWebhookSecret !== undefined
          ? stripeGateway({
              secretKey: config.stripeSecretKey,
              webhookSecret: config.stripeWebhookSecret,
              ...(config.stripeApiUrl === undefined ? {} : { apiUrl: config.stripeApiUrl }),
            })
          : undefined,
    }));
  });

/**
 * The one composition root: each part of the process is an inversify container module, loaded here. Routes are
 * built without opening anything (the CLI prints the OpenAPI document from them): what they use is resolved
 * when a request runs, after the api role has resolved `TOKENS.RouteServices`.
 */
export const buildContainer = (config: Config, logger: Logger, overrides: ContainerOverrides = {}): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  const services: Services = () => c.get(TOKENS.RouteServices);
  // The load order is the order of the routes (and of the OpenAPI document's paths).
  c.load(
    foundationModule(config, logger, overrides),
    processModule(config, logger, overrides),
    tenancyModule(services),
    billsModule(config, services, overrides.documentReader),
    recurringModule(config, services),
    inboundModule(config, services, overrides.dnsResolver),
    approvalsModule(config, services),
    invoicesModule(config, services),
    paymentsModule(services),
    reportsModule(services),
    booksModule(services),
    webhooksModule(config, services, overrides.workerId),
    portalModule(config, services),
    signInModule(config),
    toolsModule(config, services),
  );
  return c;
};

export { createHttpServer };
