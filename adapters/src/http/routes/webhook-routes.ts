import {
  DELIVERY_STATUSES,
  type DomainError,
  decode,
  enumParam,
  listEnvelope,
  notFound,
  toJsonSchema,
  Uuid,
} from "@apar/core";
import {
  CreateSubscriptionBody,
  createWebhookSubscription,
  deleteWebhookSubscription,
  disableWebhookSubscription,
  enableWebhookSubscription,
  getWebhookDelivery,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  RecoverDeliveriesBody,
  RequeuedView,
  recoverWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  type SubscriptionWithSecret,
  sendWebhookTest,
  UpdateSubscriptionBody,
  updateWebhookSubscription,
  WebhookDeliveryView,
  WebhookSubscriptionView,
  WebhookSubscriptionWithSecretView,
  webhookDeliveryView,
  webhookSubscriptionView,
} from "@apar/core/app";
import type { DeliveryFilter } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { queryFilter } from "../query-filter.js";
import { type HttpReply, jsonBody, type RouteContext, type RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { clientAuth, LIST_PARAMETERS, listSchema, NO_STORE, pageOf, pathId, reply } from "./support.js";

/** What the webhook routes use: the webhook use cases' deps (the secret sealer and the URL policy among them). */
export type WebhookRouteDeps = RouteDeps<"webhooks">;

const TAG = "webhooks";
const ADMIN = { scope: "client" } as const; // which roles: the permissions table

const SUBSCRIPTION_SCHEMA = toJsonSchema(WebhookSubscriptionView);
const WITH_SECRET_SCHEMA = toJsonSchema(WebhookSubscriptionWithSecretView);
const DELIVERY_SCHEMA = toJsonSchema(WebhookDeliveryView);

const subscriptionMissing = () => notFound("WebhookSubscription.NotFound", "The webhook subscription does not exist.");
const deliveryMissing = () => notFound("WebhookDelivery.NotFound", "The webhook delivery does not exist.");
const withSecret = ({ subscription, secret }: SubscriptionWithSecret) => ({
  ...webhookSubscriptionView(subscription),
  secret,
});

/** Which of the client's resources a route acts on. */
interface Target {
  readonly clientId: string;
  readonly id: string;
}

/** A handler on one of the client's subscriptions or deliveries: an id that is not a UUID answers like a missing one. */
const onOne =
  (missing: () => DomainError) =>
  (
    run: (
      target: Target,
      ctx: RouteContext,
      auth: ReturnType<typeof clientAuth>["auth"],
    ) => Promise<HttpReply | DomainError>,
  ): RouteDef["handler"] =>
  async (ctx) => {
    const { client, auth } = clientAuth(ctx);
    const id = pathId(ctx);
    return id === undefined ? missing() : run({ clientId: client.id, id }, ctx, auth);
  };
const onSubscription = onOne(subscriptionMissing);
const onDelivery = onOne(deliveryMissing);

const NOT_FOUND = { "404": { description: "No such subscription of this client (WebhookSubscription.NotFound)." } };
const ONE = { "200": { description: "The subscription.", schema: SUBSCRIPTION_SCHEMA }, ...NOT_FOUND };

/** Filters of the delivery log from the query, or the validation problem. */
const DELIVERY_FILTER = queryFilter({
  subscriptionId: { codec: Uuid },
  status: { codec: enumParam(DELIVERY_STATUSES, "DeliveryStatus") },
  eventType: { codec: t.string },
});
const DELIVERY_FILTERS = DELIVERY_FILTER.parameters;

/** The delivery log's filter from the query (an empty eventType filters nothing). */
const filterOf = (ctx: RouteContext): E.Either<DomainError, DeliveryFilter> => {
  const decoded = DELIVERY_FILTER.decode(ctx.query);
  if (E.isLeft(decoded)) return decoded;
  const { subscriptionId, status, eventType } = decoded.right;
  return E.right({
    ...(subscriptionId === undefined ? {} : { subscriptionId: subscriptionId.toLowerCase() }),
    ...(status === undefined ? {} : { status }),
    ...(eventType === undefined || eventType === "" ? {} : { eventType }),
  });
};

/** A POST on a subscription that answers it (enable, disable). */
const subscriptionAction = (
  deps: WebhookRouteDeps,
  action: "enable" | "disable",
  summary: string,
  run: typeof enableWebhookSubscription,
): RouteDef => ({
  method: "POST",
  path: `/v1/webhook-subscriptions/{id}/${action}`,
  operationId: `${action}WebhookSubscription`,
  summary,
  tags: [TAG],
  access: ADMIN,
  responses: ONE,
  handler: onSubscription(async (target) => {
    return reply(run(deps().webhooks)(target), 200, webhookSubscriptionView);
  }),
});

/** Webhook subscriptions and the delivery log (ROUTES.md webhooks row). Client administrators only. */
export const webhookRoutes = (deps: WebhookRouteDeps): RouteDef[] => [
  {
    method: "POST",
    path: "/v1/webhook-subscriptions",
    operationId: "createWebhookSubscription",
    summary: "Create a webhook subscription (the signing secret is shown once)",
    description:
      "At most 10 per client (409 WebhookSubscription.LimitReached). The URL must be https:// and publicly " +
      "reachable (400 Webhook.InvalidUrl). Only events that occur after creation are delivered.",
    tags: [TAG],
    access: ADMIN,
    requestBody: jsonBody(CreateSubscriptionBody),
    responses: {
      "201": { description: "The subscription with its secret, shown only here.", schema: WITH_SECRET_SCHEMA },
      "400": { description: "Invalid body or URL (Request.Invalid, Webhook.InvalidUrl)." },
      "409": { description: "The client has 10 subscriptions (WebhookSubscription.LimitReached)." },
    },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const input = decode(CreateSubscriptionBody, ctx.json);
      if (E.isLeft(input)) return input.left;
      return reply(
        createWebhookSubscription(deps().webhooks)({ clientId: client.id, ...input.right }),
        201,
        withSecret,
        NO_STORE,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/webhook-subscriptions",
    operationId: "listWebhookSubscriptions",
    summary: "List the client's webhook subscriptions",
    tags: [TAG],
    access: ADMIN,
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "One page.", schema: listSchema(WebhookSubscriptionView) } },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const rows = await listWebhookSubscriptions(deps().webhooks.db.stores, client.id, page.right);
      return { status: 200, body: listEnvelope(rows, webhookSubscriptionView) };
    },
  },
  {
    method: "GET",
    path: "/v1/webhook-subscriptions/{id}",
    operationId: "getWebhookSubscription",
    summary: "Get a webhook subscription",
    tags: [TAG],
    access: ADMIN,
    responses: ONE,
    handler: onSubscription(async (target) => {
      const found = await getWebhookSubscription(deps().webhooks.db.stores, target.clientId, target.id);
      return E.isLeft(found) ? found.left : { status: 200, body: webhookSubscriptionView(found.right) };
    }),
  },
  {
    method: "PATCH",
    path: "/v1/webhook-subscriptions/{id}",
    operationId: "updateWebhookSubscription",
    summary: "Change a subscription's URL or event types",
    tags: [TAG],
    access: ADMIN,
    requestBody: jsonBody(UpdateSubscriptionBody),
    responses: { ...ONE, "400": { description: "Invalid body or URL (Request.Invalid, Webhook.InvalidUrl)." } },
    handler: onSubscription(async (target, ctx) => {
      const input = decode(UpdateSubscriptionBody, ctx.json);
      if (E.isLeft(input)) return input.left;
      return reply(
        updateWebhookSubscription(deps().webhooks)({ ...target, ...input.right }),
        200,
        webhookSubscriptionView,
      );
    }),
  },
  {
    method: "DELETE",
    path: "/v1/webhook-subscriptions/{id}",
    operationId: "deleteWebhookSubscription",
    summary: "Delete a subscription and its delivery log",
    tags: [TAG],
    access: ADMIN,
    responses: { "204": { description: "Deleted." }, ...NOT_FOUND },
    handler: onSubscription(async (target) => {
      return reply(deleteWebhookSubscription(deps().webhooks)(target), 204, () => undefined);
    }),
  },
  {
    method: "POST",
    path: "/v1/webhook-subscriptions/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Replace the signing secret (the old one stops at once; the new one is shown once)",
    tags: [TAG],
    access: ADMIN,
    responses: {
      "200": { description: "The subscription with its new secret.", schema: WITH_SECRET_SCHEMA },
      ...NOT_FOUND,
    },
    handler: onSubscription(async (target) => {
      return reply(rotateWebhookSecret(deps().webhooks)(target), 200, withSecret, NO_STORE);
    }),
  },
  subscriptionAction(deps, "enable", "Switch a subscription on (resets its failure count)", enableWebhookSubscription),
  subscriptionAction(deps, "disable", "Switch a subscription off", disableWebhookSubscription),
  {
    method: "POST",
    path: "/v1/webhook-subscriptions/{id}/test",
    operationId: "testWebhookSubscription",
    summary: "Send a webhook.test event to this subscription only",
    tags: [TAG],
    access: ADMIN,
    responses: { "202": { description: "The delivery, queued.", schema: DELIVERY_SCHEMA }, ...NOT_FOUND },
    handler: onSubscription(async (target, _ctx, auth) => {
      return reply(sendWebhookTest(deps().webhooks)({ ...target, actor: auth.actor }), 202, webhookDeliveryView);
    }),
  },
  {
    method: "POST",
    path: "/v1/webhook-subscriptions/{id}/recover",
    operationId: "recoverWebhookDeliveries",
    summary: "Queue again every failed delivery of the subscription created since a time",
    tags: [TAG],
    access: ADMIN,
    requestBody: jsonBody(RecoverDeliveriesBody),
    responses: {
      "202": {
        description: "How many deliveries were queued again.",
        schema: toJsonSchema(RequeuedView),
      },
      ...NOT_FOUND,
    },
    handler: onSubscription(async (target, ctx) => {
      const input = decode(RecoverDeliveriesBody, ctx.json);
      if (E.isLeft(input)) return input.left;
      return reply(recoverWebhookDeliveries(deps().webhooks)({ ...target, since: input.right.since }), 202, (r) => r);
    }),
  },
  {
    method: "GET",
    path: "/v1/webhook-deliveries",
    operationId: "listWebhookDeliveries",
    summary: "The delivery log: status, attempts, response code and latency",
    tags: [TAG],
    access: ADMIN,
    parameters: [...LIST_PARAMETERS, ...DELIVERY_FILTERS],
    responses: { "200": { description: "One page, oldest first.", schema: listSchema(WebhookDeliveryView) } },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const filter = filterOf(ctx);
      if (E.isLeft(filter)) return filter.left;
      const rows = await listWebhookDeliveries(deps().webhooks.db.stores, client.id, filter.right, page.right);
      return { status: 200, body: listEnvelope(rows, webhookDeliveryView) };
    },
  },
  {
    method: "GET",
    path: "/v1/webhook-deliveries/{id}",
    operationId: "getWebhookDelivery",
    summary: "Get one delivery",
    tags: [TAG],
    access: ADMIN,
    responses: {
      "200": { description: "The delivery.", schema: DELIVERY_SCHEMA },
      "404": { description: "No such delivery of this client (WebhookDelivery.NotFound)." },
    },
    handler: onDelivery(async (target) => {
      const found = await getWebhookDelivery(deps().webhooks.db.stores, target.clientId, target.id);
      return E.isLeft(found) ? found.left : { status: 200, body: webhookDeliveryView(found.right) };
    }),
  },
  {
    method: "POST",
    path: "/v1/webhook-deliveries/{id}/replay",
    operationId: "replayWebhookDelivery",
    summary: "Send a finished delivery again, with the same event id",
    tags: [TAG],
    access: ADMIN,
    responses: {
      "202": { description: "The delivery, queued again.", schema: DELIVERY_SCHEMA },
      "404": { description: "No such delivery of this client (WebhookDelivery.NotFound)." },
      "409": { description: "It is still being attempted (WebhookDelivery.InProgress)." },
    },
    handler: onDelivery(async (target) => {
      return reply(replayWebhookDelivery(deps().webhooks)(target), 202, webhookDeliveryView);
    }),
  },
];
