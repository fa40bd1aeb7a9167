import type { AttemptOutcome, WebhookDelivery } from "@apar/core";
import {
  type AttemptInputs,
  attemptsWith,
  type DeliveryAttempt,
  type DeliveryDeps,
  type NextClaim,
  readAttemptInputs,
  recordAttempts,
} from "@apar/core/app";

/** How long a claim holds a delivery: the 10 s answer timeout plus room to record the outcome. */
export const DELIVERY_LEASE_MS = 15_000;

/** Attempts signed and POSTed at once by one `deliverClaimed` call (the rest wait for a free slot). */
export const DELIVERY_CONCURRENCY = 64;

/** Times a failed recording of sent attempts is tried again (10 ms, doubling). */
const RECORD_RETRIES = 6;

/** Runs `attempt` over `claimed`, at most `concurrency` at once; answers outcomes in claim order and completion order. */
const runPool = async (
  claimed: readonly WebhookDelivery[],
  attempt: DeliveryAttempt,
  concurrency: number,
): Promise<{ outcomes: AttemptOutcome[]; completed: { delivery: WebhookDelivery; outcome: AttemptOutcome }[] }> => {
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
  return { outcomes, completed };
};

/**
 * Makes one attempt of each claimed delivery (core prepares and signs them; up to `concurrency` in flight), then
 * records the outcomes in one unit of work, claiming the next batch in it when asked. `inputs`, the events and
 * subscriptions of a batch the fan-out leased, spare reading them again. Answers the outcomes in claim order and
 * the next batch.
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
    inputs?: AttemptInputs,
  ): Promise<{ readonly outcomes: AttemptOutcome[]; readonly next: readonly WebhookDelivery[] }> => {
    if (claimed.length === 0) return { outcomes: [], next: [] };
    const read = inputs ?? (await readAttemptInputs(deps)(claimed));
    const { outcomes, completed } = await runPool(claimed, attemptsWith(deps, read), concurrency);
    // The attempts were sent: recording them must not give up on a transient failure (a deadlock between
    // workers rolls the unit of work back as a whole), or the lease would run out and they would be sent again.
    for (let retry = 0; ; retry += 1) {
      try {
        const { next } = await recordAttempts(deps, worker, completed, claimNext, read.subscriptions);
        return { outcomes, next };
      } catch (error) {
        if (retry >= RECORD_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** retry));
      }
    }
  };
