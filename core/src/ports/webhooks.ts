import type { Page, PageRequest } from "../shared/page.js";
import type { AttemptOutcome, DeliveryStatus, WebhookDelivery, WebhookSubscription } from "../webhooks/model.js";

/** A client's webhook subscriptions. Reads take the client: a foreign id answers undefined. */
export interface WebhookSubscriptions {
  /** Adds a subscription unless the client already has `max`; answers whether it was added. */
  addWithinLimit(subscription: WebhookSubscription, max: number): Promise<boolean>;
  ofId(clientId: string, id: string): Promise<WebhookSubscription | undefined>;
  listByClient(clientId: string, page: PageRequest): Promise<Page<WebhookSubscription>>;
  /** Active subscriptions of a client (fan-out). */
  activeOfClient(clientId: string): Promise<readonly WebhookSubscription[]>;
  /** Several by id, whatever their client (the delivery worker). */
  ofIds(ids: readonly string[]): Promise<readonly WebhookSubscription[]>;
  /** Replaces the stored row (same id and client). */
  update(subscription: WebhookSubscription): Promise<void>;
  /** Removes it and its deliveries. */
  remove(clientId: string, id: string): Promise<void>;
  /**
   * Records a batch of attempts on the subscription's failure count in one change: `succeeded` (some attempt
   * succeeded) sets the count to `failuresAfter` (the failures after the last success), else the count goes up by
   * `failuresAfter`; the subscription is switched off when the count reaches `disableAt`.
   */
  recordAttempts(id: string, tally: AttemptTally, disableAt: number, now: Date): Promise<void>;
}

/** A batch of attempts' effect on one subscription's consecutive-failure count. */
export interface AttemptTally {
  readonly succeeded: boolean;
  readonly failuresAfter: number;
}

/** Filters of the delivery log. */
export interface DeliveryFilter {
  readonly subscriptionId?: string;
  readonly status?: DeliveryStatus;
  readonly eventType?: string;
  /** Newest first (the delivery log's default in the portal); oldest first when absent. */
  readonly newestFirst?: boolean;
}

/**
 * Deliveries: created by the fan-out, claimed by delivery workers with a lease (several workers and instances
 * never hold one delivery at once), and kept as the delivery log.
 */
export interface WebhookDeliveries {
  /**
   * Adds deliveries; one that exists for the same (subscription, event) is skipped. Answers the ids of those added
   * (a fan-out hands only the deliveries it made to its worker).
   */
  addMany(deliveries: readonly WebhookDelivery[]): Promise<ReadonlySet<string>>;
  ofId(clientId: string, id: string): Promise<WebhookDelivery | undefined>;
  list(clientId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>>;
  /**
   * Claims up to `limit` due deliveries of active subscriptions (Pending with nextAttemptAt <= now, or Delivering
   * with an expired lease), starting one attempt each: Delivering, attempts + 1, locked by `worker` until now + leaseMs.
   * Due deliveries of a switched-off subscription are parked instead (not due until `resumeParked`); one whose
   * lease expired during its last allowed attempt is Failed.
   */
  claimDue(args: {
    readonly worker: string;
    readonly now: Date;
    readonly leaseMs: number;
    readonly limit: number;
  }): Promise<readonly WebhookDelivery[]>;
  /**
   * Records the attempt of a delivery `worker` holds: Succeeded, or Pending again at `retryAt`, or Failed when
   * there is no `retryAt`. Answers false (and changes nothing) when the worker no longer holds it.
   */
  finishAttempt(args: {
    readonly id: string;
    readonly worker: string;
    readonly outcome: AttemptOutcome;
    readonly retryAt: Date | undefined;
    readonly now: Date;
  }): Promise<boolean>;
  /**
   * Records several attempts in one statement batch (see `finishAttempt`); answers the ids the worker still held.
   */
  finishAttempts(args: {
    readonly worker: string;
    readonly attempts: readonly {
      readonly id: string;
      readonly outcome: AttemptOutcome;
      readonly retryAt: Date | undefined;
    }[];
    readonly now: Date;
  }): Promise<ReadonlySet<string>>;
  /** Puts a finished (Succeeded or Failed) delivery back to Pending with a fresh attempt count. */
  requeue(clientId: string, id: string, now: Date): Promise<boolean>;
  /** Re-queues every Failed delivery of the subscription created at or after `since`; answers how many. */
  requeueFailed(clientId: string, subscriptionId: string, since: Date, now: Date): Promise<number>;
  /** Makes the parked deliveries of a subscription that was switched back on due at `now`. */
  resumeParked(subscriptionId: string, now: Date): Promise<number>;
  /** Hands back what a worker holds (graceful stop); the interrupted attempts do not count. */
  release(worker: string, now: Date): Promise<number>;
}
