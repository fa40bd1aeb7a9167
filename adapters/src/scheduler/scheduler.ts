import cron, { type ScheduledTask } from "node-cron";

/** One periodic duty of the scheduler: it only looks for due work and enqueues jobs (answers how many). */
export interface SchedulerDuty {
  readonly name: string;
  run(): Promise<number>;
}

/** What a scheduler needs to log. */
export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  readonly duties: readonly SchedulerDuty[];
  readonly logger: SchedulerLogger;
  /** When ticks happen (default: every minute). */
  readonly cronExpression?: string;
}

/** The scheduler role: cron ticks that enqueue due jobs; the workers do the work. */
export interface Scheduler {
  start(): void;
  /** Runs one tick now (tests drive ticks with a controllable clock); a tick already running is awaited. */
  tick(): Promise<number>;
  /** Stops ticking and waits for a running tick. */
  stop(): Promise<void>;
}

/**
 * A node-cron scheduler. Ticks never overlap in one process; several processes may tick at once, which is
 * safe because every duty enqueues with a job key (the queue keeps one job per key).
 */
export const createScheduler = (options: SchedulerOptions): Scheduler => {
  const expression = options.cronExpression ?? "* * * * *";
  if (!cron.validate(expression)) throw new Error(`scheduler: not a cron expression: ${expression}`);
  let task: ScheduledTask | undefined;
  let running: Promise<number> | undefined;

  const runDuties = async (): Promise<number> => {
    let total = 0;
    for (const duty of options.duties) {
      try {
        const enqueued = await duty.run();
        total += enqueued;
        if (enqueued > 0) options.logger.info({ duty: duty.name, enqueued }, "scheduler enqueued jobs");
      } catch (error) {
        // One failing duty (a database hiccup) must not stop the others; the next tick retries.
        options.logger.error({ duty: duty.name, err: String(error) }, "scheduler duty failed");
      }
    }
    return total;
  };

  const tick = (): Promise<number> => {
    running ??= runDuties().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (task !== undefined) return;
      task = cron.schedule(expression, () => tick().then(() => undefined), { name: "apar-scheduler", noOverlap: true });
    },
    tick,
    async stop() {
      const stopping = task;
      task = undefined;
      await stopping?.destroy();
      await running;
    },
  };
};
