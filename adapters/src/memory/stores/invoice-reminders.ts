import type { Reminder } from "@apar/core";
import type { InvoiceRef, InvoiceReminders, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";

const scopeKey = (scope: OrgScope) => `${scope.clientId} ${scope.organisationId}`;
const inScope = (scope: OrgScope) => (r: Reminder) =>
  r.clientId === scope.clientId && r.organisationId === scope.organisationId;
const byDue = (a: Reminder, b: Reminder) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1);

/** Reminder rules and reminders in memory, as the SQL store answers them. */
export const memoryInvoiceReminders = (access: Access): InvoiceReminders => ({
  rulesOf: async (scope) => copy(access.read().reminderRules.get(scopeKey(scope))),
  saveRules: (scope, offsets) =>
    access.write((t) => {
      t.reminderRules.set(scopeKey(scope), [...offsets]);
    }),
  add: (reminder) =>
    access.write((t) => {
      const key = `${reminder.invoiceId} ${reminder.key}`;
      if (t.reminderKeys.get(key) !== undefined) return false;
      t.reminderKeys.set(key, reminder.id);
      t.reminders.set(reminder.id, copy(reminder));
      return true;
    }),
  ofId: async (scope, id) => {
    const r = access.read().reminders.get(id);
    return r !== undefined && inScope(scope)(r) ? copy(r) : undefined;
  },
  ofInvoice: async (scope, invoiceId) =>
    copy(
      [...access.read().reminders.values()].filter((r) => inScope(scope)(r) && r.invoiceId === invoiceId).sort(byDue),
    ),
  update: (reminder, expected) =>
    access.write((t) => {
      const stored = t.reminders.get(reminder.id);
      if (stored === undefined || !inScope(reminder)(stored) || stored.status !== expected) return false;
      t.reminders.set(reminder.id, copy(reminder));
      return true;
    }),
  due: async (now, limit) =>
    copy(
      [...access.read().reminders.values()]
        .filter((r) => r.status === "Pending" && r.dueAt.getTime() <= now.getTime())
        .sort(byDue)
        .slice(0, limit),
    ),
  unplanned: async (limit) => {
    const t = access.read();
    return [...t.invoices.values()]
      .filter((i) => (i.status === "Sent" || i.status === "PartiallyPaid") && t.reminderPlans.get(i.id) === undefined)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((i): InvoiceRef => ({ clientId: i.clientId, organisationId: i.organisationId, invoiceId: i.id }));
  },
  markPlanned: (ref, at) =>
    access.write((t) => {
      if (t.reminderPlans.get(ref.invoiceId) === undefined) t.reminderPlans.set(ref.invoiceId, at);
    }),
});
