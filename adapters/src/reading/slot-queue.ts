/** A slot of a fixed-size pool: busy while one job holds it. */
export interface PoolSlot {
  busy: boolean;
}

/** First come, first served hand-out of a pool's slots: `acquire` waits for a free one, `release` passes it on. */
export const slotQueue = <S extends PoolSlot>(slots: readonly S[]) => {
  const waiting: ((slot: S) => void)[] = [];
  return {
    acquire(): Promise<S> {
      const free = slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return Promise.resolve(free);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release(slot: S): void {
      const next = waiting.shift();
      if (next) next(slot);
      else slot.busy = false;
    },
  };
};
