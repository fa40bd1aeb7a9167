import type { Database } from "@apar/core/ports";
import test from "ava";
import { testDatabases } from "../helpers/databases.js";
import { T0 } from "./fixtures.js";

const JOBS = 20;
const CLAIMERS = 4;

/** Claims and completes jobs until none is left; answers the ids it claimed. */
const drain = async (database: Database, worker: string): Promise<string[]> => {
  const claimed: string[] = [];
  for (;;) {
    const job = await database.stores.jobs.claim({ worker, now: T0, visibilityMs: 60_000 });
    if (job === undefined) return claimed;
    claimed.push(job.id);
    await database.stores.jobs.complete(job.id, worker, T0);
  }
};

for (const kind of testDatabases()) {
  test(`${kind.name}: jobs: concurrent claimers on separate connections never get the same job`, async (t) => {
    const handles = await kind.openMany(CLAIMERS);
    try {
      const [first] = handles;
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i += 1)
        ids.push(await (first as Database).stores.jobs.enqueue({ type: "a", payload: i }, T0));
      const claims = await Promise.all(handles.map((handle, i) => drain(handle, `worker-${i}`)));
      const all = claims.flat();
      t.is(all.length, JOBS);
      t.deepEqual([...all].sort(), [...ids].sort());
      t.deepEqual(await (first as Database).stores.jobs.depth(T0), { ready: 0, scheduled: 0, running: 0, dead: 0 });
      t.log(`claims per worker: ${claims.map((c) => c.length).join(", ")}`);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
}
