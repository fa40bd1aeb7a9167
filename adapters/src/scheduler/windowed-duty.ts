import type { Clock, Jobs } from "@apar/core/ports";
import type { SchedulerDuty } from "./scheduler.js";

/**
 * A duty that queues one job of `type` per window of `everyMs` (keyed by the window, so that several schedulers
 * queue it once); ticks within a window this process has queued already do nothing.
 */
export const windowedJobDuty = (deps: { jobs: Jobs; clock: Clock }, type: string, everyMs: number): SchedulerDuty => {
  let queued: number | undefined;
  return {
    name: type,
    async run() {
      const now = deps.clock.now();
      const window = Math.floor(now.getTime() / everyMs);
      if (window === queued) return 0;
      await deps.jobs.enqueue({ type, payload: null, key: `${type}:${window}`, maxAttempts: 1 }, now);
      queued = window;
      return 1;
    },
  };
};
