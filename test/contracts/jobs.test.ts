import { contractTest } from "./contract.js";
import { at, T0 } from "./fixtures.js";

const VISIBILITY = 30_000;
const claimAt = (now: Date, worker = "w1", types?: readonly string[]) =>
  types === undefined ? { worker, now, visibilityMs: VISIBILITY } : { worker, now, visibilityMs: VISIBILITY, types };

contractTest("jobs: enqueue then ofId answers a ready job", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "read-bill", payload: { billId: "b1", n: [1, "2"] } }, T0);
  t.deepEqual(await stores.jobs.ofId(id), {
    id,
    type: "read-bill",
    payload: { billId: "b1", n: [1, "2"] },
    key: null,
    status: "ready",
    attempts: 0,
    maxAttempts: 5,
    runAt: T0,
    lockedBy: null,
    lockedUntil: null,
    lastError: null,
  });
  t.is(await stores.jobs.ofId("00000000-0000-7000-8000-000000000000"), undefined);
});

contractTest(
  "jobs: claim locks the job for the visibility time; a second claim gets nothing",
  async (t, { stores }) => {
    const id = await stores.jobs.enqueue({ type: "a", payload: null, maxAttempts: 3 }, T0);
    const job = await stores.jobs.claim(claimAt(at(10)));
    t.like(job, { id, status: "running", attempts: 1, maxAttempts: 3, lockedBy: "w1" });
    t.deepEqual(job?.lockedUntil, at(10 + VISIBILITY));
    t.deepEqual(await stores.jobs.ofId(id), job);
    t.is(await stores.jobs.claim(claimAt(at(20), "w2")), undefined);
  },
);

contractTest("jobs: a job is not claimed before runAt, and earlier runAt goes first", async (t, { stores }) => {
  const later = await stores.jobs.enqueue({ type: "a", payload: 1, runAt: at(2000) }, T0);
  const sooner = await stores.jobs.enqueue({ type: "a", payload: 2, runAt: at(1000) }, T0);
  t.is(await stores.jobs.claim(claimAt(at(999))), undefined);
  t.is((await stores.jobs.claim(claimAt(at(1000))))?.id, sooner);
  t.is(await stores.jobs.claim(claimAt(at(1999))), undefined);
  t.is((await stores.jobs.claim(claimAt(at(5000))))?.id, later);
});

contractTest("jobs: types filter the claim; an empty list claims nothing", async (t, { stores }) => {
  await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  const b = await stores.jobs.enqueue({ type: "b", payload: null }, at(1));
  t.is(await stores.jobs.claim(claimAt(at(5), "w1", [])), undefined);
  t.is((await stores.jobs.claim(claimAt(at(5), "w1", ["b", "c"])))?.id, b);
  t.is(await stores.jobs.claim(claimAt(at(5), "w1", ["b"])), undefined);
});

contractTest("jobs: complete by the holder marks done; by another worker does nothing", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  await stores.jobs.claim(claimAt(T0));
  await stores.jobs.complete(id, "w2", at(1));
  t.like(await stores.jobs.ofId(id), { status: "running", lockedBy: "w1" });
  await stores.jobs.complete(id, "w1", at(1));
  t.like(await stores.jobs.ofId(id), { status: "done", lockedBy: null, lockedUntil: null, attempts: 1 });
  t.is(await stores.jobs.claim(claimAt(at(VISIBILITY * 10))), undefined);
});

contractTest("jobs: fail with retryAt reschedules; the retry counts as a new attempt", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  await stores.jobs.claim(claimAt(T0));
  await stores.jobs.fail(id, "w1", { error: "timeout", retryAt: at(60_000), now: at(1) });
  t.like(await stores.jobs.ofId(id), { status: "ready", attempts: 1, lastError: "timeout", lockedBy: null });
  t.deepEqual((await stores.jobs.ofId(id))?.runAt, at(60_000));
  t.is(await stores.jobs.claim(claimAt(at(59_999))), undefined);
  t.like(await stores.jobs.claim(claimAt(at(60_000))), { id, attempts: 2, lastError: "timeout" });
});

contractTest("jobs: fail without retryAt, or with attempts used up, marks dead", async (t, { stores }) => {
  const once = await stores.jobs.enqueue({ type: "a", payload: null, maxAttempts: 1 }, T0);
  const plain = await stores.jobs.enqueue({ type: "b", payload: null }, at(1));
  await stores.jobs.claim(claimAt(at(5), "w1", ["a"]));
  await stores.jobs.claim(claimAt(at(5), "w1", ["b"]));
  await stores.jobs.fail(once, "w1", { error: "no", retryAt: at(10), now: at(6) });
  await stores.jobs.fail(plain, "w1", { error: "bad input", now: at(6) });
  t.like(await stores.jobs.ofId(once), { status: "dead", lastError: "no", lockedBy: null });
  t.like(await stores.jobs.ofId(plain), { status: "dead", lastError: "bad input" });
  t.is(await stores.jobs.claim(claimAt(at(VISIBILITY * 10))), undefined);
});

contractTest("jobs: fail by a worker not holding the job does nothing", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  await stores.jobs.claim(claimAt(T0));
  await stores.jobs.fail(id, "w2", { error: "not mine", now: at(1) });
  t.like(await stores.jobs.ofId(id), { status: "running", lockedBy: "w1", lastError: null });
});

contractTest("jobs: a key deduplicates enqueues, even once the job is done", async (t, { stores }) => {
  const first = await stores.jobs.enqueue({ type: "a", payload: 1, key: "bill:1" }, T0);
  t.is(await stores.jobs.enqueue({ type: "a", payload: 2, key: "bill:1" }, at(1)), first);
  const other = await stores.jobs.enqueue({ type: "a", payload: 3, key: "bill:2" }, at(2));
  t.not(other, first);
  t.like(await stores.jobs.ofId(first), { key: "bill:1", payload: 1 });
  await stores.jobs.claim(claimAt(at(3), "w1"));
  await stores.jobs.complete(first, "w1", at(4));
  t.is(await stores.jobs.enqueue({ type: "a", payload: 4, key: "bill:1" }, at(5)), first);
  t.deepEqual(await stores.jobs.depth(at(5)), { ready: 1, scheduled: 0, running: 0, dead: 0 });
});

contractTest("jobs: a job whose lock expired is claimed again by another worker", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  await stores.jobs.claim({ worker: "w1", now: T0, visibilityMs: 1000 });
  t.is(await stores.jobs.claim({ worker: "w2", now: at(999), visibilityMs: 1000 }), undefined);
  const again = await stores.jobs.claim({ worker: "w2", now: at(1000), visibilityMs: 1000 });
  t.like(again, { id, attempts: 2, lockedBy: "w2" });
  t.deepEqual(again?.lockedUntil, at(2000));
  await stores.jobs.complete(id, "w1", at(1001));
  t.like(await stores.jobs.ofId(id), { status: "running", lockedBy: "w2" });
  await stores.jobs.complete(id, "w2", at(1002));
  t.like(await stores.jobs.ofId(id), { status: "done" });
});

contractTest("jobs: a lock that expires on the last attempt makes the job dead", async (t, { stores }) => {
  const id = await stores.jobs.enqueue({ type: "a", payload: null, maxAttempts: 1 }, T0);
  const next = await stores.jobs.enqueue({ type: "a", payload: null }, at(2000));
  await stores.jobs.claim({ worker: "w1", now: T0, visibilityMs: 1000 });
  t.like(await stores.jobs.claim({ worker: "w2", now: at(3000), visibilityMs: 1000 }), { id: next });
  t.like(await stores.jobs.ofId(id), { status: "dead", lockedBy: null });
  t.truthy((await stores.jobs.ofId(id))?.lastError);
});

contractTest("jobs: release hands a worker's jobs back without counting the attempt", async (t, { stores }) => {
  const a = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  const b = await stores.jobs.enqueue({ type: "a", payload: null }, at(1));
  const c = await stores.jobs.enqueue({ type: "a", payload: null }, at(2));
  await stores.jobs.claim(claimAt(at(5), "w1"));
  await stores.jobs.claim(claimAt(at(5), "w1"));
  await stores.jobs.claim(claimAt(at(5), "w2"));
  t.is(await stores.jobs.release("w1", at(10)), 2);
  t.like(await stores.jobs.ofId(a), { status: "ready", attempts: 0, lockedBy: null, lockedUntil: null });
  t.like(await stores.jobs.ofId(b), { status: "ready", attempts: 0, lockedBy: null });
  t.like(await stores.jobs.ofId(c), { status: "running", lockedBy: "w2" });
  t.is(await stores.jobs.release("w1", at(11)), 0);
  t.like(await stores.jobs.claim(claimAt(at(10), "w3")), { id: a, attempts: 1 });
});

contractTest("jobs: depth counts ready, scheduled, running and dead jobs", async (t, { stores }) => {
  t.deepEqual(await stores.jobs.depth(T0), { ready: 0, scheduled: 0, running: 0, dead: 0 });
  await stores.jobs.enqueue({ type: "run", payload: null }, T0);
  await stores.jobs.enqueue({ type: "die", payload: null }, T0);
  await stores.jobs.enqueue({ type: "done", payload: null }, T0);
  await stores.jobs.enqueue({ type: "a", payload: null }, T0);
  await stores.jobs.enqueue({ type: "a", payload: null, runAt: at(60_000) }, T0);
  const run = await stores.jobs.claim(claimAt(at(1), "w", ["run"]));
  const die = await stores.jobs.claim(claimAt(at(1), "w", ["die"]));
  const done = await stores.jobs.claim(claimAt(at(1), "w", ["done"]));
  t.truthy(run);
  await stores.jobs.fail(die?.id ?? "", "w", { error: "x", now: at(2) });
  await stores.jobs.complete(done?.id ?? "", "w", at(2));
  t.deepEqual(await stores.jobs.depth(at(3)), { ready: 1, scheduled: 1, running: 1, dead: 1 });
  t.deepEqual(await stores.jobs.depth(at(60_000)), { ready: 2, scheduled: 0, running: 1, dead: 1 });
});

contractTest(
  "jobs: renew by the holder extends the lock; by another worker or once ended it answers false",
  async (t, { stores }) => {
    const id = await stores.jobs.enqueue({ type: "a", payload: null }, T0);
    await stores.jobs.claim({ worker: "w1", now: T0, visibilityMs: 1000 });
    t.true(await stores.jobs.renew(id, "w1", { now: at(900), visibilityMs: 1000 }));
    t.true(await stores.jobs.renew(id, "w1", { now: at(900), visibilityMs: 1000 }));
    t.like(await stores.jobs.ofId(id), { status: "running", lockedBy: "w1", attempts: 1 });
    t.deepEqual((await stores.jobs.ofId(id))?.lockedUntil, at(1900));
    t.is(await stores.jobs.claim({ worker: "w2", now: at(1899), visibilityMs: 1000 }), undefined);
    t.false(await stores.jobs.renew(id, "w2", { now: at(1000), visibilityMs: 1000 }));
    // Past the renewed lock another worker takes the job; the first one's renewals no longer hold it.
    t.like(await stores.jobs.claim({ worker: "w2", now: at(1900), visibilityMs: 1000 }), { id, attempts: 2 });
    t.false(await stores.jobs.renew(id, "w1", { now: at(1901), visibilityMs: 1000 }));
    await stores.jobs.complete(id, "w2", at(1950));
    t.false(await stores.jobs.renew(id, "w2", { now: at(1960), visibilityMs: 1000 }));
    t.like(await stores.jobs.ofId(id), { status: "done", lockedBy: null });
  },
);
