import {
  deliverReminder,
  PLAN_REMINDERS_JOB,
  type PlanRemindersJob,
  planInvoiceReminders,
  type ReminderDeps,
  SEND_REMINDER_JOB,
  type SendReminderJob,
} from "@apar/core/app";
import type { JobHandler } from "../jobs/worker.js";
import type { RecurringJobLogger } from "./recurring-job.js";

/** The job handlers of reminders: plan an invoice's steps, and send one reminder (at most once). */
export const reminderJobHandlers = (deps: ReminderDeps, logger: RecurringJobLogger): Record<string, JobHandler> => {
  const plan = planInvoiceReminders(deps);
  const deliver = deliverReminder(deps);
  return {
    [PLAN_REMINDERS_JOB]: async (job) => {
      const payload = job.payload as PlanRemindersJob;
      const planned = await plan(payload);
      logger.info({ jobId: job.id, invoiceId: payload.invoiceId, planned }, "reminders planned");
    },
    [SEND_REMINDER_JOB]: async (job) => {
      const payload = job.payload as SendReminderJob;
      const reminder = await deliver(
        { clientId: payload.clientId, organisationId: payload.organisationId },
        payload.reminderId,
      );
      logger.info({ jobId: job.id, reminderId: payload.reminderId, status: reminder?.status }, "reminder");
    },
  };
};
