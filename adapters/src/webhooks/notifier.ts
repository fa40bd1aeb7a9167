import type { Database, Stores } from "@apar/core/ports";

/** In-process wake-ups: parts that wait for new work subscribe; whoever made work calls `notify`. */
export interface Notifier {
  notify(): void;
  /** Answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A notifier whose listeners run on the next tick (a commit never waits for them). */
export const createNotifier = (): Notifier => {
  const listeners = new Set<() => void>();
  return {
    notify() {
      if (listeners.size === 0) return;
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/**
 * The database, notifying after each unit of work that committed appended events (the outbox has new rows),
 * and after appends outside units of work. Nothing else changes.
 */
export const notifyingDatabase = (database: Database, notifier: Notifier): Database => {
  const watched = (stores: Stores, onAppend: () => void): Stores => ({
    ...stores,
    events: {
      ...stores.events,
      append: async (events) => {
        await stores.events.append(events);
        if (events.length > 0) onAppend();
      },
    },
  });
  return {
    ...database,
    dialect: database.dialect,
    stores: watched(database.stores, () => notifier.notify()),
    run: async (work) => {
      let appended = false;
      const result = await database.run((stores) =>
        work(
          watched(stores, () => {
            appended = true;
          }),
        ),
      );
      if (appended) notifier.notify();
      return result;
    },
    migrate: () => database.migrate(),
    ready: () => database.ready(),
    withLock: (name, work) => database.withLock(name, work),
    close: () => database.close(),
  };
};
