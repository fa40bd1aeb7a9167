import type { RunnableJob } from "@apar/core/app";
import type { Clock, Job, Jobs } from "@apar/core/ports";
import { keepLeased } from "./lease.js";
import { createPump } from "./pump.js";

/** What a worker needs to log. */
export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  readonly id: string;
  readonly jobs: Jobs;
  readonly clock: Clock;
  /** The jobs this worker runs (core's `JOBS` given their dependencies); other types stay queued. */
  readonly runnable: readonly RunnableJob[];
  readonly logger: WorkerLogger;
  readonly concurrency: number;
  /** How long a claim (and each renewal of it) hides a job from other workers. */
  readonly visibilityMs?: number;
  /** How often the worker renews the claims of the jobs it runs (default a third of `visibilityMs`). */
  readonly renewEveryMs?: number;
  /** Fallback poll when nobody wakes the worker. */
  readonly pollMs?: number;
  /** Delay before the retry of attempt n (1-based). */
  readonly backoffMs?: (attempt: number) => number;
}

export interface Worker {
  start(): void;
  /** Tells an idle worker that a job may be waiting (in-process enqueue). */
  wake(): void;
  /** Stops claiming, waits up to `graceMs` for running jobs, then hands the rest back to the queue. */
  stop(graceMs: number): Promise<void>;
  readonly running: number;
}

/** Exponential backoff from 5 s, doubling, capped at one hour. */
export const defaultBackoffMs = (attempt: number): number => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

/**
 * A job worker: claims due jobs from the durable queue, decodes each payload and runs its job, renewing the claim
 * while the job runs (a job lasting longer than `visibilityMs` is not claimed by a second worker; a crashed
 * worker's job is, once its last renewal runs out). A payload that does not decode makes the job dead at once,
 * with the decoder's reason as its last error.
 */
export const createWorker = (options: WorkerOptions): Worker => {
  const { jobs, clock, logger, id } = options;
  const byType = new Map(options.runnable.map((r) => [r.type, r]));
  const visibilityMs = options.visibilityMs ?? 60_000;
  const renewEveryMs = options.renewEveryMs ?? Math.max(1, Math.floor(visibilityMs / 3));
  const pollMs = options.pollMs ?? 1_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const types = [...byType.keys()];
  const inFlight = new Set<Promise<void>>();
  const leases = new Set<{ stop(): void }>();
  let stopping = false;
  let started = false;

  const lease = (job: Job): { stop(): void } => {
    const kept = keepLeased(() => jobs.renew(job.id, id, { now: clock.now(), visibilityMs }), {
      everyMs: renewEveryMs,
      onLost: () => logger.warn({ jobId: job.id, jobType: job.type }, "job claim lost while running"),
      onError: (error) => logger.error({ jobId: job.id, err: String(error) }, "job claim not renewed"),
    });
    leases.add(kept);
    return {
      stop() {
        kept.stop();
        leases.delete(kept);
      },
    };
  };

  const runOne = async (job: Job): Promise<void> => {
    const started = Date.now();
    const held = lease(job);
    // Neither an unknown type nor a malformed payload gets better by retrying.
    let retryable = false;
    try {
      const runnable = byType.get(job.type);
      if (runnable === undefined) throw new Error(`no handler for job type ${job.type}`);
      const prepared = runnable.prepare(job);
      if (prepared._tag === "Left") throw new Error(prepared.left);
      retryable = true;
      const report = await prepared.right();
      held.stop();
      await jobs.complete(job.id, id, clock.now());
      logger.info({ jobId: job.id, jobType: job.type, ms: Date.now() - started, ...report }, "job done");
    } catch (error) {
      held.stop();
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const retry = job.attempts < job.maxAttempts && retryable;
      await jobs
        .fail(
          job.id,
          id,
          retry
            ? { error: message, now, retryAt: new Date(now.getTime() + backoffMs(job.attempts)) }
            : { error: message, now },
        )
        .catch((e: unknown) => logger.error({ jobId: job.id, err: String(e) }, "could not record job failure"));
      logger.warn({ jobId: job.id, jobType: job.type, attempt: job.attempts, retry, err: message }, "job failed");
    }
  };

  /** Claims and starts jobs while there is room. */
  const fill = async (): Promise<void> => {
    while (!stopping && inFlight.size < options.concurrency) {
      const job = await jobs.claim({ worker: id, types, now: clock.now(), visibilityMs });
      // A job claimed while stopping stays locked to this worker and is handed back by stop().
      if (job === undefined || stopping) return;
      const run = runOne(job).finally(() => {
        inFlight.delete(run);
        if (!stopping) void pump.wake();
      });
      inFlight.add(run);
    }
  };

  const pump = createPump(fill, {
    pollMs,
    onError: (error) => logger.error({ err: String(error) }, "job claim failed"),
  });

  return {
    start() {
      if (started || types.length === 0) return;
      started = true;
      pump.start();
    },
    wake() {
      if (started && !stopping) void pump.wake();
    },
    async stop(graceMs) {
      stopping = true;
      const pumping = pump.stop();
      if (!started) return;
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.allSettled([pumping, ...inFlight]), deadline]);
      for (const kept of [...leases]) kept.stop();
      const handedBack = await jobs.release(id, clock.now());
      if (handedBack > 0) logger.info({ handedBack }, "unfinished jobs handed back to the queue");
    },
    get running() {
      return inFlight.size;
    },
  };
};
