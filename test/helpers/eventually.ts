/**
 * How long a test waits for something that happens in the background (a worker's job, a log line, a mail)
 * before it fails naming what it waited for. A guard against hanging, never a claim about speed: generous, so
 * that a busy machine cannot trip it, and well inside ava's 180 s timeout so that the failure says what.
 */
export const PATIENCE_MS = 60_000;

/**
 * Polls `probe` until it answers a value other than undefined (or false) and answers it; throws `timed out
 * waiting for <what>` after `PATIENCE_MS`. Polls often at first, then every 100 ms.
 */
export const eventually = async <A>(
  probe: () => Promise<A | undefined | false> | A | undefined | false,
  what: string,
): Promise<A> => {
  const giveUpAt = Date.now() + PATIENCE_MS;
  for (let round = 0; ; round += 1) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, Math.min(100, 5 * 2 ** Math.min(round, 5))));
  }
};
