import { createWorker } from "@apar/adapters/jobs/worker";
import { manualClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import {
  GENERATE_OCCURRENCE_JOB,
  generateOccurrenceJob,
  type JobDefinition,
  occurrenceInvoicesOf,
  runnableJob,
} from "@apar/core/app";
import type { Database, Job } from "@apar/core/ports";
import * as t from "io-ts";
import { contractTest } from "../../contracts/contract.js";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A job of its own type that records each payload it ran with. */
const recording = (ran: unknown[]): JobDefinition<"test.echo", null, { readonly n: number }> => ({
  type: "test.echo",
  payload: t.type({ n: t.number }),
  run: () => async (payload) => {
    ran.push(payload);
    return {};
  },
});

/** Waits until the worker has taken every listed job to an end (done or dead). */
const settled = async (database: Database, ids: readonly string[]): Promise<readonly (Job | undefined)[]> => {
  for (;;) {
    const jobs = await Promise.all(ids.map((id) => database.stores.jobs.ofId(id)));
    if (jobs.every((j) => j?.status === "done" || j?.status === "dead")) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

contractTest("worker: a malformed payload makes the job dead with the decoder's reason", async (t, database) => {
  const clock = manualClock(new Date("2026-01-05T09:00:00.000Z"));
  const ids = randomIds(clock);
  const ran: unknown[] = [];
  const invoices = occurrenceInvoicesOf({
    db: database,
    clock,
    ids,
    tokens: { next: () => ids.next() },
    publicBaseUrl: "https://apar.test",
  });
  const malformed = await database.stores.jobs.enqueue(
    { type: GENERATE_OCCURRENCE_JOB, payload: { clientId: "c1", scheduleId: 42, occurrenceNumber: "one" } },
    clock.now(),
  );
  const unknownType = await database.stores.jobs.enqueue({ type: "test.echo", payload: "not an object" }, clock.now());
  const good = await database.stores.jobs.enqueue({ type: "test.echo", payload: { n: 7 } }, clock.now());
  const worker = createWorker({
    id: "w1",
    jobs: database.stores.jobs,
    clock,
    runnable: [
      runnableJob(generateOccurrenceJob, { db: database, clock, ids, invoices }),
      runnableJob(recording(ran), null),
    ],
    logger: quiet,
    concurrency: 1,
    pollMs: 5,
  });
  worker.start();
  try {
    const [dead, deadEcho, done] = await settled(database, [malformed, unknownType, good]);
    // Dead on the first attempt: a payload that does not decode is not retried.
    t.like(dead, { status: "dead", attempts: 1 });
    t.regex(dead?.lastError ?? "", /^malformed payload: /);
    t.regex(dead?.lastError ?? "", /organisationId is required/);
    t.regex(dead?.lastError ?? "", /scheduleId must be a string/);
    t.regex(dead?.lastError ?? "", /occurrenceNumber must be/);
    t.like(deadEcho, { status: "dead", attempts: 1 });
    t.regex(deadEcho?.lastError ?? "", /^malformed payload: payload must be/);
    // The worker carried on: the well-formed job ran, with its decoded payload, and only it.
    t.like(done, { status: "done" });
    t.deepEqual(ran, [{ n: 7 }]);
  } finally {
    await worker.stop(1_000);
  }
});
