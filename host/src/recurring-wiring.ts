import { recurringRoutes } from "@apar/adapters/http/routes/recurring-routes";
import { reminderRoutes } from "@apar/adapters/http/routes/reminder-routes";
import { randomTokens } from "@apar/adapters/invoices/index";
import { publicInvoiceRoutes } from "@apar/adapters/public-invoice/index";
import { createScheduler, type SchedulerDuty } from "@apar/adapters/scheduler/index";
import {
  enqueueDueOccurrences,
  enqueueReminderJobs,
  GENERATE_OCCURRENCE_JOB,
  occurrenceInvoicesOf,
  PLAN_REMINDERS_JOB,
  SEND_REMINDER_JOB,
} from "@apar/core/app";
import { ContainerModule } from "inversify";
import { billDuties } from "./bills-wiring.js";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/**
 * Recurring invoices, reminders and the public invoice page: the scheduler role (node-cron ticks every minute and
 * runs the duties, which only enqueue keyed jobs; a worker in the same process is woken when a tick enqueued
 * something), the jobs' dependencies, and the routes.
 */
export const recurringModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RecurringJobDeps).toDynamicValue(async (ctx) => {
      const base = {
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
      };
      const invoices = occurrenceInvoicesOf({ ...base, tokens: randomTokens(), publicBaseUrl: publicBaseUrl(config) });
      const reminders = {
        ...base,
        mailer: await ctx.getAsync(TOKENS.Mailer),
        mailFrom: config.mailFrom,
        publicBaseUrl: publicBaseUrl(config),
      };
      return {
        [GENERATE_OCCURRENCE_JOB]: { ...base, invoices },
        [PLAN_REMINDERS_JOB]: reminders,
        [SEND_REMINDER_JOB]: reminders,
      };
    });
    bind(TOKENS.Scheduler).toDynamicValue(async (ctx) => {
      const db = await ctx.getAsync(TOKENS.Database);
      const clock = ctx.get(TOKENS.Clock);
      const duties: SchedulerDuty[] = [
        { name: "recurring-invoices", run: enqueueDueOccurrences({ db, clock }) },
        { name: "invoice-reminders", run: enqueueReminderJobs({ db, clock }) },
        ...billDuties(db, clock),
      ];
      return createScheduler({ duties, logger: ctx.get(TOKENS.Logger).child({ part: "scheduler" }) });
    });
    bind(TOKENS.RouteList).toConstantValue([
      ...recurringRoutes(services),
      ...reminderRoutes(services),
      ...publicInvoiceRoutes(services),
    ]);
  });
