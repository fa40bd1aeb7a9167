import type { WebhookDelivery } from "@apar/core";
import { type AttemptInputs, dispatchWebhookEvents } from "@apar/core/app";
import type { Clock, Database, Ids, SecretSealer, WebhookSender } from "@apar/core/ports";
import { createPump } from "../jobs/pump.js";
import { DELIVERY_LEASE_MS, deliverClaimed } from "./deliver-batch.js";
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
  /**
   * Batches in flight at once, each a loop of attempt, record and claim the next (default 4,
   * `APAR_WEBHOOK_LOOPS`): while one loop waits for its receivers or its commit, the others use the core.
   */
  readonly loops?: number;
  /**
   * Attempts in flight at once (default `loops` x `batch`; the guarded client keeps at most 64 connections per
   * receiver, and a request waiting for one spends its 10 s budget).
   */
  readonly concurrency?: number;
  /** Fallback poll when nobody wakes the runner (default 1 s): retries come due this way. */
  readonly pollMs?: number;
  /**
   * How long a claim holds a delivery (default `DELIVERY_LEASE_MS`): an attempt of a worker that died is made
   * again once it ends. Keep it above the 10 s answer timeout in production; tests shorten it.
   */
  readonly leaseMs?: number;
  /** Deliveries per claim, attempted together and recorded in one commit (default 64). */
  readonly batch?: number;
}

/** The fan-out and the delivery worker of one process. */
export interface WebhookRunner {
  start(): void;
  /** Tells the runner that events or deliveries may be waiting. */
  wake(): void;
  /** One pass without the loop (tests): fans out every pending event, then attempts every due delivery once. */
  runOnce(): Promise<{ readonly dispatched: number; readonly attempted: number }>;
  /** Stops claiming, waits up to `graceMs` for attempts in flight, then hands the rest back. */
  stop(graceMs: number): Promise<void>;
}

const DISPATCH_BATCH = 200;
/** Delivery loops of one runner, and deliveries per claim. */
export const DEFAULT_LOOPS = 4;
const DEFAULT_BATCH = 64;

/** Builds the runner: dispatcher (outbox -> deliveries) and delivery worker (claim, sign, POST, record). */
export const createWebhookRunner = (options: WebhookRunnerOptions): WebhookRunner => {
  const { database, clock, id, logger } = options;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const batch = options.batch ?? DEFAULT_BATCH;
  const concurrency = options.concurrency ?? (options.loops ?? DEFAULT_LOOPS) * batch;
  let stopping = false;
  const fanOut = dispatchWebhookEvents({ db: database, clock, ids: options.ids });
  /** Deliveries the last fan-outs made per event (how many events fill the room the loops have). */
  let perEvent = 1;
  /** The outbox was left with events for want of room in the loops: a loop that ends fans out again. */
  let outboxBehind = false;
  /**
   * Deliveries may be due that no loop holds (the fan-out left some unleased; a poll or wake-up: retries come due,
   * another runner's leases run out): a loop that ends claims its next batch only then. With every delivery leased
   * at the fan-out there is nothing to claim, and an empty claim per batch would cost a transaction.
   */
  let claimable = true;
  /**
   * Fans out batches of the outbox until it is drained; answers how many events. While `leasing`, each batch is
   * sized to the room the loops have and its deliveries are made leased to this runner and handed straight to
   * new loops (no claim, no second read of the events); without room the drain stops and the next loop to end
   * takes it up. On MySQL, runners of several processes fanning out the same outbox rows at once deadlock on the
   * deliveries' unique index; a named lock, taken once for the whole drain, lets one fan out at a time (SQLite's
   * writer lock does that already).
   */
  const drainOutbox = (leasing: boolean): Promise<number> => {
    const drain = async (): Promise<number> => {
      let total = 0;
      for (;;) {
        const room = concurrency - attemptsInFlight();
        if (leasing && room < perEvent) {
          outboxBehind = true;
          return total;
        }
        outboxBehind = false;
        const limit = leasing ? Math.max(1, Math.min(DISPATCH_BATCH, Math.floor(room / perEvent))) : DISPATCH_BATCH;
        const lease = leasing && !stopping ? { worker: id, leaseMs, limit: room } : undefined;
        const result = await fanOut(limit, lease);
        total += result.events;
        if (result.events > 0) perEvent = Math.max(1, result.made / result.events);
        const { deliveries, events, subscriptions } = result.leased;
        for (let at = 0; at < deliveries.length; at += batch)
          start(deliveries.slice(at, at + batch), { events, subscriptions });
        if (result.pending > 0) {
          claimable = true;
          // Not in runOnce() before start(): that pass claims them itself.
          if (started && !stopping) void pump.wake();
        }
        if (result.events < limit || stopping) return total;
      }
    };
    return database.dialect === "mysql" ? database.withLock("webhook-dispatch", drain) : drain();
  };
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
  const batchSizes = new Map<Promise<unknown>, number>();
  const attemptsInFlight = (): number => {
    let n = 0;
    for (const size of batchSizes.values()) n += size;
    return n;
  };
  let started = false;
  let unsubscribe: (() => void) | undefined;

  const claim = async (limit: number) => {
    const claimed = await database.stores.webhookDeliveries.claimDue({ worker: id, now: clock.now(), leaseMs, limit });
    if (claimed.length < limit) claimable = false;
    return claimed;
  };

  /**
   * Where a loop claims its next batch. On MySQL/MariaDB in a transaction of its own, READ COMMITTED (the store's
   * claim): claimed in the commit that records the last batch, under that transaction's REPEATABLE READ, the
   * claim's range scan locked the gap past the last due delivery until the commit, and the fan-out's inserts of
   * new due deliveries waited for it (with one subscription, all of them). On SQLite (and in memory) in the commit
   * that records the last batch: there a commit is the cost, and its writer lock makes claims one at a time anyway.
   */
  const claimApart = database.dialect === "mysql";

  /**
   * Attempts a batch (claimed, or leased by the fan-out with its `inputs`), records it and claims the next one
   * while claims may find some and there is room, so that a busy loop goes on without the pump. A batch that ends
   * without a successor fans out again when the outbox was left for want of room, else pumps the claims again
   * when they may find something.
   */
  const start = (claimed: readonly WebhookDelivery[], inputs?: AttemptInputs): void => {
    const limit = (): number => (stopping ? 0 : Math.min(batch, concurrency - attemptsInFlight() + claimed.length));
    let handedOn = false;
    // This loop's own claim found nothing due: no pump needed (the fan-out wakes it when it adds deliveries, the
    // poll when retries come due); on MySQL that spares an empty claim transaction per batch at a steady rate.
    let nothingDue = false;
    // Claims come first while they may find something (older deliveries: retries come due, others' leases run
    // out), so that a long outbox does not hold them back; the fan-out takes the room that is left.
    const claimNext = (): boolean => claimable;
    const run: Promise<unknown> = deliver(claimed, claimApart || !claimNext() ? undefined : { leaseMs, limit }, inputs)
      .then(
        async ({ next }) => {
          if (!claimApart) return next;
          const room = limit();
          if (room < 1 || !claimNext()) return [];
          const following = await claim(room);
          nothingDue = following.length === 0;
          return following;
        },
        (error: unknown) => {
          logger.error({ err: String(error) }, "webhook attempts not recorded");
          return [];
        },
      )
      .then((following) => {
        // Claimed while stopping: they stay leased to this worker and stop() hands them back.
        if (following.length === 0 || stopping) return;
        start(following);
        handedOn = true;
      })
      .catch((error: unknown) => logger.error({ err: String(error) }, "webhook claim failed"))
      .finally(() => {
        inFlight.delete(run);
        batchSizes.delete(run);
        if (stopping || handedOn) return;
        // The outbox waits for room: fan out into the room this loop left (leased, straight to a new loop).
        if (outboxBehind) void fanOutPump.wake();
        else if (claimable && !nothingDue) void pump.wake();
      });
    inFlight.add(run);
    batchSizes.set(run, claimed.length);
  };

  /**
   * Claims and starts batches while there is room. At every poll and wake-up: from then on, until a claim finds
   * less than it asked, loops that end claim their next batch (retries that came due meanwhile are not left
   * behind the outbox).
   */
  const fill = async (): Promise<void> => {
    claimable = true;
    while (!stopping && attemptsInFlight() < concurrency) {
      const claimed = await claim(Math.min(batch, concurrency - attemptsInFlight()));
      if (claimed.length === 0 || stopping) return;
      start(claimed);
    }
  };

  // Fan-out and delivery run side by side, each its own pump: the outbox is fanned out batch after batch while
  // the loops claim and attempt, and each batch that made deliveries wakes the claims (a long outbox does not
  // hold back the deliveries of its first events, and claiming does not hold back the fan-out).
  const pump = createPump(fill, {
    pollMs,
    onError: (error) => logger.error({ err: String(error) }, "webhook claim failed"),
  });
  const fanOutPump = createPump(
    async () => {
      await drainOutbox(true);
    },
    { pollMs, onError: (error) => logger.error({ err: String(error) }, "webhook dispatch failed") },
  );

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = options.notifier?.subscribe(() => {
        if (!stopping) void fanOutPump.wake();
      });
      fanOutPump.start();
      pump.start();
    },
    wake() {
      if (!started || stopping) return;
      claimable = true;
      void fanOutPump.wake();
      void pump.wake();
    },
    async runOnce() {
      const dispatched = await drainOutbox(false);
      let attempted = 0;
      for (;;) {
        const claimed = await claim(batch);
        if (claimed.length === 0) return { dispatched, attempted };
        await deliver(claimed);
        attempted += claimed.length;
      }
    },
    async stop(graceMs) {
      stopping = true;
      unsubscribe?.();
      const pumping = [pump.stop(), fanOutPump.stop()];
      if (!started) return;
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.allSettled([...pumping, ...inFlight]), deadline]);
      const handedBack = await database.stores.webhookDeliveries.release(id, clock.now());
      if (handedBack > 0) logger.warn({ handedBack }, "unfinished webhook deliveries handed back");
    },
  };
};
