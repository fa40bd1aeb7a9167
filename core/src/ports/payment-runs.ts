import type { PaymentRun } from "../payments/payment-run.js";
import type { PaymentRunSettings } from "../payments/payment-run-settings.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Payment runs of an organisation (another organisation's answer undefined, as missing ones do). */
export interface PaymentRuns {
  insert(run: PaymentRun): Promise<void>;
  /** Replaces a run's items, approvals and status (approvals, release, rejection, the bank's answers). */
  update(run: PaymentRun): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<PaymentRun | undefined>;
  /** The run a bill's transfer is in while it is at the bank (the newest run that has the bill). */
  ofBill(scope: OrgScope, billId: string): Promise<PaymentRun | undefined>;
  /** Newest first is not kept: runs in id order (uuid v7, so creation order). */
  list(scope: OrgScope, page: PageRequest): Promise<Page<PaymentRun>>;
  /** Takes the run's row lock for the rest of the unit of work (MySQL; SQLite serialises writers). */
  lock(scope: OrgScope, id: string): Promise<void>;
  /** How many approvals the organisation's runs need; undefined until it chose. */
  settingsOf(scope: OrgScope): Promise<PaymentRunSettings | undefined>;
  saveSettings(scope: OrgScope, settings: PaymentRunSettings, at: Date): Promise<void>;
}
