import { compareAmounts } from "../shared/money.js";

/** Runs in `currency` whose control sum is at least `minControlSum` need `approvalsRequired` approvals. */
export interface PaymentRunApprovalBand {
  readonly currency: string;
  /** A decimal string in the band's currency. */
  readonly minControlSum: string;
  readonly approvalsRequired: number;
}

/** How many people approve an organisation's payment runs: a number for every run, more for larger ones. */
export interface PaymentRunSettings {
  readonly approvalsRequired: number;
  readonly bands: readonly PaymentRunApprovalBand[];
}

/** The settings of an organisation that has chosen none: one approval by someone other than the proposer. */
export const DEFAULT_PAYMENT_RUN_SETTINGS: PaymentRunSettings = { approvalsRequired: 1, bands: [] };

/**
 * The approvals a run needs: the organisation's number, raised by every band of the run's currency its control sum
 * reaches (bands only ever raise it, so a band can never make a large run easier to release than a small one).
 */
export const approvalsRequiredFor = (settings: PaymentRunSettings, currency: string, controlSum: string): number =>
  settings.bands
    .filter((b) => b.currency === currency && compareAmounts(controlSum, b.minControlSum) >= 0)
    .reduce((most, b) => Math.max(most, b.approvalsRequired), settings.approvalsRequired);
