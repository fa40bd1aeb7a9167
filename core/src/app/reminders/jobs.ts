import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { deliverReminder } from "./deliver.js";
import {
  PLAN_REMINDERS_JOB,
  type PlanRemindersJob,
  type ReminderDeps,
  SEND_REMINDER_JOB,
  type SendReminderJob,
} from "./deps.js";
import { planInvoiceReminders } from "./reminder-use-cases.js";

/** The payload of `invoice-reminders.plan`. */
export const PlanRemindersPayload: t.Decoder<unknown, PlanRemindersJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  invoiceId: t.string,
});

/** The payload of `invoice-reminder.send`. */
export const SendReminderPayload: t.Decoder<unknown, SendReminderJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  reminderId: t.string,
});

/** `invoice-reminders.plan`: plans an invoice's reminder steps. */
export const planRemindersJob: JobDefinition<typeof PLAN_REMINDERS_JOB, ReminderDeps, PlanRemindersJob> = {
  type: PLAN_REMINDERS_JOB,
  payload: PlanRemindersPayload,
  run: (deps) => {
    const plan = planInvoiceReminders(deps);
    return async (payload) => ({ invoiceId: payload.invoiceId, planned: await plan(payload) });
  },
};

/** `invoice-reminder.send`: sends one reminder (at most once). */
export const sendReminderJob: JobDefinition<typeof SEND_REMINDER_JOB, ReminderDeps, SendReminderJob> = {
  type: SEND_REMINDER_JOB,
  payload: SendReminderPayload,
  run: (deps) => {
    const deliver = deliverReminder(deps);
    return async (payload) => {
      const reminder = await deliver(
        { clientId: payload.clientId, organisationId: payload.organisationId },
        payload.reminderId,
      );
      return { reminderId: payload.reminderId, status: reminder?.status };
    };
  },
};
