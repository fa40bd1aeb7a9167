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

/** Who hears of new work: `events` when events were appended (the outbox), `jobs` when jobs were enqueued. */
export interface DatabaseNotifiers {
  readonly events?: Notifier;
  readonly jobs?: Notifier;
}

/**
 * The database, notifying after each unit of work that committed appended events or enqueued jobs, and after
 * appends and enqueues outside units of work (never before the rows are visible). Nothing else changes.
 */
export const notifyingDatabase = (database: Database, notifiers: DatabaseNotifiers): Database => {
  const watched = (stores: Stores, onWork: (kind: keyof DatabaseNotifiers) => void): Stores => ({
    ...stores,
    events: {
      ...stores.events,
      append: async (events) => {
        await stores.events.append(events);
        if (events.length > 0) onWork("events");
      },
    },
    jobs: {
      ...stores.jobs,
      enqueue: async (job, now) => {
        const id = await stores.jobs.enqueue(job, now);
        onWork("jobs");
        return id;
      },
    },
  });
  return {
    ...database,
    dialect: database.dialect,
    stores: watched(database.stores, (kind) => notifiers[kind]?.notify()),
    run: async (work) => {
      const made = new Set<keyof DatabaseNotifiers>();
      const result = await database.run((stores) => work(watched(stores, (kind) => made.add(kind))));
      for (const kind of made) notifiers[kind]?.notify();
      return result;
    },
    migrate: () => database.migrate(),
    ready: () => database.ready(),
    withLock: (name, work) => database.withLock(name, work),
    close: () => database.close(),
  };
};
