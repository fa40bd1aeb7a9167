import type { EventEnvelope, StoredEvent } from "../../events/envelope.js";
import type { AttemptTally } from "../../ports/webhooks.js";
import { deliveryBody, deliveryHeaders, webhookHeaderNames } from "../../webhooks/delivery-request.js";
import type { AttemptOutcome, WebhookDelivery, WebhookSubscription } from "../../webhooks/model.js";
import { nextAttemptAt } from "../../webhooks/retry-schedule.js";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "../../webhooks/rules.js";
import type { DeliveryDeps } from "./deps.js";

/**
 * The next batch a worker claims in the unit of work that records the last one (one commit instead of two): up to
 * `limit()` deliveries (asked at commit time; 0 claims none) leased for `leaseMs`.
 */
export interface NextClaim {
  readonly leaseMs: number;
  readonly limit: () => number;
}

/**
 * Records attempts' outcomes (in the order they completed) and their effect on the subscriptions' failure counts,
 * in one unit of work: one statement batch for the deliveries, one change per subscription whose count moves (on
 * SQLite commits and statements are the cost); `readBefore`, the subscriptions as read for the attempts, spares
 * resetting a count that was 0. Answers how many the worker still held.
 */
export const recordAttempts = (
  deps: Pick<DeliveryDeps<"webhookDeliveries" | "webhookSubscriptions">, "db" | "clock">,
  worker: string,
  attempts: readonly { readonly delivery: WebhookDelivery; readonly outcome: AttemptOutcome }[],
  claimNext?: NextClaim,
  readBefore?: ReadonlyMap<string, WebhookSubscription>,
): Promise<{ readonly held: number; readonly next: readonly WebhookDelivery[] }> =>
  deps.db.run(async (s) => {
    const now = deps.clock.now();
    const held = await s.webhookDeliveries.finishAttempts({
      worker,
      now,
      attempts: attempts.map(({ delivery, outcome }) => ({
        id: delivery.id,
        outcome,
        retryAt: outcome.ok ? undefined : nextAttemptAt(delivery.attempts, now),
      })),
    });
    const tallies = new Map<string, { succeeded: boolean; failuresAfter: number }>();
    for (const { delivery, outcome } of attempts) {
      if (!held.has(delivery.id)) continue;
      const tally = tallies.get(delivery.subscriptionId) ?? { succeeded: false, failuresAfter: 0 };
      tallies.set(
        delivery.subscriptionId,
        outcome.ok ? { succeeded: true, failuresAfter: 0 } : { ...tally, failuresAfter: tally.failuresAfter + 1 },
      );
    }
    // A batch of successes sets a count to 0: nothing to write when the count read for the batch's attempts was 0
    // already (a failure another loop records meanwhile then stands, as it would had it committed after this one).
    for (const [id, tally] of tallies)
      if (tally.succeeded && tally.failuresAfter === 0 && readBefore?.get(id)?.consecutiveFailures === 0)
        tallies.delete(id);
    // In id order: two workers recording batches of the same subscriptions lock their rows in one order.
    const recordTallies = async (): Promise<void> => {
      for (const id of [...tallies.keys()].sort())
        await s.webhookSubscriptions.recordAttempts(
          id,
          tallies.get(id) as AttemptTally,
          DISABLE_AFTER_CONSECUTIVE_FAILURES,
          now,
        );
    };
    // Failures may switch a subscription off, which the claim of the next batch must see (its deliveries are
    // parked, not attempted). Successes only cannot: then the subscriptions' rows, which every loop recording the
    // same subscriptions waits for, are locked after the claim and held only until the commit.
    const onlySuccesses = [...tallies.values()].every((tally) => tally.failuresAfter === 0);
    if (!onlySuccesses) await recordTallies();
    const limit = claimNext?.limit() ?? 0;
    const next =
      claimNext === undefined || limit < 1
        ? []
        : await s.webhookDeliveries.claimDue({ worker, now, leaseMs: claimNext.leaseMs, limit });
    if (onlySuccesses) await recordTallies();
    return { held: held.size, next };
  });

/** One attempt of one claimed delivery: sign the stored envelope now and POST it through the sender. */
export type DeliveryAttempt = (delivery: WebhookDelivery) => Promise<AttemptOutcome>;

/** What a batch's attempts need: its deliveries' events (by event id) and subscriptions (by id). */
export interface AttemptInputs {
  readonly events: ReadonlyMap<string, StoredEvent>;
  readonly subscriptions: ReadonlyMap<string, WebhookSubscription>;
}

/** Reads a claimed batch's subscriptions and events, one query each. */
export const readAttemptInputs =
  (deps: DeliveryDeps<"events" | "webhookSubscriptions">) =>
  async (claimed: readonly WebhookDelivery[]): Promise<AttemptInputs> => {
    const [subscriptionList, eventList] = await Promise.all([
      deps.db.stores.webhookSubscriptions.ofIds([...new Set(claimed.map((d) => d.subscriptionId))]),
      deps.db.stores.events.ofIds([...new Set(claimed.map((d) => d.eventId))]),
    ]);
    return {
      subscriptions: new Map(subscriptionList.map((s) => [s.id, s])),
      events: new Map(eventList.map((e) => [e.envelope.id, e])),
    };
  };

/**
 * The attempts of a batch whose events and subscriptions are at hand (read for a claim, or the fan-out's own when
 * it leased the batch): each secret opened once. The attempt signs the stored envelope with t = now and the
 * subscription's current secret and POSTs it through the sender (the body serialised once per event); a delivery
 * whose subscription or event is gone fails without a request. How many run at once, and how their recording is
 * retried, is the runner's business (adapters/src/webhooks).
 */
export const attemptsWith = (
  deps: Pick<DeliveryDeps, "sealer" | "sender" | "headerPrefix" | "clock">,
  { events, subscriptions }: AttemptInputs,
): DeliveryAttempt => {
  const names = webhookHeaderNames(deps.headerPrefix);
  const secrets = new Map<string, string>();
  // An event going to several subscriptions is serialised once per batch (each attempt still signs it anew).
  const bodies = new Map<string, string>();
  const secretOf = (subscription: WebhookSubscription): string => {
    let secret = secrets.get(subscription.id);
    if (secret === undefined) {
      secret = deps.sealer.open(subscription.sealedSecret);
      secrets.set(subscription.id, secret);
    }
    return secret;
  };
  return async (delivery) => {
    const subscription = subscriptions.get(delivery.subscriptionId);
    const event = events.get(delivery.eventId);
    if (subscription === undefined || event === undefined)
      return { ok: false, status: null, error: "the subscription or the event no longer exists", latencyMs: 0 };
    const envelope: EventEnvelope = event.envelope;
    let body = bodies.get(envelope.id);
    if (body === undefined) {
      body = deliveryBody(envelope);
      bodies.set(envelope.id, body);
    }
    const headers = deliveryHeaders(names, secretOf(subscription), envelope, body, deps.clock.now());
    return deps.sender.post(subscription.url, { headers, body });
  };
};
