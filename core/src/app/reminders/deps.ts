import type { Mailer } from "../../ports/mailer.js";
import type { StoreName } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/** What the reminder use cases need. */
export interface ReminderDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly mailer: Mailer;
  /** The From address of reminder mail. */
  readonly mailFrom: string;
  /** `APAR_PUBLIC_URL`: reminders link to `<publicBaseUrl>/i/<token>`. */
  readonly publicBaseUrl: string;
}

/** The job that plans an invoice's reminders (once per invoice). */
export const PLAN_REMINDERS_JOB = "invoice-reminders.plan";
/** The job that sends one reminder (once per reminder). */
export const SEND_REMINDER_JOB = "invoice-reminder.send";

/** The payload of a plan job. */
export interface PlanRemindersJob {
  readonly clientId: string;
  readonly organisationId: string;
  readonly invoiceId: string;
}

/** The payload of a send job. */
export interface SendReminderJob {
  readonly clientId: string;
  readonly organisationId: string;
  readonly reminderId: string;
}
