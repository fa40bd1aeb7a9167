/** How many times a transaction chosen as a deadlock victim is run again before its error is let through. */
export const DEADLOCK_ATTEMPTS = 5;

type Coded = { code?: unknown; errno?: unknown; parent?: unknown; original?: unknown };

/**
 * Whether an error is MySQL/MariaDB's "Deadlock found when trying to get lock" (ER_LOCK_DEADLOCK, 1213), as
 * mysql2 raises it or as sequelize wraps it (`parent`/`original`). InnoDB has then rolled the whole transaction
 * back, so running it again from the start is safe.
 */
export const isDeadlock = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (typeof e === "object" && e !== null && !seen.has(e)) {
    seen.add(e);
    const { code, errno, parent, original } = e as Coded;
    if (code === "ER_LOCK_DEADLOCK" || errno === 1213) return true;
    e = parent ?? original;
  }
  return false;
};

/** Called before each new attempt after a deadlock. */
export type OnDeadlockRetry = (operation: string, attempt: number) => void;

/**
 * Runs a whole transaction, and runs it again (after a random pause that doubles each time, so the two parties
 * do not meet again at once) when the database chose it as a deadlock victim; other errors, and the last deadlock, go
 * to the caller.
 */
export const retryDeadlocks = async <A>(
  operation: string,
  work: () => Promise<A>,
  onRetry: OnDeadlockRetry = () => {},
  attempts = DEADLOCK_ATTEMPTS,
): Promise<A> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      onRetry(operation, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));
    }
  }
};
