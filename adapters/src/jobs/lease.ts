/**
 * Keeps a claim alive while its work runs: calls `renew` every `everyMs` (one renewal at a time) until `stop()`,
 * or until a renewal answers that the claim is no longer held (`onLost`). A renewal that throws is reported and
 * tried again at the next tick: the claim lasts until its lock runs out, so a passing database error costs nothing.
 */
export const keepLeased = (
  renew: () => Promise<boolean>,
  options: {
    readonly everyMs: number;
    readonly onLost: () => void;
    readonly onError: (error: unknown) => void;
  },
): { stop(): void } => {
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renew()
      .then((held) => {
        if (held) return;
        clearInterval(timer);
        options.onLost();
      }, options.onError)
      .finally(() => {
        renewing = false;
      });
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
