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
