/** Where an organisation's payment account stands with its processor (ROUTES.md's list). */
export const PAYMENT_ACCOUNT_STATUSES = [
  "NotStarted",
  "OnboardingInProgress",
  "Active",
  "Restricted",
  "Rejected",
  "Disconnected",
] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/** What the processor lets the account do, and what it still asks for. */
export interface PaymentCapabilities {
  readonly chargesEnabled: boolean;
  readonly payoutsEnabled: boolean;
  readonly detailsSubmitted: boolean;
  readonly currentlyDue: readonly string[];
  readonly pastDue: readonly string[];
  readonly disabledReason: string | null;
}

export const NO_CAPABILITIES: PaymentCapabilities = {
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  currentlyDue: [],
  pastDue: [],
  disabledReason: null,
};

/** An organisation's account with the payment processor (one per organisation; not a bank account). */
export interface ProcessorAccount {
  readonly clientId: string;
  readonly organisationId: string;
  readonly provider: string;
  readonly accountId: string;
  readonly status: PaymentAccountStatus;
  readonly capabilities: PaymentCapabilities;
  /** When it first became Active. */
  readonly enabledAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * The status of an account from what the processor says of it: rejected or disconnected as said; able to charge
 * and nothing past due is Active; charges disabled with requirements past due (or a disabled reason) after the
 * details were submitted is Restricted; otherwise onboarding is in progress (or not started when nothing was sent).
 */
export const accountStatusOf = (
  c: PaymentCapabilities,
  flags: { readonly rejected?: boolean; readonly disconnected?: boolean; readonly started?: boolean } = {},
): PaymentAccountStatus => {
  if (flags.disconnected === true) return "Disconnected";
  if (flags.rejected === true || (c.disabledReason ?? "").startsWith("rejected")) return "Rejected";
  if (c.chargesEnabled && c.pastDue.length === 0) return "Active";
  if (c.detailsSubmitted && (c.pastDue.length > 0 || c.disabledReason !== null)) return "Restricted";
  if (!c.detailsSubmitted && flags.started === false) return "NotStarted";
  return "OnboardingInProgress";
};
