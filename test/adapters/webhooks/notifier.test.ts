import { createNotifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import test from "ava";
import { testDatabases } from "../../helpers/databases.js";

const T0 = new Date("2026-01-05T09:00:00.000Z");

/** Counts the wake-ups of each notifier, after the microtask that delivers them. */
const counting = () => {
  const heard = { events: 0, jobs: 0 };
  const events = createNotifier();
  const jobs = createNotifier();
  events.subscribe(() => {
    heard.events += 1;
  });
  jobs.subscribe(() => {
    heard.jobs += 1;
  });
  return { heard, notifiers: { events, jobs } };
};

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

for (const kind of testDatabases()) {
  test(`${kind.name}: an enqueue wakes the jobs' listeners after its unit of work commits, never on a rollback`, async (t) => {
    const raw = await kind.open();
    try {
      const { heard, notifiers } = counting();
      const database = notifyingDatabase(raw, notifiers);
      let heardInside = -1;
      await database.run(async (s) => {
        await s.jobs.enqueue({ type: "test.echo", payload: { n: 1 } }, T0);
        await settle();
        heardInside = heard.jobs;
      });
      await settle();
      t.is(heardInside, 0, "no wake-up before the commit");
      t.deepEqual(heard, { events: 0, jobs: 1 });
      await t.throwsAsync(
        database.run(async (s) => {
          await s.jobs.enqueue({ type: "test.echo", payload: { n: 2 } }, T0);
          throw new Error("rolled back");
        }),
      );
      await settle();
      t.deepEqual(heard, { events: 0, jobs: 1 });
      // Outside a unit of work the enqueue is its own commit.
      await database.stores.jobs.enqueue({ type: "test.echo", payload: { n: 3 } }, T0);
      await settle();
      t.deepEqual(heard, { events: 0, jobs: 2 });
    } finally {
      await raw.close();
    }
  });
}
