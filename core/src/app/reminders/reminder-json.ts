import * as t from "io-ts";
import { REMINDER_OFFSETS } from "../../invoices/model.js";
import { REMINDER_STATUSES, type Reminder } from "../../reminders/model.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Uuid } from "../../shared/codecs/uuid.js";

/** A reminder as the API answers it (the invoice's reminder history). */
export const ReminderView = t.type(
  {
    id: Uuid,
    invoiceId: Uuid,
    offset: oneOf([...REMINDER_OFFSETS, "Manual"] as const, "ReminderStep"),
    status: oneOf(REMINDER_STATUSES, "ReminderStatus"),
    scheduledFor: IsoDateTime,
    sentAt: nullable(IsoDateTime),
    recipient: nullable(t.string),
    error: nullable(t.string),
    createdAt: IsoDateTime,
  },
  "Reminder",
);

export const reminderJson = (r: Reminder): t.TypeOf<typeof ReminderView> => ({
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

/** The organisation's reminder rules as answered. */
export const ReminderRulesView = t.type(
  {
    offsets: t.readonlyArray(oneOf(REMINDER_OFFSETS, "ReminderOffset")),
    isDefault: documented(t.boolean, { description: "True until the organisation chose." }),
  },
  "ReminderRules",
);
export type ReminderRulesJson = t.TypeOf<typeof ReminderRulesView>;
