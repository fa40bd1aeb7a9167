/**
 * The loop shared by the job worker and the webhook runner: `fill` claims and starts work while there is room;
 * a wake-up during a fill runs it again once it ends (wake-ups coalesce), and a poll timer runs it when nobody
 * wakes it.
 */
export interface Pump {
  /** Fills now and then at every poll. */
  start(): void;
  /** Fills now, or once more after the fill under way; answers when that fill ends. */
  wake(): Promise<void>;
  /** Stops the timer and any further fill; answers the fill under way (if any) to wait for. */
  stop(): Promise<void> | undefined;
  readonly stopping: boolean;
}

export const createPump = (
  fill: () => Promise<void>,
  options: { readonly pollMs: number; readonly onError: (error: unknown) => void },
): Pump => {
  let stopping = false;
  let pumping: Promise<void> | undefined;
  let wakeRequested = false;
  let timer: NodeJS.Timeout | undefined;

  const drain = async (): Promise<void> => {
    try {
      do {
        wakeRequested = false;
        await fill();
      } while (wakeRequested && !stopping);
    } catch (error) {
      options.onError(error);
    }
  };

  const wake = (): Promise<void> => {
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
      void wake().finally(schedule);
    }, options.pollMs);
    timer.unref();
  };

  return {
    start() {
      void wake();
      schedule();
    },
    wake,
    stop() {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      return pumping;
    },
    get stopping() {
      return stopping;
    },
  };
};
