import type { EventEnvelope } from "../../events/envelope.js";
import type { AttemptTally } from "../../ports/webhooks.js";
import { deliveryBody, deliveryHeaders, webhookHeaderNames } from "../../webhooks/delivery-request.js";
import type { AttemptOutcome, WebhookDelivery, WebhookSubscription } from "../../webhooks/model.js";
import { nextAttemptAt } from "../../webhooks/retry-schedule.js";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "../../webhooks/rules.js";
import type { DeliveryDeps } from "./deps.js";

/** How long a claim holds a delivery: the 10 s answer timeout plus room to record the outcome. */
export const DELIVERY_LEASE_MS = 15_000;

/** Times a failed recording of sent attempts is tried again (10 ms, doubling). */
const RECORD_RETRIES = 6;

/** Attempts signed and POSTed at once by one `deliverClaimed` call (the rest wait for a free slot). */
export const DELIVERY_CONCURRENCY = 64;

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
 * in one unit of work: one statement batch for the deliveries, one change per subscription (on SQLite commits
 * and statements are the cost). Answers how many the worker still held.
 */
export const recordAttempts = (
  deps: Pick<DeliveryDeps<"webhookDeliveries" | "webhookSubscriptions">, "db" | "clock">,
  worker: string,
  attempts: readonly { readonly delivery: WebhookDelivery; readonly outcome: AttemptOutcome }[],
  claimNext?: NextClaim,
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
    // In id order: two workers recording batches of the same subscriptions lock their rows in one order.
    for (const id of [...tallies.keys()].sort())
      await s.webhookSubscriptions.recordAttempts(
        id,
        tallies.get(id) as AttemptTally,
        DISABLE_AFTER_CONSECUTIVE_FAILURES,
        now,
      );
    const limit = claimNext?.limit() ?? 0;
    const next =
      claimNext === undefined || limit < 1
        ? []
        : await s.webhookDeliveries.claimDue({ worker, now, leaseMs: claimNext.leaseMs, limit });
    return { held: held.size, next };
  });

/**
 * Makes one attempt of each claimed delivery: the batch's subscriptions and events read in one query each, each
 * stored envelope signed with t = now and the subscription's current secret and POSTed through the sender, up to
 * `concurrency` at once; then records the outcomes in one unit of work, claiming the next batch in it when asked.
 * Answers the outcomes in claim order and the next batch.
 */
export const deliverClaimed =
  (
    deps: DeliveryDeps<"events" | "webhookDeliveries" | "webhookSubscriptions">,
    worker: string,
    concurrency = DELIVERY_CONCURRENCY,
  ) =>
  async (
    claimed: readonly WebhookDelivery[],
    claimNext?: NextClaim,
  ): Promise<{ readonly outcomes: AttemptOutcome[]; readonly next: readonly WebhookDelivery[] }> => {
    if (claimed.length === 0) return { outcomes: [], next: [] };
    const names = webhookHeaderNames(deps.headerPrefix);
    const [subscriptionList, eventList] = await Promise.all([
      deps.db.stores.webhookSubscriptions.ofIds([...new Set(claimed.map((d) => d.subscriptionId))]),
      deps.db.stores.events.ofIds([...new Set(claimed.map((d) => d.eventId))]),
    ]);
    const subscriptions = new Map(subscriptionList.map((s) => [s.id, s]));
    const events = new Map(eventList.map((e) => [e.envelope.id, e]));
    const secrets = new Map<string, string>();
    const secretOf = (subscription: WebhookSubscription): string => {
      let secret = secrets.get(subscription.id);
      if (secret === undefined) {
        secret = deps.sealer.open(subscription.sealedSecret);
        secrets.set(subscription.id, secret);
      }
      return secret;
    };
    const attempt = async (delivery: WebhookDelivery): Promise<AttemptOutcome> => {
      const subscription = subscriptions.get(delivery.subscriptionId);
      const event = events.get(delivery.eventId);
      if (subscription === undefined || event === undefined)
        return { ok: false, status: null, error: "the subscription or the event no longer exists", latencyMs: 0 };
      const envelope: EventEnvelope = event.envelope;
      const body = deliveryBody(envelope);
      const headers = deliveryHeaders(names, secretOf(subscription), envelope, body, deps.clock.now());
      return deps.sender.post(subscription.url, { headers, body });
    };
    const outcomes: AttemptOutcome[] = new Array(claimed.length);
    const completed: { delivery: WebhookDelivery; outcome: AttemptOutcome }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(concurrency, claimed.length)) }, async () => {
        while (next < claimed.length) {
          const i = next++;
          const delivery = claimed[i] as WebhookDelivery;
          const outcome = await attempt(delivery);
          outcomes[i] = outcome;
          completed.push({ delivery, outcome });
        }
      }),
    );
    // The attempts were sent: recording them must not give up on a transient failure (a deadlock between
    // workers rolls the unit of work back as a whole), or the lease would run out and they would be sent again.
    for (let retry = 0; ; retry += 1) {
      try {
        const { next } = await recordAttempts(deps, worker, completed, claimNext);
        return { outcomes, next };
      } catch (error) {
        if (retry >= RECORD_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** retry));
      }
    }
  };
