import { setTimeout as sleep } from "node:timers/promises";
import test from "ava";
import { burst, hit, hits, startLimited, tally } from "./support/server.js";

// Serial. The real limiter counts over a 10 s window and a 20 s block (waiting out 60 s and 10 minutes is for no
// test suite). No assertion reads the clock: the tallies say whether a burst fitted in one window (a second
// window would serve 120 more), and each wait only ever lasts longer on a busy machine, which the block's
// margin over the window (10 s) absorbs. `until` waits; it asserts nothing.
const settings = { windowSeconds: 10, blockSeconds: 20 };

/** Sleeps until `ms` after `since`. */
const until = (since: number, ms: number) => sleep(Math.max(0, since + ms - Date.now()));

test.serial("601 requests in a window block the IP beyond the window, then it is served again", async (t) => {
  const s = await startLimited({ settings });
  t.teardown(() => s.close());
  const started = Date.now();
  // Rejected requests count: 120 served, 480 rejected, and the 601st sets off the block.
  t.deepEqual(tally(await burst(601, s.port, "/v1/things")), { 200: 120, 429: 481 });
  const blockedAt = Date.now();
  await until(started, 10_300);
  t.is((await hit(s.port, "/v1/things")).status, 429, "still rejected after the window ended");
  t.is((await hit(s.port, "/v1/nowhere")).status, 429, "every request of the IP");
  t.is((await hit(s.port, "/healthz")).status, 200);
  await until(blockedAt, 20_300);
  t.is((await hit(s.port, "/v1/things")).status, 200, "the block is over");
  t.is(s.handled(), 121);
});

test.serial("600 requests in a window do not block: the next window serves again", async (t) => {
  const s = await startLimited({ settings });
  t.teardown(() => s.close());
  const started = Date.now();
  t.deepEqual(tally(await burst(600, s.port, "/v1/things")), { 200: 120, 429: 480 });
  await until(started, 10_300);
  t.deepEqual(tally(await hits(120, s.port, "/v1/things")), { 200: 120 });
  t.is((await hit(s.port, "/v1/things")).status, 429);
});

test.serial(
  "smaller limits behave alike: over the per-IP limit is rejected, over the block threshold blocks",
  async (t) => {
    const s = await startLimited({ settings: { windowSeconds: 3, perIp: 2, blockAbove: 4, blockSeconds: 9 } });
    t.teardown(() => s.close());
    const started = Date.now();
    t.deepEqual(await hits(5, s.port, "/v1/things"), [200, 200, 429, 429, 429]);
    const blockedAt = Date.now();
    await until(started, 3_300);
    t.is((await hit(s.port, "/v1/things")).status, 429);
    await until(blockedAt, 9_300);
    t.deepEqual(await hits(3, s.port, "/v1/things"), [200, 200, 429]);
  },
);
