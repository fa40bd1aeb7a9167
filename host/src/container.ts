import "reflect-metadata";
import { join } from "node:path";
import { createHttpServer, createJwtTokens, type RouteDef } from "@apar/adapters/http/index";
import { type TenancyRouteDeps, tenancyRoutes } from "@apar/adapters/http/routes/index";
import { createWorker, type JobHandler, type Worker } from "@apar/adapters/jobs/worker";
import { createMailer } from "@apar/adapters/mail/index";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import type { BearerTokens, Clock, Database, DocumentReader, Ids, Mailer } from "@apar/core";
import { Container } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { loadJwtKeys } from "./jwt-keys.js";
import { billJobHandlers, billRouteList, bindBills } from "./bills-wiring.js";
import { TOKENS } from "./tokens.js";

/** Overrides tests and embedders may pass (a manual clock, an in-memory database, ...). */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly database?: Database;
  readonly workerId?: string;
  /** The bill document reader (default: none installed, every read fails as unreadable). */
  readonly documentReader?: DocumentReader;
}

/** The one composition root: every part of the process is bound here with plain factories. */
export const buildContainer = (config: Config, logger: Logger, overrides: ContainerOverrides = {}): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  c.bind<Config>(TOKENS.Config).toConstantValue(config);
  c.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
  c.bind<Ids>(TOKENS.Ids).toResolvedValue((clock: Clock) => randomIds(clock), [TOKENS.Clock]);
  c.bind<Database>(TOKENS.Database).toDynamicValue(
    async () =>
      overrides.database ??
      openSqlDatabase(
        config.databaseUrl === undefined
          ? { sqliteFile: join(config.dataDir, "apar.sqlite") }
          : { url: config.databaseUrl },
      ),
  );
  c.bind<Mailer>(TOKENS.Mailer).toDynamicValue(() =>
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, "outbox"), defaultFrom: config.mailFrom }),
  );
  bindBills(c, config, overrides.documentReader);
  c.bind<Record<string, JobHandler>>(TOKENS.JobHandlers).toDynamicValue(async () => ({ ...(await billJobHandlers(c)) }));
  c.bind<Worker>(TOKENS.Worker).toResolvedValue(
    (database: Database, clock: Clock, handlers: Record<string, JobHandler>) =>
      createWorker({
        id: overrides.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        jobs: database.stores.jobs,
        clock,
        handlers,
        logger: logger.child({ part: "worker" }),
        concurrency: config.workerConcurrency,
        visibilityMs: config.jobVisibilityMs,
      }),
    [TOKENS.Database, TOKENS.Clock, TOKENS.JobHandlers],
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
  c.bind<readonly RouteDef[]>(TOKENS.Routes).toDynamicValue(() => [...tenancyRoutes(routeDeps), ...billRouteList(c)]);
  return c;
};

export { createHttpServer };
