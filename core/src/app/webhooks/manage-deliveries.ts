import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { Stores } from "../../ports/stores.js";
import type { DeliveryFilter } from "../../ports/webhooks.js";
import { conflict, type DomainError, notFound } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { WebhookDelivery } from "../../webhooks/model.js";
import type { WebhookDeps } from "./deps.js";
import { subscriptionNotFound } from "./subscription-rules.js";

const deliveryNotFound = (): DomainError =>
  notFound("WebhookDelivery.NotFound", "The webhook delivery does not exist.");

/** A new Pending delivery of an event to a subscription, due at `now`. */
export const newDelivery = (
  ids: { next(): string },
  args: { clientId: string; subscriptionId: string; eventId: string; eventType: string; now: Date },
): WebhookDelivery => ({
  id: ids.next(),
  clientId: args.clientId,
  subscriptionId: args.subscriptionId,
  eventId: args.eventId,
  eventType: args.eventType,
  status: "Pending",
  attempts: 0,
  nextAttemptAt: args.now,
  lastStatusCode: null,
  lastError: null,
  lastLatencyMs: null,
  lockedBy: null,
  lockedUntil: null,
  createdAt: args.now,
  updatedAt: args.now,
  deliveredAt: null,
});

/**
 * Sends a `webhook.test` event to one subscription only (active or not: testing a switched-off endpoint before
 * enabling it is the point). The event goes through the outbox like every other; only this delivery is made for it.
 */
export const sendWebhookTest =
  (deps: WebhookDeps<"events" | "webhookDeliveries" | "webhookSubscriptions">) =>
  (input: {
    readonly clientId: string;
    readonly id: string;
    readonly actor: Actor;
  }): TE.TaskEither<DomainError, WebhookDelivery> =>
  () =>
    deps.db.run(async (s) => {
      const subscription = await s.webhookSubscriptions.ofId(input.clientId, input.id);
      if (subscription === undefined) return E.left(subscriptionNotFound());
      const event = makeEvent({
        ids: deps.ids,
        clock: deps.clock,
        type: "webhook.test",
        clientId: input.clientId,
        organisationId: null,
        actor: input.actor,
        data: { subscriptionId: subscription.id, message: "A test event: your endpoint received and verified it." },
      });
      await s.events.append([event]);
      const delivery = newDelivery(deps.ids, {
        clientId: input.clientId,
        subscriptionId: subscription.id,
        eventId: event.envelope.id,
        eventType: event.envelope.type,
        now: deps.clock.now(),
      });
      await s.webhookDeliveries.addMany([delivery]);
      return E.right(delivery);
    });

/** Sends a finished (Failed or Succeeded) delivery again, with the same event id and a fresh set of attempts. */
export const replayWebhookDelivery =
  (deps: WebhookDeps<"webhookDeliveries">) =>
  (input: { readonly clientId: string; readonly id: string }): TE.TaskEither<DomainError, WebhookDelivery> =>
  () =>
    deps.db.run(async (s) => {
      const delivery = await s.webhookDeliveries.ofId(input.clientId, input.id);
      if (delivery === undefined) return E.left(deliveryNotFound());
      if (!(await s.webhookDeliveries.requeue(input.clientId, input.id, deps.clock.now())))
        return E.left(
          conflict("WebhookDelivery.InProgress", "The delivery is still being attempted; replay it once it has ended."),
        );
      const requeued = await s.webhookDeliveries.ofId(input.clientId, input.id);
      return requeued === undefined ? E.left(deliveryNotFound()) : E.right(requeued);
    });

/** Re-queues every failed delivery of a subscription created at or after `since`; answers how many. */
export const recoverWebhookDeliveries =
  (deps: WebhookDeps<"webhookDeliveries" | "webhookSubscriptions">) =>
  (input: {
    readonly clientId: string;
    readonly id: string;
    readonly since: Date;
  }): TE.TaskEither<DomainError, { readonly requeued: number }> =>
  () =>
    deps.db.run(async (s) => {
      if ((await s.webhookSubscriptions.ofId(input.clientId, input.id)) === undefined)
        return E.left(subscriptionNotFound());
      const requeued = await s.webhookDeliveries.requeueFailed(input.clientId, input.id, input.since, deps.clock.now());
      return E.right({ requeued });
    });

/** One page of a client's subscriptions. */
export const listWebhookSubscriptions = (
  s: Pick<Stores, "webhookSubscriptions">,
  clientId: string,
  page: PageRequest,
) => s.webhookSubscriptions.listByClient(clientId, page);

/** A subscription of the client, or NotFound. */
export const getWebhookSubscription = async (s: Pick<Stores, "webhookSubscriptions">, clientId: string, id: string) => {
  const subscription = await s.webhookSubscriptions.ofId(clientId, id);
  return subscription === undefined ? E.left(subscriptionNotFound()) : E.right(subscription);
};

/** One page of the client's delivery log, filtered. */
export const listWebhookDeliveries = (
  s: Pick<Stores, "webhookDeliveries">,
  clientId: string,
  filter: DeliveryFilter,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> => s.webhookDeliveries.list(clientId, filter, page);

/** A delivery of the client, or NotFound. */
export const getWebhookDelivery = async (s: Pick<Stores, "webhookDeliveries">, clientId: string, id: string) => {
  const delivery = await s.webhookDeliveries.ofId(clientId, id);
  return delivery === undefined ? E.left(deliveryNotFound()) : E.right(delivery);
};
