import type { UnitOfWork } from "../../ports/stores.js";
import type { WebhookDelivery } from "../../webhooks/model.js";
import { subscribesTo } from "../../webhooks/rules.js";
import { newDelivery } from "./manage-deliveries.js";

/**
 * Fans out up to `limit` undispatched outbox events, in one unit of work: a delivery for each active subscription
 * of the event's client that selected its type and existed before the event occurred (no backfill); then the
 * events are marked dispatched. `webhook.test` events get their one delivery when sent. Answers how many events.
 * Two dispatchers racing over the same events make the same deliveries once: (subscription, event) is unique.
 */
export const dispatchWebhookEvents =
  (deps: { readonly db: UnitOfWork; readonly clock: { now(): Date }; readonly ids: { next(): string } }) =>
  (limit: number): Promise<number> =>
    deps.db.run(async (s) => {
      const events = await s.events.pending(limit);
      if (events.length === 0) return 0;
      const now = deps.clock.now();
      const byClient = new Map<string, Awaited<ReturnType<typeof s.webhookSubscriptions.activeOfClient>>>();
      const deliveries: WebhookDelivery[] = [];
      for (const event of events) {
        if (event.envelope.type === "webhook.test") continue;
        let subscriptions = byClient.get(event.clientId);
        if (subscriptions === undefined) {
          subscriptions = await s.webhookSubscriptions.activeOfClient(event.clientId);
          byClient.set(event.clientId, subscriptions);
        }
        const occurredAt = new Date(event.envelope.occurredAt).getTime();
        for (const subscription of subscriptions) {
          if (subscription.createdAt.getTime() > occurredAt || !subscribesTo(subscription, event.envelope.type))
            continue;
          deliveries.push(
            newDelivery(deps.ids, {
              clientId: event.clientId,
              subscriptionId: subscription.id,
              eventId: event.envelope.id,
              eventType: event.envelope.type,
              now,
            }),
          );
        }
      }
      await s.webhookDeliveries.addMany(deliveries);
      await s.events.markDispatched(
        events.map((e) => e.envelope.id),
        now,
      );
      return events.length;
    });
