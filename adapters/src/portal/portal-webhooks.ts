import type { DomainError, RequestAuth } from "@apar/core";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** A subscription as the Webhooks page shows it (core's WebhookSubscription fits it). */
export interface PortalSubscription {
  readonly id: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly active: boolean;
  readonly consecutiveFailures: number;
  readonly createdAt: Date;
  /** Why it is off: `ConsecutiveFailures` (switched off automatically) or `Manual`. */
  readonly disabledReason: string | null;
}

/** One row of the delivery log (core's WebhookDelivery fits it). */
export interface PortalDelivery {
  readonly id: string;
  readonly subscriptionId: string;
  readonly eventId: string;
  readonly eventType: string;
  /** `Pending`, `Delivering`, `Succeeded` or `Failed` (a failed delivery can be replayed). */
  readonly status: string;
  readonly attempts: number;
  /** The receiver's last HTTP status; null when it did not answer. */
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly lastLatencyMs: number | null;
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * What the Webhooks page needs of the webhook use cases, for the caller's client (`auth.client`). The host
 * binds it to core's use cases; a foreign or missing id answers the same DomainError (NotFound).
 */
export interface PortalWebhooks {
  /** The event types a subscription may select (the catalog without `webhook.test`). */
  readonly eventTypes: readonly string[];
  list(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalSubscription[]>;
  get(auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription>;
  /** The new subscription and its signing secret (shown once). */
  create(
    auth: RequestAuth,
    input: { readonly url: string; readonly eventTypes: readonly string[] },
  ): TE.TaskEither<DomainError, { readonly subscription: PortalSubscription; readonly secret: string }>;
  updateEventTypes(
    auth: RequestAuth,
    id: string,
    eventTypes: readonly string[],
  ): TE.TaskEither<DomainError, PortalSubscription>;
  /** The new secret; the old one stops verifying at once. */
  rotateSecret(auth: RequestAuth, id: string): TE.TaskEither<DomainError, { readonly secret: string }>;
  enable(auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription>;
  disable(auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription>;
  remove(auth: RequestAuth, id: string): TE.TaskEither<DomainError, void>;
  /** Queues a `webhook.test` event for this subscription only. */
  sendTest(auth: RequestAuth, id: string): TE.TaskEither<DomainError, void>;
  /** A subscription's newest deliveries (at most `LOG_ROWS`), newest first. */
  deliveries(auth: RequestAuth, subscriptionId: string): TE.TaskEither<DomainError, readonly PortalDelivery[]>;
  /** Queues a failed delivery again (attempts start over). */
  replay(auth: RequestAuth, deliveryId: string): TE.TaskEither<DomainError, void>;
  /** Queues again every failed delivery of the subscription created at or after `since`; answers how many. */
  recover(auth: RequestAuth, subscriptionId: string, since: Date): TE.TaskEither<DomainError, number>;
}
