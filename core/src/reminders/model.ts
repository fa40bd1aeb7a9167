import type { ReminderOffset } from "../invoices/model.js";

/** Days from the due date of each published offset. */
export const OFFSET_DAYS: Readonly<Record<ReminderOffset, number>> = {
  OneWeekBefore: -7,
  TwoDaysBefore: -2,
  OnDueDate: 0,
  TwoDaysAfter: 2,
  OneWeekAfter: 7,
};

/** The offsets an organisation starts with until it chooses its own. */
export const DEFAULT_REMINDER_OFFSETS: readonly ReminderOffset[] = ["TwoDaysBefore", "OnDueDate", "OneWeekAfter"];

/** The hour of the organisation's day at which a reminder goes out. */
export const REMINDER_HOUR = 9;

/** A reminder's status (the published names). */
export const REMINDER_STATUSES = ["Pending", "Sent", "Cancelled", "Failed"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** What a reminder is: a step of the invoice's plan, or one sent by hand. */
export type ReminderStep = ReminderOffset | "Manual";

/** One reminder of one invoice. `key` is unique per invoice: each step is sent at most once. */
export interface Reminder {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly invoiceId: string;
  readonly step: ReminderStep;
  /** The offset's name for planned steps; `manual:<minute>` for sent-by-hand ones (see send-now). */
  readonly key: string;
  readonly status: ReminderStatus;
  readonly dueAt: Date;
  readonly sentAt: Date | null;
  /** The recipient it went (or was to go) to. */
  readonly recipient: string | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
