import {
  accountStatusOf,
  type Currency,
  fromMinorUnits,
  isCurrency,
  isDecimalString,
  NO_CAPABILITIES,
  type PaymentCapabilities,
  toMinorUnits,
} from "@apar/core";
import type { GatewayAccountState, GatewayEvent, PaymentGateway } from "@apar/core/ports";
import Stripe from "stripe";

/** What the Stripe Connect adapter is configured with. */
export interface StripeSettings {
  readonly secretKey: string;
  /** The endpoint secret that signs events sent to `POST /webhooks/stripe`. */
  readonly webhookSecret: string;
  /** Another API base (`http://127.0.0.1:12111`): a local server speaking Stripe's wire format, for tests. */
  readonly apiUrl?: string;
}

const seconds = (s: number | null | undefined): Date | null => (typeof s === "number" ? new Date(s * 1000) : null);

/** What Stripe says of a connected account, as apar's status and capabilities. */
export const stateOfAccount = (account: Stripe.Account): GatewayAccountState => {
  const requirements = account.requirements;
  const capabilities: PaymentCapabilities = {
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    currentlyDue: [...(requirements?.currently_due ?? [])],
    pastDue: [...(requirements?.past_due ?? [])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
  return { status: accountStatusOf(capabilities), capabilities };
};

const metadataOf = (m: Stripe.Metadata | null | undefined, key: string): string | null => {
  const v = m?.[key];
  return typeof v === "string" && v !== "" ? v : null;
};

/**
 * Stripe Connect through the official `stripe` package: an Express connected account per organisation, account
 * links (hosted onboarding) and account sessions (embedded onboarding), Checkout Sessions created on the connected
 * account for what is due (amounts in minor units, exactly), and signed events checked with the endpoint secret.
 */
export const stripeGateway = (settings: StripeSettings): PaymentGateway => {
  const base = settings.apiUrl === undefined ? undefined : new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base === undefined
      ? {}
      : {
          host: base.hostname,
          port: base.port === "" ? (base.protocol === "https:" ? 443 : 80) : Number(base.port),
          protocol: base.protocol === "https:" ? "https" : "http",
        }),
  });
  return {
    name: "stripe",
    createAccount: async ({ scope, country, email }) => {
      const account = await stripe.accounts.create({
        type: "express",
        ...(country === null ? {} : { country }),
        ...(email === null ? {} : { email }),
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { clientId: scope.clientId, organisationId: scope.organisationId },
      });
      return { accountId: account.id };
    },
    onboardingLink: async (accountId, urls) => {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url, expiresAt: seconds(link.expires_at) ?? new Date() };
    },
    onboardingSession: async (accountId) => {
      const session = await stripe.accountSessions.create({
        account: accountId,
        components: { account_onboarding: { enabled: true } },
      });
      return { clientSecret: session.client_secret, expiresAt: seconds(session.expires_at) };
    },
    accountState: async (accountId) => stateOfAccount(await stripe.accounts.retrieve(accountId)),
    createCheckout: async (r) => {
      if (!isCurrency(r.currency)) throw new RangeError(`not a currency: ${r.currency}`);
      const unitAmount = toMinorUnits(r.amount, r.currency);
      const metadata = { invoiceId: r.invoiceId, organisationId: r.organisationId, token: r.token };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: r.invoiceId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: r.currency.toLowerCase(),
                unit_amount: Number(unitAmount),
                product_data: { name: r.description },
              },
            },
          ],
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        { stripeAccount: r.accountId, idempotencyKey: r.idempotencyKey },
      );
      if (session.url === null) throw new Error("Stripe answered a checkout session without a URL");
      return { url: session.url, sessionId: session.id };
    },
    verifyEvent: (rawBody, signature) => {
      if (signature === undefined) return undefined;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        return undefined;
      }
      return eventOf(event);
    },
  };
};

/** True when a processor's amount in minor units is a whole number apar's amounts hold (not 30 digits). */
const minorAmountFits = (units: number, currency: Currency): boolean =>
  Number.isSafeInteger(units) && units >= 0 && isDecimalString(fromMinorUnits(BigInt(units), currency));

/** A Stripe event reduced to what apar acts on. */
export const eventOf = (event: Stripe.Event): GatewayEvent => {
  const accountId = typeof event.account === "string" ? event.account : null;
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = event.data.object as Stripe.Checkout.Session;
    const currency = (session.currency ?? "").toUpperCase();
    if (session.payment_status !== "paid" || !isCurrency(currency) || typeof session.amount_total !== "number")
      return { id: event.id, kind: "other", type: `${event.type} (not paid)` };
    if (!minorAmountFits(session.amount_total, currency))
      return { id: event.id, kind: "other", type: `${event.type} (amount out of range)` };
    return {
      id: event.id,
      kind: "payment",
      accountId,
      invoiceId: metadataOf(session.metadata, "invoiceId") ?? session.client_reference_id ?? null,
      organisationId: metadataOf(session.metadata, "organisationId"),
      amount: fromMinorUnits(BigInt(session.amount_total), currency),
      currency,
      reference: typeof session.payment_intent === "string" ? session.payment_intent : session.id,
    };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    const currency = (charge.currency ?? "").toUpperCase();
    if (!isCurrency(currency) || typeof charge.amount_refunded !== "number")
      return { id: event.id, kind: "other", type: event.type };
    if (!minorAmountFits(charge.amount_refunded, currency))
      return { id: event.id, kind: "other", type: `${event.type} (amount out of range)` };
    return {
      id: event.id,
      kind: "refund",
      accountId,
      invoiceId: metadataOf(charge.metadata, "invoiceId"),
      amount: fromMinorUnits(BigInt(charge.amount_refunded), currency),
      currency,
      reference: charge.id,
    };
  }
  if (event.type === "account.updated") {
    const account = event.data.object as Stripe.Account;
    return { id: event.id, kind: "account", accountId: account.id, state: stateOfAccount(account) };
  }
  // The organisation disconnected its account from the platform: it can do nothing here any more.
  if (event.type === "account.application.deauthorized" && accountId !== null)
    return {
      id: event.id,
      kind: "account",
      accountId,
      state: { status: accountStatusOf(NO_CAPABILITIES, { disconnected: true }), capabilities: NO_CAPABILITIES },
    };
  return { id: event.id, kind: "other", type: event.type };
};
