import type { Clock } from "@apar/core/ports";

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export const manualClock = (start: Date): Clock & { set(at: Date): void; advance(ms: number): void } => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
};
