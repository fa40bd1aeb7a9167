import type { RouteDef } from "@apar/adapters/http/index";
import { recurringRoutes } from "@apar/adapters/http/routes/recurring-routes";
import { reminderRoutes } from "@apar/adapters/http/routes/reminder-routes";
import { randomTokens } from "@apar/adapters/invoices/index";
import { publicInvoiceRoutes } from "@apar/adapters/public-invoice/index";
import { createScheduler, type Scheduler, type SchedulerDuty } from "@apar/adapters/scheduler/index";
import {
  enqueueDueOccurrences,
  enqueueReminderJobs,
  GENERATE_OCCURRENCE_JOB,
  type JobsDeps,
  occurrenceInvoicesOf,
  PLAN_REMINDERS_JOB,
  SEND_REMINDER_JOB,
} from "@apar/core/app";
import type { Clock, Database, Ids, Mailer } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import type { Logger } from "pino";
import { billDuties } from "./bills-wiring.js";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the recurring part. */
export const RECURRING_TOKENS = {
  JobDeps: Symbol.for("apar.RecurringJobDeps"),
} as const;

/** The dependencies of the jobs of recurring generation and of reminders. */
export type RecurringJobDeps = Pick<
  JobsDeps,
  typeof GENERATE_OCCURRENCE_JOB | typeof PLAN_REMINDERS_JOB | typeof SEND_REMINDER_JOB
>;

/**
 * Recurring invoices, reminders and the public invoice page: the scheduler role (node-cron ticks every minute and
 * runs the duties, which only enqueue keyed jobs; a worker in the same process is woken when a tick enqueued
 * something), the jobs' dependencies, and the routes.
 */
export const recurringModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<RecurringJobDeps>(RECURRING_TOKENS.JobDeps).toDynamicValue(async (ctx) => {
      const base = {
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
      };
      const invoices = occurrenceInvoicesOf({ ...base, tokens: randomTokens(), publicBaseUrl: publicBaseUrl(config) });
      const reminders = {
        ...base,
        mailer: await ctx.getAsync<Mailer>(TOKENS.Mailer),
        mailFrom: config.mailFrom,
        publicBaseUrl: publicBaseUrl(config),
      };
      return {
        [GENERATE_OCCURRENCE_JOB]: { ...base, invoices },
        [PLAN_REMINDERS_JOB]: reminders,
        [SEND_REMINDER_JOB]: reminders,
      };
    });
    bind<Scheduler>(TOKENS.Scheduler).toDynamicValue(async (ctx) => {
      const db = await ctx.getAsync<Database>(TOKENS.Database);
      const clock = ctx.get<Clock>(TOKENS.Clock);
      const duties: SchedulerDuty[] = [
        { name: "recurring-invoices", run: enqueueDueOccurrences({ db, clock }) },
        { name: "invoice-reminders", run: enqueueReminderJobs({ db, clock }) },
        ...billDuties(db, clock),
      ];
      return createScheduler({ duties, logger: ctx.get<Logger>(TOKENS.Logger).child({ part: "scheduler" }) });
    });
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue([
      ...recurringRoutes(services),
      ...reminderRoutes(services),
      ...publicInvoiceRoutes(services),
    ]);
  });
