import type { EventEnvelope } from "../../events/envelope.js";
import { deliveryBody, deliveryHeaders, webhookHeaderNames } from "../../webhooks/delivery-request.js";
import type { AttemptOutcome, WebhookDelivery, WebhookSubscription } from "../../webhooks/model.js";
import { nextAttemptAt } from "../../webhooks/retry-schedule.js";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "../../webhooks/rules.js";
import type { DeliveryDeps } from "./deps.js";

/** How long a claim holds a delivery: the 10 s answer timeout plus room to record the outcome. */
export const DELIVERY_LEASE_MS = 15_000;

/**
 * Records attempts' outcomes and their effect on the subscriptions' failure counts, in one unit of work (one
 * commit for a whole batch: on SQLite commits are the cost). Answers how many the worker still held.
 */
export const recordAttempts = (
  deps: Pick<DeliveryDeps, "db" | "clock">,
  worker: string,
  attempts: readonly { readonly delivery: WebhookDelivery; readonly outcome: AttemptOutcome }[],
): Promise<number> =>
  deps.db.run(async (s) => {
    const now = deps.clock.now();
    let held = 0;
    for (const { delivery, outcome } of attempts) {
      const retryAt = outcome.ok ? undefined : nextAttemptAt(delivery.attempts, now);
      if (!(await s.webhookDeliveries.finishAttempt({ id: delivery.id, worker, outcome, retryAt, now }))) continue;
      held += 1;
      if (outcome.ok) await s.webhookSubscriptions.recordSuccess(delivery.subscriptionId);
      else await s.webhookSubscriptions.recordFailure(delivery.subscriptionId, DISABLE_AFTER_CONSECUTIVE_FAILURES, now);
    }
    return held;
  });

/**
 * Makes one attempt of each claimed delivery: the stored envelope serialised once, signed with t = now and the
 * subscription's current secret, POSTed through the sender; then records each outcome. Answers the outcomes.
 */
export const deliverClaimed =
  (deps: DeliveryDeps, worker: string) =>
  async (claimed: readonly WebhookDelivery[]): Promise<AttemptOutcome[]> => {
    if (claimed.length === 0) return [];
    const names = webhookHeaderNames(deps.headerPrefix);
    const subscriptions = new Map<string, WebhookSubscription>(
      (await deps.db.stores.webhookSubscriptions.ofIds([...new Set(claimed.map((d) => d.subscriptionId))])).map((s) => [
        s.id,
        s,
      ]),
    );
    const secrets = new Map<string, string>();
    const secretOf = (subscription: WebhookSubscription): string => {
      let secret = secrets.get(subscription.id);
      if (secret === undefined) {
        secret = deps.sealer.open(subscription.sealedSecret);
        secrets.set(subscription.id, secret);
      }
      return secret;
    };
    const outcomes = await Promise.all(
      claimed.map(async (delivery): Promise<AttemptOutcome> => {
        const subscription = subscriptions.get(delivery.subscriptionId);
        const event = await deps.db.stores.events.ofId(delivery.eventId);
        let outcome: AttemptOutcome;
        if (subscription === undefined || event === undefined) {
          outcome = { ok: false, status: null, error: "the subscription or the event no longer exists", latencyMs: 0 };
        } else {
          const envelope: EventEnvelope = event.envelope;
          const body = deliveryBody(envelope);
          const headers = deliveryHeaders(names, secretOf(subscription), envelope, body, deps.clock.now());
          outcome = await deps.sender.post(subscription.url, { headers, body });
        }
        return outcome;
      }),
    );
    await recordAttempts(
      deps,
      worker,
      claimed.map((delivery, i) => ({ delivery, outcome: outcomes[i] as AttemptOutcome })),
    );
    return outcomes;
  };
