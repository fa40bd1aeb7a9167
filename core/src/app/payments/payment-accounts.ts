import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { type OutboxEvent, SYSTEM_ACTOR } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import {
  NO_CAPABILITIES,
  PAYMENT_ACCOUNT_STATUSES,
  type PaymentAccountStatus,
  type PaymentCapabilities,
  type ProcessorAccount,
} from "../../payments/payment-account.js";
import type { GatewayAccountState, GatewayEvent, PaymentGateway } from "../../ports/payment-gateway.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { isUuid } from "../../shared/codecs/uuid.js";
import { conflict, type DomainError, domainError } from "../../shared/errors.js";
import { isDecimalString, isPositiveAmount, wireAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import type { OperationName } from "../idempotency.js";
import type { InvoiceDeps } from "../invoices/deps.js";
import { recordPayment } from "../invoices/record-payment.js";

/** What the payment account use cases need: the stores, clock and ids, and the operator's gateway (if any). */
export interface PaymentAccountDeps extends InvoiceDeps {
  readonly gateway: PaymentGateway | undefined;
}

/** A payment account as the API answers it (ROUTES.md's status shape). */
export const PaymentAccountView = t.type(
  {
    provider: t.string,
    accountId: nullable(t.string),
    status: oneOf(PAYMENT_ACCOUNT_STATUSES, "PaymentAccountStatus"),
    capabilities: t.type({
      chargesEnabled: t.boolean,
      payoutsEnabled: t.boolean,
      detailsSubmitted: t.boolean,
      currentlyDue: t.readonlyArray(t.string),
      pastDue: t.readonlyArray(t.string),
      disabledReason: nullable(t.string),
    }),
    enabledAt: nullable(IsoDateTime),
  },
  "PaymentAccount",
);
export type PaymentAccountJson = t.TypeOf<typeof PaymentAccountView>;

/** A hosted onboarding link and when it expires. */
export const OnboardingLinkView = t.type(
  { url: documented(t.string, { format: "uri" }), expiresAt: IsoDateTime },
  "OnboardingLink",
);

/** A client secret for the processor's embedded onboarding components. */
export const OnboardingSessionView = t.type(
  { clientSecret: t.string, expiresAt: nullable(IsoDateTime) },
  "OnboardingSession",
);

const HttpUrl = documented(NonEmptyTrimmedString(2000), { format: "uri" });

/** The body of `POST .../payment-account/enable`: what the processor may use to prefill onboarding. */
export const EnablePaymentAccountBody = closedType(
  {},
  {
    country: nullable(documented(NonEmptyTrimmedString(2), { description: "ISO 3166-1 alpha-2 of the business." })),
    email: nullable(NonEmptyTrimmedString(320)),
  },
  "EnablePaymentAccount",
);

/** The body of `POST .../payment-account/link`: where the processor sends the person back. */
export const PaymentAccountLinkBody = closedType(
  {
    returnUrl: documented(HttpUrl, { description: "Where the person lands after onboarding." }),
    refreshUrl: documented(HttpUrl, {
      description: "Where a stale or used link sends the person (to ask for a new one).",
    }),
  },
  {},
  "PaymentAccountLink",
);

export const accountJson = (a: ProcessorAccount | undefined, provider: string): PaymentAccountJson =>
  a === undefined
    ? { provider, accountId: null, status: "NotStarted", capabilities: NO_CAPABILITIES, enabledAt: null }
    : {
        provider: a.provider,
        accountId: a.accountId,
        status: a.status,
        capabilities: a.capabilities,
        enabledAt: a.enabledAt?.toISOString() ?? null,
      };

const noGateway = (): DomainError =>
  domainError(
    "Unavailable",
    "Payments.NoGateway",
    "This installation has no payment gateway configured (APAR_PAYMENT_GATEWAY).",
  );
const notEnabled = (): DomainError =>
  conflict("PaymentAccount.NotEnabled", "The organisation has no payment account yet: enable it first.");

const isHttpUrl = (u: string): boolean => {
  try {
    const url = new URL(u);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** Saves what the processor says of the account, keeping when it first became Active. */
const withState = (
  a: ProcessorAccount,
  status: PaymentAccountStatus,
  capabilities: PaymentCapabilities,
  now: Date,
) => ({
  ...a,
  status,
  capabilities,
  enabledAt: a.enabledAt ?? (status === "Active" ? now : null),
  updatedAt: now,
});

/** `payment_account.status_changed` for an account whose status moved from `previous`. */
const statusChanged = (
  deps: PaymentAccountDeps,
  account: ProcessorAccount,
  previous: PaymentAccountStatus,
): OutboxEvent =>
  makeEvent({
    ids: deps.ids,
    clock: deps.clock,
    type: "payment_account.status_changed",
    clientId: account.clientId,
    organisationId: account.organisationId,
    actor: SYSTEM_ACTOR,
    data: {
      paymentAccount: {
        provider: account.provider,
        accountId: account.accountId,
        status: account.status,
        previousStatus: previous,
        chargesEnabled: account.capabilities.chargesEnabled,
        payoutsEnabled: account.capabilities.payoutsEnabled,
      },
    },
  });

/** The status the processor's state gives the account: one nobody has started onboarding stays NotStarted. */
const statusAfter = (account: ProcessorAccount, state: GatewayAccountState): PaymentAccountStatus => {
  const started = account.status !== "NotStarted" || state.capabilities.detailsSubmitted;
  return state.status === "OnboardingInProgress" && !started ? "NotStarted" : state.status;
};

/** Saves the account and, when its status moved, its event, in one unit of work. */
const saveAccount = (deps: PaymentAccountDeps, account: ProcessorAccount, previous: PaymentAccountStatus) =>
  deps.db.run(async (s) => {
    await s.paymentAccounts.save(account);
    if (account.status !== previous) await s.events.append([statusChanged(deps, account, previous)]);
  });

/** Creates the organisation's account with the processor (once: enabling again answers the account). */
export const enablePaymentAccount =
  (deps: PaymentAccountDeps) =>
  (scope: OrgScope, body: t.TypeOf<typeof EnablePaymentAccountBody>) =>
  async (): Promise<E.Either<DomainError, PaymentAccountJson>> => {
    const gateway = deps.gateway;
    if (gateway === undefined) return E.left(noGateway());
    const existing = await deps.db.stores.paymentAccounts.ofOrganisation(scope);
    if (existing !== undefined) return E.right(accountJson(existing, gateway.name));
    const created = await gateway.createAccount({
      scope,
      country: body.country?.toUpperCase() ?? null,
      email: body.email ?? null,
    });
    const now = deps.clock.now();
    const account: ProcessorAccount = {
      ...scope,
      provider: gateway.name,
      accountId: created.accountId,
      status: "NotStarted",
      capabilities: NO_CAPABILITIES,
      enabledAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await deps.db.run((s) => s.paymentAccounts.save(account));
    return E.right(accountJson(account, gateway.name));
  };

/** A hosted onboarding link for the organisation's account. */
export const paymentAccountLink =
  (deps: PaymentAccountDeps) =>
  (scope: OrgScope, body: t.TypeOf<typeof PaymentAccountLinkBody>) =>
  async (): Promise<E.Either<DomainError, t.TypeOf<typeof OnboardingLinkView>>> => {
    const gateway = deps.gateway;
    if (gateway === undefined) return E.left(noGateway());
    for (const [field, url] of [
      ["returnUrl", body.returnUrl],
      ["refreshUrl", body.refreshUrl],
    ] as const)
      if (!isHttpUrl(url))
        return E.left(
          domainError("BadRequest", "Request.Invalid", `${field} must be an http or https URL.`, [
            { field, code: "format", message: `${field} must be an http or https URL` },
          ]),
        );
    const account = await deps.db.stores.paymentAccounts.ofOrganisation(scope);
    if (account === undefined) return E.left(notEnabled());
    const link = await gateway.onboardingLink(account.accountId, body);
    if (account.status === "NotStarted")
      await saveAccount(
        deps,
        { ...account, status: "OnboardingInProgress", updatedAt: deps.clock.now() },
        "NotStarted",
      );
    return E.right({ url: link.url, expiresAt: link.expiresAt.toISOString() });
  };

/** A client secret for the processor's embedded onboarding components. */
export const paymentAccountSession =
  (deps: PaymentAccountDeps) =>
  (scope: OrgScope) =>
  async (): Promise<E.Either<DomainError, t.TypeOf<typeof OnboardingSessionView>>> => {
    const gateway = deps.gateway;
    if (gateway === undefined) return E.left(noGateway());
    const account = await deps.db.stores.paymentAccounts.ofOrganisation(scope);
    if (account === undefined) return E.left(notEnabled());
    const session = await gateway.onboardingSession(account.accountId);
    return E.right({ clientSecret: session.clientSecret, expiresAt: session.expiresAt?.toISOString() ?? null });
  };

/** The account's status, asked of the processor again (and kept). */
export const paymentAccountStatus =
  (deps: PaymentAccountDeps) => (scope: OrgScope) => async (): Promise<E.Either<DomainError, PaymentAccountJson>> => {
    const gateway = deps.gateway;
    if (gateway === undefined) return E.left(noGateway());
    const account = await deps.db.stores.paymentAccounts.ofOrganisation(scope);
    if (account === undefined) return E.right(accountJson(undefined, gateway.name));
    const state = await gateway.accountState(account.accountId);
    const updated = withState(account, statusAfter(account, state), state.capabilities, deps.clock.now());
    await saveAccount(deps, updated, account.status);
    return E.right(accountJson(updated, gateway.name));
  };

/** What applying a processor event came to (for the log and the processor's answer). */
export type EventOutcome = "applied" | "duplicate" | "ignored" | `unapplied: ${string}`;

/**
 * Applies a verified processor event once (by its id): a payment records an invoice payment through the same use
 * case as a manual one (never more than is due); an account update refreshes the account's status. An event for an
 * unknown or voided invoice, or more than is due, is kept as `unapplied` for a person and logged, never lost.
 * Payments are remembered under `payments` (keyed by the event id), which the caller names.
 */
export const applyGatewayEvent =
  (deps: PaymentAccountDeps) =>
  async (provider: string, event: GatewayEvent, payments: OperationName): Promise<EventOutcome> => {
    const now = deps.clock.now();
    const mark = (outcome: EventOutcome) =>
      deps.db.run((s) => s.paymentAccounts.markEventApplied(provider, event.id, now, outcome));
    if (event.kind === "other") {
      return (await mark("ignored")) ? "ignored" : "duplicate";
    }
    if (event.kind === "account") {
      const account = await deps.db.stores.paymentAccounts.ofAccountId(provider, event.accountId);
      if (account === undefined)
        return (await mark("unapplied: unknown account")) ? "unapplied: unknown account" : "duplicate";
      // The account, its `payment_account.status_changed` when the status moved, and the event applied: one unit.
      const applied = await deps.db.run(async (s) => {
        if (!(await s.paymentAccounts.markEventApplied(provider, event.id, now, "applied"))) return false;
        const current = (await s.paymentAccounts.ofAccountId(provider, event.accountId)) ?? account;
        const updated = withState(current, statusAfter(current, event.state), event.state.capabilities, now);
        await s.paymentAccounts.save(updated);
        if (updated.status !== current.status) await s.events.append([statusChanged(deps, updated, current.status)]);
        return true;
      });
      return applied ? "applied" : "duplicate";
    }
    const account =
      event.accountId === null
        ? undefined
        : await deps.db.stores.paymentAccounts.ofAccountId(provider, event.accountId);
    // Kept for a person: the event id's outcome, and `payment.unapplied` to the organisation's subscribers.
    const currency = event.currency.slice(0, 3).toUpperCase() || "XXX";
    const unapplied = async (why: string): Promise<EventOutcome> => {
      const outcome: EventOutcome = `unapplied: ${why}`;
      const first = await deps.db.run(async (s) => {
        const fresh = await s.paymentAccounts.markEventApplied(provider, event.id, now, outcome);
        if (fresh && account !== undefined)
          await s.events.append([
            makeEvent({
              ids: deps.ids,
              clock: deps.clock,
              type: "payment.unapplied",
              clientId: account.clientId,
              organisationId: account.organisationId,
              actor: SYSTEM_ACTOR,
              data: {
                payment: {
                  provider,
                  eventId: event.id.slice(0, 255),
                  invoiceId: event.invoiceId !== null && isUuid(event.invoiceId) ? event.invoiceId : null,
                  amount: wireAmount(isDecimalString(event.amount) ? event.amount : "0", currency),
                  currency,
                  reason: why.slice(0, 500),
                },
              },
            }),
          ]);
        return fresh;
      });
      return first ? outcome : "duplicate";
    };
    if (account === undefined) return unapplied("the payment is for an account apar does not know");
    // A refund gives money back on a paid invoice, which apar keeps as paid: a person records what it means.
    if (event.kind === "refund")
      return unapplied(
        `a refund of ${wireAmount(event.amount, currency)} ${event.currency} (${event.reference}): record it by hand`,
      );
    if (event.invoiceId === null) return unapplied("the payment names no invoice");
    if (!isPositiveAmount(event.amount)) return unapplied("the payment has no positive amount");
    const scope = { clientId: account.clientId, organisationId: account.organisationId };
    const invoice = await deps.db.stores.invoices.ofId(scope, event.invoiceId);
    if (invoice === undefined) return unapplied(`invoice ${event.invoiceId} is not the account's`);
    if (invoice.status === "Void") return unapplied(`invoice ${event.invoiceId} was voided`);
    if (invoice.currency !== event.currency)
      return unapplied(`the payment is in ${event.currency}, the invoice in ${invoice.currency}`);
    const recorded = await recordPayment(deps)({
      scope,
      actor: { type: "system", id: null },
      invoiceId: invoice.id,
      body: { amount: event.amount, paidAt: now.toISOString(), method: provider, reference: event.reference },
      idempotency: {
        key: `${provider}:${event.id}`,
        requestHash: event.id,
        ...payments,
      },
    })();
    if (E.isLeft(recorded)) return unapplied(`${recorded.left.code}: ${recorded.left.detail}`);
    if (recorded.right.replayed) return "duplicate";
    return (await mark("applied")) ? "applied" : "duplicate";
  };
