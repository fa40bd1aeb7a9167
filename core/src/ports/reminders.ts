import type { ReminderOffset } from "../invoices/model.js";
import type { Reminder, ReminderStatus } from "../reminders/model.js";
import type { OrgScope } from "../shared/scope.js";

/** An invoice of some tenant, by its scope and id. */
export interface InvoiceRef extends OrgScope {
  readonly invoiceId: string;
}

/** Reminder rules and reminders, within one organisation (another's answer undefined or empty). */
export interface InvoiceReminders {
  /** The organisation's default offsets; undefined until it chose them. */
  rulesOf(scope: OrgScope): Promise<readonly ReminderOffset[] | undefined>;
  saveRules(scope: OrgScope, offsets: readonly ReminderOffset[], at: Date): Promise<void>;
  /** Adds a reminder; false (and nothing written) when its invoice already has one with the same key. */
  add(reminder: Reminder): Promise<boolean>;
  ofId(scope: OrgScope, id: string): Promise<Reminder | undefined>;
  /** The invoice's reminders, oldest due first. */
  ofInvoice(scope: OrgScope, invoiceId: string): Promise<readonly Reminder[]>;
  /** Replaces a reminder while its stored status is still `expected`; answers whether it did. */
  update(reminder: Reminder, expected: ReminderStatus): Promise<boolean>;
  /** Pending reminders of every tenant due at or before `now`, earliest first. */
  due(now: Date, limit: number): Promise<readonly Reminder[]>;
  /** Sent or partly paid invoices of every tenant whose reminders are not planned yet. */
  unplanned(limit: number): Promise<readonly InvoiceRef[]>;
  /** Records that an invoice's reminders are planned (its plan is then never made again). */
  markPlanned(ref: InvoiceRef, at: Date): Promise<void>;
}
