import type { StoredEvent } from "../../events/envelope.js";
import type { Stores, UnitOfWork } from "../../ports/stores.js";
import type { Clock } from "../../shared/clock.js";
import type { Ids } from "../../shared/ids.js";
import { deliveryMove } from "../../webhooks/delivery-machine.js";
import type { WebhookDelivery, WebhookSubscription } from "../../webhooks/model.js";
import { subscribesTo } from "../../webhooks/rules.js";
import { newDelivery } from "./manage-deliveries.js";

/**
 * Deliveries a fan-out may make already claimed by `worker` (Delivering, one attempt started, leased until now +
 * `leaseMs`): at most `limit` of them, the first in outbox order; the others are made Pending for any claimer.
 */
export interface FanOutLease {
  readonly worker: string;
  readonly leaseMs: number;
  readonly limit: number;
}

/** Leased deliveries with what their attempts need: their events and subscriptions as the fan-out read them. */
export interface LeasedDeliveries {
  readonly deliveries: readonly WebhookDelivery[];
  readonly events: ReadonlyMap<string, StoredEvent>;
  readonly subscriptions: ReadonlyMap<string, WebhookSubscription>;
}

/** What one fan-out did: events dispatched, deliveries made, those leased to the worker and those left Pending. */
export interface FanOutResult {
  readonly events: number;
  readonly made: number;
  readonly leased: LeasedDeliveries;
  readonly pending: number;
}

/**
 * Fans out up to `limit` undispatched outbox events, in one unit of work: a delivery for each active subscription
 * of the event's client that selected its type and existed before the event occurred (no backfill); then the
 * events are marked dispatched. `webhook.test` events get their one delivery when sent.
 * With a `lease`, up to `lease.limit` deliveries are made claimed by `lease.worker` (their first attempt started
 * in this commit) and answered with their events and subscriptions, so that the worker attempts them without a
 * claim or a second read; should the worker die, their leases expire and any claimer takes them, as for a claim.
 * Two dispatchers racing over the same events make the same deliveries once ((subscription, event) is unique):
 * only the deliveries this unit of work added are answered as leased.
 */
export const dispatchWebhookEvents =
  (deps: {
    readonly db: UnitOfWork<Pick<Stores, "events" | "webhookDeliveries" | "webhookSubscriptions">>;
    readonly clock: Clock;
    readonly ids: Ids;
  }) =>
  (limit: number, lease?: FanOutLease): Promise<FanOutResult> =>
    deps.db.run(async (s) => {
      const events = await s.events.pending(limit);
      const none: LeasedDeliveries = { deliveries: [], events: new Map(), subscriptions: new Map() };
      if (events.length === 0) return { events: 0, made: 0, leased: none, pending: 0 };
      const now = deps.clock.now();
      const lockedUntil = lease === undefined ? null : new Date(now.getTime() + lease.leaseMs);
      const byClient = new Map<string, readonly WebhookSubscription[]>();
      const deliveries: WebhookDelivery[] = [];
      const leasedEvents = new Map<string, StoredEvent>();
      const leasedSubscriptions = new Map<string, WebhookSubscription>();
      let leasing = 0;
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
          const delivery = newDelivery(deps.ids, {
            clientId: event.clientId,
            subscriptionId: subscription.id,
            eventId: event.envelope.id,
            eventType: event.envelope.type,
            now,
          });
          if (lease === undefined || lockedUntil === null || leasing >= lease.limit) {
            deliveries.push(delivery);
            continue;
          }
          leasing += 1;
          leasedEvents.set(event.envelope.id, event);
          leasedSubscriptions.set(subscription.id, subscription);
          // The claim's move, made at birth: the first attempt starts in this commit.
          deliveries.push({
            ...delivery,
            status: deliveryMove(delivery.status, "claim"),
            attempts: delivery.attempts + 1,
            nextAttemptAt: null,
            lockedBy: lease.worker,
            lockedUntil,
          });
        }
      }
      const added = await s.webhookDeliveries.addMany(deliveries);
      await s.events.markDispatched(
        events.map((e) => e.envelope.id),
        now,
      );
      const leased = deliveries.filter((d) => d.lockedBy !== null && added.has(d.id));
      return {
        events: events.length,
        made: added.size,
        leased:
          leased.length === 0 ? none : { deliveries: leased, events: leasedEvents, subscriptions: leasedSubscriptions },
        pending: added.size - leased.length,
      };
    });
