import {
  type Clock,
  type Database,
  DELIVERY_LEASE_MS,
  deliverClaimed,
  dispatchWebhookEvents,
  type Ids,
  type SecretSealer,
  type WebhookSender,
} from "@apar/core";
import type { Notifier } from "./notifier.js";

/** What a runner needs to log. */
export interface RunnerLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WebhookRunnerOptions {
  /** This worker's name in claims (unique per process). */
  readonly id: string;
  readonly database: Database;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly sealer: SecretSealer;
  readonly sender: WebhookSender;
  /** `APAR_HEADER_PREFIX`. */
  readonly headerPrefix: string;
  readonly logger: RunnerLogger;
  /** Wakes the runner after a commit that appended events. */
  readonly notifier?: Notifier;
  /** Attempts in flight at once (default 64). */
  readonly concurrency?: number;
  /** Fallback poll when nobody wakes the runner (default 1 s): retries come due this way. */
  readonly pollMs?: number;
}

/** The fan-out and the delivery worker of one process. */
export interface WebhookRunner {
  start(): void;
  /** Tells the runner that events or deliveries may be waiting. */
  wake(): void;
  /** One pass without the loop (tests): fans out every pending event, then attempts the due deliveries. */
  runOnce(): Promise<{ readonly dispatched: number; readonly attempted: number }>;
  /** Stops claiming, waits up to `graceMs` for attempts in flight, then hands the rest back. */
  stop(graceMs: number): Promise<void>;
}

const BATCH = 100;

/** Builds the runner: dispatcher (outbox -> deliveries) and delivery worker (claim, sign, POST, record). */
export const createWebhookRunner = (options: WebhookRunnerOptions): WebhookRunner => {
  const { database, clock, id, logger } = options;
  const concurrency = options.concurrency ?? 64;
  const pollMs = options.pollMs ?? 1_000;
  const dispatch = dispatchWebhookEvents({ db: database, clock, ids: options.ids });
  const deliver = deliverClaimed(
    {
      db: database,
      clock,
      ids: options.ids,
      sealer: options.sealer,
      sender: options.sender,
      headerPrefix: options.headerPrefix,
    },
    id,
  );
  const inFlight = new Set<Promise<unknown>>();
  let started = false;
  let stopping = false;
  let pumping: Promise<void> | undefined;
  let wakeRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const dispatchAll = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await dispatch(BATCH);
      total += n;
      if (n < BATCH) return total;
    }
  };

  const claim = (limit: number) =>
    database.stores.webhookDeliveries.claimDue({ worker: id, now: clock.now(), leaseMs: DELIVERY_LEASE_MS, limit });

  const drain = async (): Promise<void> => {
    try {
      do {
        wakeRequested = false;
        await dispatchAll();
        while (!stopping && inFlight.size < concurrency) {
          const claimed = await claim(Math.min(BATCH, concurrency - inFlight.size));
          // Claimed while stopping: they stay leased to this worker and stop() hands them back.
          if (claimed.length === 0 || stopping) break;
          for (const delivery of claimed) {
            const run = deliver([delivery])
              .catch((error: unknown) =>
                logger.error({ deliveryId: delivery.id, err: String(error) }, "webhook attempt not recorded"),
              )
              .finally(() => {
                inFlight.delete(run);
                if (!stopping) void pump();
              });
            inFlight.add(run);
          }
        }
      } while (wakeRequested && !stopping);
    } catch (error) {
      logger.error({ err: String(error) }, "webhook dispatch or claim failed");
    }
  };

  const pump = (): Promise<void> => {
    if (pumping !== undefined) {
      wakeRequested = true;
      return pumping;
    }
    pumping = drain().finally(() => {
      pumping = undefined;
    });
    return pumping;
  };

  const schedule = (): void => {
    if (stopping) return;
    timer = setTimeout(() => {
      void pump().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = options.notifier?.subscribe(() => {
        if (!stopping) void pump();
      });
      void pump();
      schedule();
    },
    wake() {
      if (started && !stopping) void pump();
    },
    async runOnce() {
      const dispatched = await dispatchAll();
      const claimed = await claim(BATCH);
      await deliver(claimed);
      return { dispatched, attempted: claimed.length };
    },
    async stop(graceMs) {
      stopping = true;
      unsubscribe?.();
      if (timer !== undefined) clearTimeout(timer);
      if (!started) return;
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.allSettled([pumping, ...inFlight]), deadline]);
      const handedBack = await database.stores.webhookDeliveries.release(id, clock.now());
      if (handedBack > 0) logger.warn({ handedBack }, "unfinished webhook deliveries handed back");
    },
  };
};
