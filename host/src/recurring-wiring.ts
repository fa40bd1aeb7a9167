import type { RouteDef } from "@apar/adapters/http/index";
import { recurringRoutes } from "@apar/adapters/http/routes/recurring-routes";
import { reminderRoutes } from "@apar/adapters/http/routes/reminder-routes";
import { einvoiceWriter, pdfInvoiceRenderer, randomTokens } from "@apar/adapters/invoices/index";
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
import type { Container } from "inversify";
import type { Logger } from "pino";
import { billDuties } from "./bills-wiring.js";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

// Recurring invoices, reminders and the public invoice page: routes, scheduler duties and job handlers.

/** Where public invoice pages live: APAR_PUBLIC_URL, or this host's own port on localhost. */
const publicBase = (config: Config): string =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, "");

/** The recurring-invoice, reminder and public invoice routes; the database and mailer are read per request. */
export const recurringRouteList = (c: Container): RouteDef[] => {
  const config = c.get<Config>(TOKENS.Config);
  // Getters, never spread: the CLI builds these routes without opening the database.
  const database = () => c.get<Database>(TOKENS.Database);
  const ids = () => c.get<Ids>(TOKENS.Ids);
  const clock = c.get<Clock>(TOKENS.Clock);
  return [
    ...recurringRoutes({
      get database() {
        return database();
      },
      get ids() {
        return ids();
      },
      clock,
    }),
    ...reminderRoutes({
      get database() {
        return database();
      },
      get ids() {
        return ids();
      },
      clock,
      mailer: () => c.get<Mailer>(TOKENS.Mailer),
      mailFrom: config.mailFrom,
      publicBaseUrl: publicBase(config),
    }),
    ...publicInvoiceRoutes({
      stores: () => database().stores,
      renderer: pdfInvoiceRenderer({ facturX: einvoiceWriter() }),
      publicBaseUrl: publicBase(config),
      // No gateway until the payments part lands: the page shows no Pay button.
      paymentGateway: undefined,
    }),
  ];
};

/** The dependencies of the jobs of recurring generation and of reminders. */
export const recurringJobDeps = async (
  c: Container,
): Promise<Pick<JobsDeps, typeof GENERATE_OCCURRENCE_JOB | typeof PLAN_REMINDERS_JOB | typeof SEND_REMINDER_JOB>> => {
  const config = c.get<Config>(TOKENS.Config);
  const base = {
    db: await c.getAsync<Database>(TOKENS.Database),
    clock: c.get<Clock>(TOKENS.Clock),
    ids: c.get<Ids>(TOKENS.Ids),
  };
  const invoices = occurrenceInvoicesOf({ ...base, tokens: randomTokens(), publicBaseUrl: publicBase(config) });
  const reminders = {
    ...base,
    mailer: await c.getAsync<Mailer>(TOKENS.Mailer),
    mailFrom: config.mailFrom,
    publicBaseUrl: publicBase(config),
  };
  return {
    [GENERATE_OCCURRENCE_JOB]: { ...base, invoices },
    [PLAN_REMINDERS_JOB]: reminders,
    [SEND_REMINDER_JOB]: reminders,
  };
};

/**
 * Binds the scheduler role: node-cron ticks every minute and runs the duties, which only enqueue keyed jobs.
 * A worker in the same process is woken when a tick enqueued something.
 */
export const bindScheduler = (c: Container, _config: Config): void => {
  c.bind<Scheduler>(TOKENS.Scheduler).toDynamicValue(async () => {
    const db = await c.getAsync<Database>(TOKENS.Database);
    const clock = c.get<Clock>(TOKENS.Clock);
    const duties: SchedulerDuty[] = [
      { name: "recurring-invoices", run: enqueueDueOccurrences({ db, clock }) },
      { name: "invoice-reminders", run: enqueueReminderJobs({ db, clock }) },
      ...billDuties(db, clock),
    ];
    return createScheduler({
      duties,
      logger: c.get<Logger>(TOKENS.Logger).child({ part: "scheduler" }),
    });
  });
};
