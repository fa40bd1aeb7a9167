import { createWorker, type Worker } from "@apar/adapters/jobs/worker";
import { manualClock } from "@apar/adapters/system/clock";
import type { RunnableJob } from "@apar/core/app";
import type { Jobs } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { contractTest } from "../../contracts/contract.js";
import { eventually } from "../../helpers/eventually.js";

// A job's claim lasts as long as its work: the worker running it renews it, so a job that runs for many times the
// lease is not claimed by a second worker; a crashed worker renews nothing, so its job is claimed again once the
// last lease runs out. Time here is a clock the test moves; renewals tick every few real milliseconds.

const LEASE_MS = 1_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A job type whose runs wait for the test to let them end; records which worker started each run. */
const gated = () => {
  const runs: string[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const runnable = (worker: string): RunnableJob => ({
    type: "test.long",
    prepare: () =>
      E.right(async () => {
        runs.push(worker);
        await gate;
        return {};
      }),
  });
  return { runs, open: () => open(), runnable };
};

const workerOf = (id: string, jobs: Jobs, clock: ReturnType<typeof manualClock>, runnable: RunnableJob): Worker =>
  createWorker({
    id,
    jobs,
    clock,
    runnable: [runnable],
    logger: quiet,
    concurrency: 1,
    visibilityMs: LEASE_MS,
    renewEveryMs: 2,
    pollMs: 2,
  });

contractTest("worker: a job running for many leases is renewed and not claimed by a second worker", async (t, db) => {
  const clock = manualClock(new Date("2026-01-05T09:00:00.000Z"));
  const jobs = db.stores.jobs;
  const long = gated();
  const id = await jobs.enqueue({ type: "test.long", payload: null }, clock.now());
  const first = workerOf("w1", jobs, clock, long.runnable("w1"));
  const second = workerOf("w2", jobs, clock, long.runnable("w2"));
  first.start();
  await eventually(() => long.runs.length === 1, "the first worker to start the job");
  second.start();
  try {
    // Ten leases pass, half a lease at a time; after each step the lock the worker renewed reaches past the clock.
    for (let step = 1; step <= 20; step += 1) {
      clock.advance(LEASE_MS / 2);
      const now = clock.now().getTime();
      await eventually(async () => {
        const job = await jobs.ofId(id);
        return (job?.lockedUntil?.getTime() ?? 0) >= now + LEASE_MS;
      }, `a renewal at step ${step}`);
    }
    t.like(await jobs.ofId(id), { status: "running", lockedBy: "w1", attempts: 1 });
    long.open();
    await eventually(async () => (await jobs.ofId(id))?.status === "done", "the job to end");
    t.deepEqual(long.runs, ["w1"]);
    t.is(await jobs.claim({ worker: "w3", now: clock.now(), visibilityMs: LEASE_MS }), undefined);
    t.like(await jobs.ofId(id), { status: "done", attempts: 1 });
  } finally {
    long.open();
    await Promise.all([first.stop(1_000), second.stop(1_000)]);
  }
});

contractTest("worker: a crashed worker's job is claimed again once its last lease runs out", async (t, db) => {
  const clock = manualClock(new Date("2026-01-05T09:00:00.000Z"));
  const jobs = db.stores.jobs;
  const long = gated();
  const id = await jobs.enqueue({ type: "test.long", payload: null }, clock.now());
  // The first worker's process dies mid-job: from then on none of its calls reach the database.
  let crashed = false;
  const gone = async (): Promise<never> => {
    throw new Error("process gone");
  };
  const dying: Jobs = {
    ...jobs,
    claim: (args) => (crashed ? gone() : jobs.claim(args)),
    renew: (...args) => (crashed ? gone() : jobs.renew(...args)),
    complete: (...args) => (crashed ? gone() : jobs.complete(...args)),
    fail: (...args) => (crashed ? gone() : jobs.fail(...args)),
    release: (...args) => (crashed ? gone() : jobs.release(...args)),
  };
  let secondClaims = 0;
  const counting: Jobs = {
    ...jobs,
    claim: (args) => {
      secondClaims += 1;
      return jobs.claim(args);
    },
  };
  const first = workerOf("w1", dying, clock, long.runnable("w1"));
  const second = workerOf("w2", counting, clock, long.runnable("w2"));
  first.start();
  await eventually(() => long.runs.length === 1, "the first worker to start the job");
  clock.advance(LEASE_MS / 2);
  const renewedTo = clock.now().getTime() + LEASE_MS;
  await eventually(async () => (await jobs.ofId(id))?.lockedUntil?.getTime() === renewedTo, "a renewal");
  crashed = true;
  second.start();
  try {
    // Just inside the last lease: the second worker keeps claiming and gets nothing.
    clock.set(new Date(renewedTo - 1));
    const seen = secondClaims;
    await eventually(() => secondClaims >= seen + 5, "the second worker to try five claims");
    t.like(await jobs.ofId(id), { status: "running", lockedBy: "w1", attempts: 1 });
    t.deepEqual(long.runs, ["w1"]);
    // The lease runs out: the second worker claims the job and runs it.
    clock.set(new Date(renewedTo));
    await eventually(() => long.runs.length === 2, "the second worker to start the job");
    t.deepEqual(long.runs, ["w1", "w2"]);
    t.like(await jobs.ofId(id), { status: "running", lockedBy: "w2", attempts: 2 });
    long.open();
    await eventually(async () => (await jobs.ofId(id))?.status === "done", "the job to end");
  } finally {
    long.open();
    // The dead worker hands nothing back.
    await Promise.all([first.stop(1_000).catch(() => undefined), second.stop(1_000)]);
  }
});
