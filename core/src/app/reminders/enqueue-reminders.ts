import type { ReminderDeps } from "./deps.js";
import { PLAN_REMINDERS_JOB, type PlanRemindersJob, SEND_REMINDER_JOB, type SendReminderJob } from "./deps.js";

const BATCH = 500;

/**
 * One scheduler tick for reminders: enqueues a plan job for each newly sent invoice and a send job for each
 * due reminder, keyed so that ticks of several schedulers enqueue each once. Answers how many were due.
 */
export const enqueueReminderJobs =
  (deps: Pick<ReminderDeps<"invoiceReminders" | "jobs">, "db" | "clock">) => async (): Promise<number> => {
    const now = deps.clock.now();
    const jobs = deps.db.stores.jobs;
    const unplanned = await deps.db.stores.invoiceReminders.unplanned(BATCH);
    for (const ref of unplanned) {
      const payload: PlanRemindersJob = ref;
      await jobs.enqueue({ type: PLAN_REMINDERS_JOB, payload, key: `reminder-plan:${ref.invoiceId}` }, now);
    }
    const due = await deps.db.stores.invoiceReminders.due(now, BATCH);
    for (const r of due) {
      const payload: SendReminderJob = { clientId: r.clientId, organisationId: r.organisationId, reminderId: r.id };
      await jobs.enqueue({ type: SEND_REMINDER_JOB, payload, key: `reminder:${r.id}` }, now);
    }
    return unplanned.length + due.length;
  };
