/** A job to put on the durable queue. */
export interface JobRequest {
  readonly type: string;
  /** JSON-serialisable. */
  readonly payload: unknown;
  /** Not before (default: now). */
  readonly runAt?: Date;
  /** Deduplication key: a second enqueue with the same key is ignored while the first exists. */
  readonly key?: string;
  /** Attempts before the job is dead (default 5). */
  readonly maxAttempts?: number;
}

export type JobStatus = "ready" | "running" | "done" | "dead";

export interface Job {
  readonly id: string;
  readonly type: string;
  readonly payload: unknown;
  readonly key: string | null;
  readonly status: JobStatus;
  /** Attempts started so far, including the current one once claimed. */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly runAt: Date;
  readonly lockedBy: string | null;
  readonly lockedUntil: Date | null;
  readonly lastError: string | null;
}

export interface QueueDepth {
  /** Due now and waiting for a worker. */
  readonly ready: number;
  /** Waiting for a later `runAt`. */
  readonly scheduled: number;
  readonly running: number;
  readonly dead: number;
}

/**
 * The durable job queue. A claim locks a job for `visibilityMs`, and its worker renews the lock while the job
 * runs; a job whose lock expires (crashed worker) can be claimed again. Two claimers never get the same job at once.
 */
export interface Jobs {
  /** Adds a job; with a `key` already present, answers the existing job's id. */
  enqueue(job: JobRequest, now: Date): Promise<string>;
  claim(args: {
    readonly worker: string;
    readonly types?: readonly string[];
    readonly now: Date;
    readonly visibilityMs: number;
  }): Promise<Job | undefined>;
  /**
   * Extends the lock of a job `worker` holds to now + `visibilityMs` (the job still runs); answers false when the
   * worker no longer holds it (its lock ran out and another worker claimed it, or it ended).
   */
  renew(id: string, worker: string, args: { readonly now: Date; readonly visibilityMs: number }): Promise<boolean>;
  /** Marks a claimed job done (only by the worker holding it). */
  complete(id: string, worker: string, now: Date): Promise<void>;
  /** Records a failure: retried at `retryAt`, or dead when no retry is given or attempts are used up. */
  fail(
    id: string,
    worker: string,
    args: { readonly error: string; readonly retryAt?: Date; readonly now: Date },
  ): Promise<void>;
  /** Hands back every job a worker holds (graceful shutdown); answers how many. */
  release(worker: string, now: Date): Promise<number>;
  ofId(id: string): Promise<Job | undefined>;
  /**
   * The payloads of a type's jobs that may still run: ready ones, and running ones whose lock holds or that
   * have attempts left (a running job past its lock with none left is dead at the next claim).
   */
  livePayloads(type: string, now: Date): Promise<readonly unknown[]>;
  depth(now: Date): Promise<QueueDepth>;
}
