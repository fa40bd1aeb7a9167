import "reflect-metadata";
import { join } from "node:path";
import { createHttpServer, type RouteDef } from "@apar/adapters/http/index";
import { createWorker, type JobHandler, type Worker } from "@apar/adapters/jobs/worker";
import { createMailer } from "@apar/adapters/mail/index";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import type { Clock, Database, Ids, Mailer } from "@apar/core";
import { Container } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Overrides tests and embedders may pass (a manual clock, an in-memory database, ...). */
export interface ContainerOverrides {
  readonly clock?: Clock;
  readonly database?: Database;
  readonly workerId?: string;
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
  c.bind<Record<string, JobHandler>>(TOKENS.JobHandlers).toConstantValue({});
  c.bind<Worker>(TOKENS.Worker).toResolvedValue(
    (database: Database, clock: Clock, handlers: Record<string, JobHandler>) =>
      createWorker({
        id: overrides.workerId ?? `worker-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
        jobs: database.stores.jobs,
        clock,
        handlers,
        logger: logger.child({ part: "worker" }),
        concurrency: config.workerConcurrency,
      }),
    [TOKENS.Database, TOKENS.Clock, TOKENS.JobHandlers],
  );
  c.bind<readonly RouteDef[]>(TOKENS.Routes).toConstantValue([]);
  return c;
};

export { createHttpServer };
