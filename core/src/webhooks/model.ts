/** A client-wide webhook subscription. The secret is kept sealed (encrypted); see `SecretSealer`. */
export interface WebhookSubscription {
  readonly id: string;
  readonly clientId: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly active: boolean;
  /** Failed attempts since the last success (or since it was enabled). */
  readonly consecutiveFailures: number;
  readonly sealedSecret: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly disabledAt: Date | null;
  /** Why it is off: `ConsecutiveFailures` (automatic) or `Manual`. */
  readonly disabledReason: string | null;
}

/** Where a delivery stands. */
export type DeliveryStatus = "Pending" | "Delivering" | "Succeeded" | "Failed";

/** The delivery statuses, for codecs and filters. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["Pending", "Delivering", "Succeeded", "Failed"];

/** One event on its way to one subscription: the delivery log row. Unique per (subscription, event). */
export interface WebhookDelivery {
  readonly id: string;
  readonly clientId: string;
  readonly subscriptionId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: DeliveryStatus;
  /** Attempts started so far (a claim starts one). */
  readonly attempts: number;
  /** When the next attempt is due (Pending), else null. */
  readonly nextAttemptAt: Date | null;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly lastLatencyMs: number | null;
  readonly lockedBy: string | null;
  readonly lockedUntil: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deliveredAt: Date | null;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  /** True for any 2xx answer. */
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly latencyMs: number;
}
