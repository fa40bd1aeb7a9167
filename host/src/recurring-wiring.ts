import type { RouteDef } from "@apar/adapters/http/index";
import { recurringRoutes } from "@apar/adapters/http/routes/recurring-routes";
import type { Worker } from "@apar/adapters/jobs/worker";
import { createScheduler, type Scheduler, type SchedulerDuty } from "@apar/adapters/scheduler/index";
import { type Clock, type Database, enqueueDueOccurrences, type Ids } from "@apar/core";
import type { Container } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** The recurring-invoice routes; their database is read when a request runs. */
export const recurringRouteList = (c: Container): RouteDef[] =>
  recurringRoutes({
    get database() {
      return c.get<Database>(TOKENS.Database);
    },
    get ids() {
      return c.get<Ids>(TOKENS.Ids);
    },
    clock: c.get<Clock>(TOKENS.Clock),
  });

/**
 * Binds the scheduler role: node-cron ticks every minute and runs the duties, which only enqueue keyed jobs.
 * A worker in the same process is woken when a tick enqueued something.
 */
export const bindScheduler = (c: Container, config: Config): void => {
  c.bind<Scheduler>(TOKENS.Scheduler).toDynamicValue(async () => {
    const db = await c.getAsync<Database>(TOKENS.Database);
    const clock = c.get<Clock>(TOKENS.Clock);
    const duties: SchedulerDuty[] = [{ name: "recurring-invoices", run: enqueueDueOccurrences({ db, clock }) }];
    return createScheduler({
      duties,
      logger: c.get<Logger>(TOKENS.Logger).child({ part: "scheduler" }),
      onEnqueued: () => {
        if (config.roles.includes("worker")) void c.getAsync<Worker>(TOKENS.Worker).then((w) => w.wake());
      },
    });
  });
};
