import type { PaymentAccountStatus, PaymentCapabilities, ProcessorAccount } from "../payments/payment-account.js";
import type { OrgScope } from "../shared/scope.js";

/** What the processor says of an account. */
export interface GatewayAccountState {
  readonly status: PaymentAccountStatus;
  readonly capabilities: PaymentCapabilities;
}

/** A hosted checkout for what is due on an invoice, on the organisation's account. */
export interface CheckoutRequest {
  readonly accountId: string;
  readonly invoiceId: string;
  /** The invoice's public token (in the processor's metadata, to find the invoice again). */
  readonly token: string;
  readonly organisationId: string;
  /** Decimal string: never more than is due. */
  readonly amount: string;
  readonly currency: string;
  readonly description: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** One per attempt: a retry of the same attempt opens the same session. */
  readonly idempotencyKey: string;
}

/** A processor event, checked and reduced to what apar acts on. */
export type GatewayEvent =
  | {
      readonly id: string;
      readonly kind: "payment";
      readonly accountId: string | null;
      readonly invoiceId: string | null;
      readonly organisationId: string | null;
      /** Decimal string in `currency`. */
      readonly amount: string;
      readonly currency: string;
      /** The processor's reference of the payment (shown on the recorded payment). */
      readonly reference: string;
    }
  | {
      readonly id: string;
      readonly kind: "refund";
      readonly accountId: string | null;
      readonly invoiceId: string | null;
      /** Decimal string: what was given back. */
      readonly amount: string;
      readonly currency: string;
      readonly reference: string;
    }
  | { readonly id: string; readonly kind: "account"; readonly accountId: string; readonly state: GatewayAccountState }
  | { readonly id: string; readonly kind: "other"; readonly type: string };

/**
 * A payment processor (the operator's choice, `APAR_PAYMENT_GATEWAY`): accounts per organisation with hosted or
 * embedded onboarding, their status, hosted checkouts for invoices, and its signed events.
 */
export interface PaymentGateway {
  readonly name: string;
  createAccount(input: {
    readonly scope: OrgScope;
    readonly country: string | null;
    readonly email: string | null;
  }): Promise<{
    readonly accountId: string;
  }>;
  /** A hosted onboarding page for the account. */
  onboardingLink(
    accountId: string,
    urls: { readonly refreshUrl: string; readonly returnUrl: string },
  ): Promise<{ readonly url: string; readonly expiresAt: Date }>;
  /** A client secret for embedded onboarding components. */
  onboardingSession(accountId: string): Promise<{ readonly clientSecret: string; readonly expiresAt: Date | null }>;
  accountState(accountId: string): Promise<GatewayAccountState>;
  createCheckout(request: CheckoutRequest): Promise<{ readonly url: string; readonly sessionId: string }>;
  /** The event in a signed body, or undefined when the signature does not hold (a 400). */
  verifyEvent(rawBody: Buffer, signature: string | undefined): GatewayEvent | undefined;
}

/** Organisations' payment accounts (another organisation's answers undefined) and the processor events applied. */
export interface PaymentAccounts {
  ofOrganisation(scope: OrgScope): Promise<ProcessorAccount | undefined>;
  ofAccountId(provider: string, accountId: string): Promise<ProcessorAccount | undefined>;
  save(account: ProcessorAccount): Promise<void>;
  /** Records a processor event as applied; false when it was already (each event is applied once). */
  markEventApplied(provider: string, eventId: string, at: Date, outcome: string): Promise<boolean>;
}
