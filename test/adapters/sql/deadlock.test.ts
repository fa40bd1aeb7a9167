import { connect } from "@apar/adapters/sql/connect";
import { isDeadlock, openSqlDatabase, retryDeadlocks } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import { sqlJobs } from "@apar/adapters/sql/stores/jobs";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import test from "ava";
import { DatabaseError, type Sequelize } from "sequelize";
import { createSqlLocation, type SqlLocation } from "../../helpers/databases.js";
import { startBillHarness } from "../../http/bills/bill-harness.js";
import { send } from "../../http/support/client.js";

const T0 = new Date("2026-03-04T05:06:07.891Z");

/** mysql2's error for a deadlock victim, wrapped by sequelize as it reaches a store. */
const deadlockShape = (): Error => {
  const driver = Object.assign(new Error("Deadlock found when trying to get lock; try restarting transaction"), {
    code: "ER_LOCK_DEADLOCK",
    errno: 1213,
    sqlState: "40001",
    sql: "UPDATE jobs SET ...",
    parameters: {},
  });
  return new DatabaseError(driver);
};

/**
 * A real deadlock on MySQL/MariaDB: two transactions each lock one row, then ask for the other's; InnoDB
 * rolls one back. Answers the victim's error as sequelize raises it.
 */
const realDeadlock = async (sequelize: Sequelize): Promise<unknown> => {
  await sequelize.query("CREATE TABLE deadlock_probe (id INT PRIMARY KEY, v INT)");
  await sequelize.query("INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)");
  const a = await sequelize.transaction();
  const b = await sequelize.transaction();
  const update = (tx: typeof a, id: number) =>
    sequelize.query(`UPDATE deadlock_probe SET v = v + 1 WHERE id = ${id}`, { transaction: tx });
  await update(a, 1);
  await update(b, 2);
  const results = await Promise.allSettled([update(a, 2), update(b, 1)]);
  await Promise.allSettled([a.rollback(), b.rollback()]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  return failed?.reason;
};

test("isDeadlock knows mysql2's deadlock, bare and wrapped by sequelize, and nothing else", (t) => {
  const shape = deadlockShape();
  t.true(isDeadlock(shape));
  t.true(isDeadlock((shape as DatabaseError).parent));
  t.false(
    isDeadlock(
      new DatabaseError(
        Object.assign(new Error("Lock wait timeout"), { code: "ER_LOCK_WAIT_TIMEOUT", errno: 1205 }) as never,
      ),
    ),
  );
  t.false(isDeadlock(Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" })));
  t.false(isDeadlock(undefined));
  const loop: { parent?: unknown } = {};
  loop.parent = loop;
  t.false(isDeadlock(loop));
});

test("retryDeadlocks runs a deadlock victim again and reports each retry; other errors go through at once", async (t) => {
  const retries: [string, number][] = [];
  let calls = 0;
  const answer = await retryDeadlocks(
    "jobs.claim",
    async () => {
      calls += 1;
      if (calls < 3) throw deadlockShape();
      return "claimed";
    },
    (operation, attempt) => retries.push([operation, attempt]),
  );
  t.is(answer, "claimed");
  t.deepEqual(retries, [
    ["jobs.claim", 2],
    ["jobs.claim", 3],
  ]);

  calls = 0;
  await t.throwsAsync(
    retryDeadlocks(
      "jobs.claim",
      async () => {
        calls += 1;
        throw new Error("disk full");
      },
      () => t.fail("not a deadlock"),
    ),
    { message: "disk full" },
  );
  t.is(calls, 1);

  calls = 0;
  const error = await t.throwsAsync(
    retryDeadlocks(
      "jobs.claim",
      async () => {
        calls += 1;
        throw deadlockShape();
      },
      () => {},
    ),
  );
  t.true(isDeadlock(error));
  t.is(calls, 5);
});

/** A migrated database at a fresh location, and a second sequelize on it that the test can interfere with. */
const withDatabase = async (
  run: (location: SqlLocation, sequelize: Sequelize, dialect: "sqlite" | "mysql") => Promise<void>,
): Promise<void> => {
  const location = await createSqlLocation();
  const database = await openSqlDatabase(location.options);
  const { sequelize, dialect } = await connect(location.options);
  try {
    await database.migrate();
    await run(location, sequelize, dialect);
  } finally {
    await sequelize.close();
    await database.close();
    await location.drop();
  }
};

test("a claim chosen as a deadlock victim is run again from the start, counted, and claims its job once", async (t) => {
  await withDatabase(async (_location, sequelize, dialect) => {
    // On MySQL the error is a real deadlock's; SQLite has no deadlocks, so it gets mysql2's shape.
    const victim = dialect === "mysql" ? await realDeadlock(sequelize) : deadlockShape();
    t.true(isDeadlock(victim), String(victim));
    let injected = false;
    // The first statement on the jobs table fails as a deadlock victim; the transaction is rolled back for real.
    class Faulty extends SqlSession {
      override select<R extends object = Record<string, unknown>>(sql: string, bind: readonly unknown[] = []) {
        if (!injected && /FROM jobs/.test(sql)) {
          injected = true;
          return Promise.reject(victim);
        }
        return super.select<R>(sql, bind);
      }
    }
    const retries: string[] = [];
    const ids = randomIds(systemClock);
    const newId = () => ids.next();
    const jobs = sqlJobs(new Faulty(sequelize, dialect, null, { onDeadlockRetry: (op) => retries.push(op) }), newId);
    const id = await jobs.enqueue({ type: "a", payload: 1 }, T0);
    const claimed = await jobs.claim({ worker: "w1", now: T0, visibilityMs: 60_000 });
    t.true(injected);
    t.deepEqual(retries, ["jobs.claim"]);
    t.like(claimed, { id, status: "running", attempts: 1, lockedBy: "w1" });
    t.like(await jobs.ofId(id), { status: "running", attempts: 1 });
    t.is(await jobs.claim({ worker: "w2", now: T0, visibilityMs: 60_000 }), undefined);
  });
});

test("two enqueues of one new key that both looked it up before either inserts give one job, with no deadlock", async (t) => {
  await withDatabase(async (_location, sequelize, dialect) => {
    // Each session's first look-up of the key waits until the other's has run too; only then do they insert.
    let arrived = 0;
    let bothLooked: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      bothLooked = resolve;
    });
    class Together extends SqlSession {
      override async select<R extends object = Record<string, unknown>>(sql: string, bind: readonly unknown[] = []) {
        const rows = await super.select<R>(sql, bind);
        if (/WHERE dedupe_key/.test(sql) && arrived < 2) {
          arrived += 1;
          if (arrived === 2) bothLooked();
          await together;
        }
        return rows;
      }
    }
    const retries: string[] = [];
    const ids = randomIds(systemClock);
    const newId = () => ids.next();
    const session = () => new Together(sequelize, dialect, null, { onDeadlockRetry: (op) => retries.push(op) });
    // SQLite runs its writers one at a time, so there the second look-up only comes after the first insert.
    if (dialect === "sqlite") bothLooked();
    const [a, b] = await Promise.all([
      sqlJobs(session(), newId).enqueue({ type: "a", payload: 1, key: "once" }, T0),
      sqlJobs(session(), newId).enqueue({ type: "a", payload: 2, key: "once" }, T0),
    ]);
    t.is(a, b);
    t.deepEqual(retries, []);
    // Whichever inserted first holds the key.
    t.like(await sqlJobs(new SqlSession(sequelize, dialect), newId).ofId(a), { key: "once", status: "ready" });
  });
});

test("the host counts deadlock retries in /metrics", async (t) => {
  const h = await startBillHarness();
  t.teardown(() => h.dispose());
  const metrics = await send(h.app.port ?? 0, { method: "GET", path: "/metrics" });
  t.is(metrics.status, 200);
  t.regex(metrics.text, /# TYPE apar_db_deadlock_retries_total counter/);
});

test("enqueues of shared keys racing claims and completions on several connections all succeed", async (t) => {
  const location = await createSqlLocation();
  const retries: string[] = [];
  const handles = await Promise.all(
    Array.from({ length: 8 }, () =>
      openSqlDatabase({ ...location.options, onDeadlockRetry: (operation) => retries.push(operation) }),
    ),
  );
  try {
    await handles[0]?.migrate();
    const failures: unknown[] = [];
    const ids = new Set<string>();
    // Eight lanes enqueue the same 14 keys at once; a locking read of a key before its insert made them deadlock.
    const lane = async (i: number) => {
      const jobs = handles[i]?.stores.jobs;
      if (jobs === undefined) throw new Error("no handle");
      for (let n = 0; n < 60; n += 1) {
        try {
          ids.add(await jobs.enqueue({ type: "a", payload: n, key: `k${n % 7}-${i % 2}` }, new Date()));
          const job = await jobs.claim({ worker: `w${i}`, now: new Date(), visibilityMs: 1 });
          if (job !== undefined && n % 2 === 0) await jobs.complete(job.id, `w${i}`, new Date());
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await Promise.all(handles.map((_, i) => lane(i)));
    t.deepEqual(failures, []);
    for (const id of ids) t.not(await handles[0]?.stores.jobs.ofId(id), undefined);
    // One job for each of the 14 keys, however the enqueues raced.
    t.is(ids.size, 14);
    t.log(`${retries.length} operations run again after a deadlock (${[...new Set(retries)].join(", ")})`);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
    await location.drop();
  }
});
