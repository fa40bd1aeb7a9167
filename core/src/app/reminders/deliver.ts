import * as E from "fp-ts/lib/Either.js";
import { publicInvoiceUrl } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import { outstandingOf } from "../../invoices/totals.js";
import type { MailMessage } from "../../ports/mailer.js";
import type { Reminder } from "../../reminders/model.js";
import { isRemindable } from "../../reminders/plan.js";
import { REMINDER_MACHINE, type ReminderTrigger } from "../../reminders/reminder-machine.js";
import { formatAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { canTrigger, transition } from "../../shared/state-machine.js";
import { replyToOf, sellerNameOf } from "../../tenancy/seller-identity.js";
import type { ReminderDeps } from "./deps.js";

const messageOf = (
  deps: ReminderDeps<never>,
  invoice: Invoice,
  seller: { readonly name: string; readonly replyTo?: string },
  to: string,
): MailMessage => {
  const organisationName = seller.name;
  const due = `${formatAmount(outstandingOf(invoice), invoice.currency)} ${invoice.currency}`;
  const link = invoice.publicToken === null ? null : publicInvoiceUrl(deps.publicBaseUrl, invoice.publicToken);
  const number = invoice.documentNumber ?? "";
  return {
    from: deps.mailFrom,
    to: [to],
    ...(seller.replyTo === undefined ? {} : { replyTo: seller.replyTo }),
    subject: `Reminder: invoice ${number} from ${organisationName}`,
    text: [
      `Dear ${invoice.customer.name},`,
      "",
      `this is a reminder that invoice ${number} from ${organisationName} is due on ${invoice.dueDate}.`,
      `Amount due: ${due}.`,
      ...(link === null ? [] : ["", `View and pay the invoice: ${link}`]),
      "",
      "If you have already paid, please ignore this message.",
    ].join("\n"),
  };
};

/** Where a reminder goes on `trigger` (the callers hold a reminder the table lets move). */
const endState = (reminder: Reminder, trigger: ReminderTrigger): Reminder["status"] => {
  const moved = transition(REMINDER_MACHINE, reminder.status, trigger, undefined);
  if (E.isLeft(moved)) throw new Error(moved.left.detail);
  return moved.right.to;
};

/**
 * Sends one Pending reminder at most once: it is marked Sent (or Cancelled when the invoice is no longer
 * remindable, Failed without an address) in a committed unit of work before the mail goes out, so a crash
 * or a retry never mails twice; a mail failure then marks it Failed. Answers the reminder as it ends.
 */
export const deliverReminder =
  (deps: ReminderDeps<"invoiceReminders" | "invoices" | "organisations" | "sellerIdentities">) =>
  async (scope: OrgScope, reminderId: string): Promise<Reminder | undefined> => {
    const claimed = await deps.db.run(async (s) => {
      const reminder = await s.invoiceReminders.ofId(scope, reminderId);
      if (reminder === undefined || !canTrigger(REMINDER_MACHINE, reminder.status, "send"))
        return { reminder, mail: undefined };
      const invoice = await s.invoices.ofId(scope, reminder.invoiceId);
      const now = deps.clock.now();
      const end = (trigger: ReminderTrigger, extra: Partial<Reminder>): Reminder => ({
        ...reminder,
        status: endState(reminder, trigger),
        updatedAt: now,
        ...extra,
      });
      let next: Reminder;
      let mail: MailMessage | undefined;
      if (invoice === undefined || !isRemindable(invoice)) {
        next = end("cancel", { error: `The invoice is ${invoice?.status ?? "gone"}.` });
      } else if (invoice.customer.email === null) {
        next = end("fail", { error: "The customer has no e-mail address." });
      } else {
        const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
        const identity = await s.sellerIdentities.ofOrganisation(scope);
        const name = sellerNameOf(organisation, identity);
        mail = messageOf(deps, invoice, { name, ...replyToOf(identity) }, invoice.customer.email);
        next = end("send", { sentAt: now, recipient: invoice.customer.email });
      }
      if (!(await s.invoiceReminders.update(next, "Pending"))) return { reminder: undefined, mail: undefined };
      return { reminder: next, mail };
    });
    if (claimed.mail === undefined || claimed.reminder === undefined) return claimed.reminder;
    try {
      await deps.mailer.send(claimed.mail);
      return claimed.reminder;
    } catch (error) {
      const failed: Reminder = {
        ...claimed.reminder,
        status: endState(claimed.reminder, "fail"),
        sentAt: null,
        error: `Mail not sent: ${error instanceof Error ? error.message : String(error)}`,
        updatedAt: deps.clock.now(),
      };
      await deps.db.run((s) => s.invoiceReminders.update(failed, "Sent"));
      return failed;
    }
  };
