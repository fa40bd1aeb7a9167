import { createScheduler } from "@apar/adapters/scheduler/index";
import test from "ava";

const quiet = { info: () => undefined, error: () => undefined };

test("a tick runs every duty, survives a failing one and answers how many jobs were enqueued", async (t) => {
  const ran: string[] = [];
  const errors: object[] = [];
  const scheduler = createScheduler({
    duties: [
      {
        name: "a",
        run: async () => {
          ran.push("a");
          return 2;
        },
      },
      {
        name: "broken",
        run: async () => {
          throw new Error("database away");
        },
      },
      {
        name: "b",
        run: async () => {
          ran.push("b");
          return 0;
        },
      },
    ],
    logger: { ...quiet, error: (obj) => errors.push(obj) },
  });
  t.is(await scheduler.tick(), 2);
  t.deepEqual(ran, ["a", "b"]);
  t.like(errors[0], { duty: "broken" });
});

test("ticks do not overlap in one process: a tick while one runs joins it", async (t) => {
  let runs = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const scheduler = createScheduler({
    duties: [
      {
        name: "slow",
        run: async () => {
          runs += 1;
          await gate;
          return 1;
        },
      },
    ],
    logger: quiet,
  });
  const first = scheduler.tick();
  const second = scheduler.tick();
  release();
  t.deepEqual(await Promise.all([first, second]), [1, 1]);
  t.is(runs, 1);
  await scheduler.tick();
  t.is(runs, 2);
});

test("start and stop: stop waits for the running tick; a bad cron expression is refused", async (t) => {
  const scheduler = createScheduler({ duties: [], logger: quiet });
  scheduler.start();
  scheduler.start();
  await scheduler.stop();
  await scheduler.stop();
  t.throws(() => createScheduler({ duties: [], logger: quiet, cronExpression: "every minute" }), {
    message: /cron expression/,
  });
});
