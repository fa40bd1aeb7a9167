import { type DomainError, decode, domainError, toJsonSchema, withSchema } from "@apar/core";
import {
  applyGatewayEvent,
  EnablePaymentAccountBody,
  enablePaymentAccount,
  OnboardingLinkView,
  OnboardingSessionView,
  type OperationName,
  type PaymentAccountDeps,
  PaymentAccountLinkBody,
  PaymentAccountView,
  paymentAccountLink,
  paymentAccountSession,
  paymentAccountStatus,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { readRaw } from "../raw-body.js";
import { jsonBody, type RouteDef } from "../route.js";
import { orgScope, reply } from "./support.js";

/** What the payment account and processor event routes need. */
export type PaymentAccountRouteDeps = () => PaymentAccountDeps;

const TAG = "payments";
/** Organisation administrators of the organisation in the path, with the payments module. */
const ACCESS = { scope: "organisation", module: "payments", organisationParam: "id" } as const;

const STATUS_SCHEMA = toJsonSchema(PaymentAccountView);

const ADMIN_ONLY = {
  description: "`Module.NotEntitled`, or `Permission.Denied`: organisation administrators only.",
};
const NO_GATEWAY = { description: "`Payments.NoGateway`: no payment gateway is configured." };
const NOT_ENABLED = { description: "`PaymentAccount.NotEnabled`: enable the account first." };

/** A Stripe (or other processor's) event body: an object with its id and type; the signature covers the bytes. */
const EventNamed = t.type({ id: t.string, type: t.string });
const ProcessorEventBody = withSchema(t.intersection([t.UnknownRecord, EventNamed]), (toSchema) =>
  toSchema(EventNamed),
);

/** What a processor's event is answered: received, and what came of it (applied, duplicate, ignored, unapplied: why). */
const ReceivedView = t.type({ received: t.literal(true), outcome: t.string }, "ProcessorEventReceived");

/** The operation a processor's payments are remembered under (keyed by the processor's event id). */
export const gatewayPayments = (provider: string): OperationName => ({ operation: `${provider} event`, status: 201 });

/** The most a processor event may weigh. */
const MAX_EVENT_BYTES = 1024 * 1024;

/** The organisation's payment account with the processor: enable, onboarding link or session, status. */
export const paymentAccountRoutes = (deps: PaymentAccountRouteDeps): RouteDef[] => {
  const path = (tail: string) => `/v1/organisations/{id}/payment-account/${tail}`;
  return [
    {
      method: "POST",
      path: path("enable"),
      operationId: "enablePaymentAccount",
      summary: "Create the organisation's account with the payment processor (once; again answers it)",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(EnablePaymentAccountBody, { required: false }),
      responses: {
        "200": { description: "The account's status.", schema: STATUS_SCHEMA },
        "403": ADMIN_ONLY,
        "503": NO_GATEWAY,
      },
      handler: async (ctx) => {
        const body = decode(EnablePaymentAccountBody, ctx.json ?? {});
        if (E.isLeft(body)) return body.left;
        return reply(enablePaymentAccount(deps())(orgScope(ctx).scope, body.right), 200, (a) => a);
      },
    },
    {
      method: "POST",
      path: path("link"),
      operationId: "paymentAccountOnboardingLink",
      summary: "A hosted onboarding link for the organisation's payment account",
      tags: [TAG],
      access: ACCESS,
      requestBody: jsonBody(PaymentAccountLinkBody),
      responses: {
        "200": {
          description: "The link and when it expires.",
          schema: toJsonSchema(OnboardingLinkView),
        },
        "403": ADMIN_ONLY,
        "409": NOT_ENABLED,
        "503": NO_GATEWAY,
      },
      handler: async (ctx) => {
        const body = decode(PaymentAccountLinkBody, ctx.json);
        if (E.isLeft(body)) return body.left;
        return reply(paymentAccountLink(deps())(orgScope(ctx).scope, body.right), 200, (l) => l);
      },
    },
    {
      method: "POST",
      path: path("session"),
      operationId: "paymentAccountOnboardingSession",
      summary: "A client secret for the processor's embedded onboarding components",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": {
          description: "The session's client secret.",
          schema: toJsonSchema(OnboardingSessionView),
        },
        "403": ADMIN_ONLY,
        "409": NOT_ENABLED,
        "503": NO_GATEWAY,
      },
      handler: (ctx) => reply(paymentAccountSession(deps())(orgScope(ctx).scope), 200, (s) => s),
    },
    {
      method: "GET",
      path: path("status"),
      operationId: "paymentAccountStatus",
      summary: "The payment account's status and capabilities, as the processor says now",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The status.", schema: STATUS_SCHEMA }, "403": ADMIN_ONLY, "503": NO_GATEWAY },
      handler: (ctx) => reply(paymentAccountStatus(deps())(orgScope(ctx).scope), 200, (a) => a),
    },
    {
      method: "POST",
      path: "/webhooks/stripe",
      operationId: "stripeEvents",
      summary: "Stripe's events (signed with the endpoint secret), each applied once",
      description:
        "A checkout paid records an invoice payment (as a manual one would: PartiallyPaid or Paid, with their events); `account.updated` refreshes the account's status. An event apar cannot apply (an unknown or voided invoice, more than is due) is kept as unapplied and logged, and answered 200 so Stripe stops sending it.",
      tags: [TAG],
      security: "none",
      access: { scope: "none" },
      limit: "inbound",
      stream: true,
      parameters: [{ name: "Stripe-Signature", in: "header", required: true, schema: { type: "string" } }],
      requestBody: jsonBody(ProcessorEventBody),
      responses: {
        "200": { description: "Received: `{received: true, outcome}`.", schema: toJsonSchema(ReceivedView) },
        "400": { description: "`Payments.BadSignature`: the signature does not hold; or not an event." },
        "404": { description: "Stripe is not the configured gateway." },
      },
      handler: async (ctx): Promise<DomainError | { status: number; body: unknown }> => {
        const d = deps();
        if (d.gateway === undefined || d.gateway.name !== "stripe")
          return domainError("NotFound", "Route.NotFound", "No such route.");
        const raw = await readRaw(ctx, MAX_EVENT_BYTES);
        if (!Buffer.isBuffer(raw)) return raw;
        const signature = ctx.headers["stripe-signature"];
        const event = d.gateway.verifyEvent(raw, Array.isArray(signature) ? signature[0] : signature);
        if (event === undefined)
          return domainError(
            "BadRequest",
            "Payments.BadSignature",
            "The Stripe-Signature does not hold for this body.",
          );
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString("utf8"));
        } catch {
          parsed = undefined;
        }
        const body = decode(ProcessorEventBody, parsed);
        if (E.isLeft(body)) return body.left;
        const outcome = await applyGatewayEvent(d)(d.gateway.name, event, gatewayPayments(d.gateway.name));
        if (outcome.startsWith("unapplied"))
          ctx.log.warn({ eventId: event.id, outcome }, "a processor event could not be applied: a person should look");
        return { status: 200, body: { received: true, outcome } };
      },
    },
  ];
};
