import type { Reminder } from "../../reminders/model.js";

/** A reminder as the API answers it (the invoice's reminder history). */
export const reminderJson = (r: Reminder) => ({
  id: r.id,
  invoiceId: r.invoiceId,
  offset: r.step,
  status: r.status,
  scheduledFor: r.dueAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  recipient: r.recipient,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
});
