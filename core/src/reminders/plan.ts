import type { Invoice, ReminderOffset } from "../invoices/model.js";
import { addDays, parseCalendarDate } from "../recurring/calendar-date.js";
import { zonedInstant } from "../recurring/zoned-time.js";
import { OFFSET_DAYS, REMINDER_HOUR } from "./model.js";

/** A planned step: which offset, and when it goes out. */
export interface PlannedStep {
  readonly offset: ReminderOffset;
  readonly dueAt: Date;
}

/**
 * The steps of an invoice's reminder plan: each offset at 09:00 in the organisation's zone on the due date
 * plus its days. Steps whose moment had passed when the invoice was sent are left out (a reminder "a week
 * before" an invoice sent two days before its due date would be noise). In offset order.
 */
export const planSteps = (
  invoice: Pick<Invoice, "dueDate" | "sentAt">,
  offsets: readonly ReminderOffset[],
  timeZone: string,
): PlannedStep[] => {
  const due = parseCalendarDate(invoice.dueDate);
  if (due === undefined) throw new Error(`invoice due date is not a date: ${invoice.dueDate}`);
  const sentAt = invoice.sentAt?.getTime() ?? 0;
  return [...new Set(offsets)]
    .sort((a, b) => OFFSET_DAYS[a] - OFFSET_DAYS[b])
    .map((offset) => ({ offset, dueAt: zonedInstant(addDays(due, OFFSET_DAYS[offset]), REMINDER_HOUR, timeZone) }))
    .filter((s) => s.dueAt.getTime() >= sentAt);
};

/** True when an invoice may still be reminded of: sent, partly paid, and something left to pay. */
export const isRemindable = (invoice: Pick<Invoice, "status">): boolean =>
  invoice.status === "Sent" || invoice.status === "PartiallyPaid";
