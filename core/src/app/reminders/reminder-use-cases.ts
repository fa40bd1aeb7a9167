import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Reminder } from "../../reminders/model.js";
import { DEFAULT_REMINDER_OFFSETS } from "../../reminders/model.js";
import { isRemindable, planSteps } from "../../reminders/plan.js";
import { conflict, type DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { invoiceNotFound } from "../invoices/invoice-rules.js";
import { deliverReminder } from "./deliver.js";
import type { PlanRemindersJob, ReminderDeps } from "./deps.js";

/** How long a reminder sent by hand answers a repeated request instead of sending again. */
export const SEND_NOW_WINDOW_MS = 60_000;

/** An invoice's reminders (planned, sent, cancelled, failed), oldest due first. */
export const listInvoiceReminders =
  (deps: Pick<ReminderDeps<"invoiceReminders" | "invoices">, "db">) =>
  (scope: OrgScope, invoiceId: string): TE.TaskEither<DomainError, readonly Reminder[]> =>
  async () => {
    const invoice = await deps.db.stores.invoices.ofId(scope, invoiceId);
    if (invoice === undefined) return E.left(invoiceNotFound());
    return E.right(await deps.db.stores.invoiceReminders.ofInvoice(scope, invoiceId));
  };

/** What sending one now did: a new reminder, or the one sent in the last 60 s (`replayed`). */
export interface SentNow {
  readonly reminder: Reminder;
  readonly replayed: boolean;
}

/**
 * Sends a reminder of a Sent or PartiallyPaid invoice now (409 `Reminder.NotRemindable` for drafts, paid,
 * voided or credited ones). Idempotent for 60 s: a repeat within that window answers the reminder already sent.
 */
export const sendReminderNow =
  (deps: ReminderDeps<"invoiceReminders" | "invoices" | "organisations" | "sellerIdentities">) =>
  (scope: OrgScope, invoiceId: string): TE.TaskEither<DomainError, SentNow> =>
  async () => {
    const now = deps.clock.now();
    const created = await deps.db.run(async (s): Promise<E.Either<DomainError, SentNow>> => {
      const invoice = await s.invoices.ofId(scope, invoiceId);
      if (invoice === undefined) return E.left(invoiceNotFound());
      if (!isRemindable(invoice)) {
        return E.left(conflict("Reminder.NotRemindable", `A ${invoice.status} invoice gets no reminders.`));
      }
      const recent = (await s.invoiceReminders.ofInvoice(scope, invoiceId)).find(
        (r) => r.step === "Manual" && now.getTime() - r.createdAt.getTime() < SEND_NOW_WINDOW_MS,
      );
      if (recent !== undefined) return E.right({ reminder: recent, replayed: true });
      const reminder: Reminder = {
        id: deps.ids.next(),
        ...scope,
        invoiceId,
        step: "Manual",
        // One per minute and invoice: two requests racing past the look-up above cannot both add one.
        key: `manual:${Math.floor(now.getTime() / SEND_NOW_WINDOW_MS)}`,
        status: "Pending",
        dueAt: now,
        sentAt: null,
        recipient: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      };
      if (await s.invoiceReminders.add(reminder)) return E.right({ reminder, replayed: false });
      const raced = (await s.invoiceReminders.ofInvoice(scope, invoiceId)).find((r) => r.key === reminder.key);
      if (raced === undefined) throw new Error("a manual reminder's key was taken but it cannot be read");
      return E.right({ reminder: raced, replayed: true });
    });
    if (E.isLeft(created) || created.right.replayed) return created;
    const delivered = await deliverReminder(deps)(scope, created.right.reminder.id);
    return E.right({ reminder: delivered ?? created.right.reminder, replayed: false });
  };

/**
 * Plans an invoice's reminders once: its chosen offsets (at send), else the organisation's, else the
 * defaults; each step a Pending reminder keyed by its offset. Answers how many were planned.
 */
export const planInvoiceReminders =
  (deps: Pick<ReminderDeps<"invoiceReminders" | "invoices" | "organisations">, "db" | "clock" | "ids">) =>
  (job: PlanRemindersJob): Promise<number> =>
    deps.db.run(async (s) => {
      const scope = { clientId: job.clientId, organisationId: job.organisationId };
      const invoice = await s.invoices.ofId(scope, job.invoiceId);
      const now = deps.clock.now();
      let planned = 0;
      if (invoice !== undefined && isRemindable(invoice)) {
        const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
        const offsets =
          invoice.reminderOffsets ?? (await s.invoiceReminders.rulesOf(scope)) ?? DEFAULT_REMINDER_OFFSETS;
        for (const step of planSteps(invoice, offsets, organisation?.timeZone ?? "UTC")) {
          const added = await s.invoiceReminders.add({
            id: deps.ids.next(),
            ...scope,
            invoiceId: invoice.id,
            step: step.offset,
            key: step.offset,
            status: "Pending",
            dueAt: step.dueAt,
            sentAt: null,
            recipient: null,
            error: null,
            createdAt: now,
            updatedAt: now,
          });
          if (added) planned += 1;
        }
      }
      await s.invoiceReminders.markPlanned({ ...scope, invoiceId: job.invoiceId }, now);
      return planned;
    });
