/** Attempts a delivery gets before it is failed (spec, Events > Delivery). */
export const MAX_DELIVERY_ATTEMPTS = 10;

/** Delay before attempt n+2, after attempt n+1 failed: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
];

/** When to try again after failed attempt `attempt` (1-based) at `now`, or undefined when the delivery is failed. */
export const nextAttemptAt = (attempt: number, now: Date): Date | undefined => {
  const delay = attempt >= 1 && attempt < MAX_DELIVERY_ATTEMPTS ? RETRY_DELAYS_MS[attempt - 1] : undefined;
  return delay === undefined ? undefined : new Date(now.getTime() + delay);
};

/** How long a receiver has to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
