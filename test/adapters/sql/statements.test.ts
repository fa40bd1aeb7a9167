import { connect } from "@apar/adapters/sql/connect";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import test from "ava";
import { UniqueConstraintError } from "sequelize";
import sqlite3 from "sqlite3";
import { createSqlLocation } from "../../helpers/databases.js";

/** A session on a fresh database with one scratch table, closed and dropped after `run`. */
const withSession = async (run: (session: SqlSession) => Promise<void>): Promise<void> => {
  const location = await createSqlLocation();
  const { sequelize, dialect } = await connect(location.options);
  try {
    const session = new SqlSession(sequelize, dialect);
    await session.execute(
      "CREATE TABLE scratch (id VARCHAR(36) PRIMARY KEY, n BIGINT NOT NULL, amount DECIMAL(19,4), at DATETIME(3))",
    );
    await run(session);
  } finally {
    await sequelize.close();
    await location.drop();
  }
};

test("$n binds in any order and repeated reach the right places, in and out of a transaction", async (t) => {
  await withSession(async (session) => {
    const sql = "SELECT $2 AS b, $1 AS a, $2 AS again";
    t.deepEqual(await session.select(sql, ["x", "y"]), [{ b: "y", a: "x", again: "y" }]);
    t.deepEqual(await session.write((tx) => tx.select(sql, ["p", "q"])), [{ b: "q", a: "p", again: "q" }]);
    // The same text again: its translation and prepared statement are reused, with the new values.
    t.deepEqual(await session.select(sql, ["1", "2"]), [{ b: "2", a: "1", again: "2" }]);
  });
});

test("execute answers the rows it changed; rows come back as the stores decode them", async (t) => {
  await withSession(async (session) => {
    const insert = "INSERT INTO scratch (id, n, amount, at) VALUES ($1, $2, $3, $4)";
    t.is(await session.execute(insert, ["a", 9_007_199_254_740_993n, "10.5", "2026-03-04 05:06:07.891"]), 1);
    t.is(await session.execute(insert, ["b", 2, null, null]), 1);
    t.is(await session.execute("UPDATE scratch SET n = n + 1 WHERE id IN ($1, $2)", ["b", "zz"]), 1);
    t.is(await session.execute("DELETE FROM scratch WHERE id = $1", ["zz"]), 0);
    const rows = await session.select<{ id: string; n: unknown; amount: unknown; at: unknown }>(
      "SELECT id, n, amount, at FROM scratch ORDER BY id",
    );
    const [a, b] = rows;
    // DECIMAL: mysql2's padded string, sqlite's number; DATETIME: UTC text; a BIGINT past 2^53 is exact text on MySQL.
    t.is(typeof b?.n, "number");
    t.is(b?.n, 3);
    t.deepEqual(
      [a?.amount, a?.at],
      session.dialect === "mysql" ? ["10.5000", "2026-03-04 05:06:07.891"] : [10.5, "2026-03-04 05:06:07.891"],
    );
    if (session.dialect === "mysql") t.is(a?.n, "9007199254740993");
    const [count] = await session.select<{ c: unknown }>("SELECT COUNT(*) AS c FROM scratch");
    t.is(count?.c, 2);
  });
});

test("a duplicate key is sequelize's UniqueConstraintError; a failed unit of work leaves nothing", async (t) => {
  await withSession(async (session) => {
    const insert = "INSERT INTO scratch (id, n) VALUES ($1, $2)";
    await session.execute(insert, ["a", 1]);
    await t.throwsAsync(session.execute(insert, ["a", 2]), { instanceOf: UniqueConstraintError });
    await t.throwsAsync(
      session.write(async (tx) => {
        await tx.execute(insert, ["b", 1]);
        await tx.execute(insert, ["a", 1]);
      }),
      { instanceOf: UniqueConstraintError },
    );
    t.deepEqual(await session.select("SELECT id FROM scratch"), [{ id: "a" }]);
  });
});

test("close lets statements in flight finish, refuses one asked for after it, and the database closes", async (t) => {
  const location = await createSqlLocation();
  t.teardown(() => location.drop());
  const { sequelize, dialect } = await connect(location.options);
  const session = new SqlSession(sequelize, dialect);
  // The shared connection (SQLite) or the pool (MySQL) opens on the first statement.
  t.deepEqual(await session.select("SELECT $1 AS n", [0]), [{ n: 0 }]);
  // Many selects at once over several SQL texts (several prepared statements), all sent before close begins.
  const texts = Array.from({ length: 8 }, (_, i) => `SELECT $1 AS n, ${i} AS text`);
  const count = 200;
  const inFlight = Array.from({ length: count }, (_, i) => session.select(texts[i % texts.length] ?? "", [i]));
  await new Promise((resolve) => setImmediate(resolve));
  const closing = sequelize.close();
  // A request still running as the database closes (its client gone, say) asks for more: a new text, a known one.
  const late = [session.select("SELECT $1 AS late", [1]), session.select(texts[0] ?? "", [1])];
  await t.notThrowsAsync(closing);
  const settled = await Promise.allSettled(inFlight);
  if (dialect === "sqlite") {
    // Each was already at its prepared statement, which close finalizes only after it.
    t.deepEqual(
      settled.map((s) => (s.status === "fulfilled" ? s.value[0]?.n : s.reason)),
      Array.from({ length: count }, (_, i) => i),
    );
  } else {
    // mysql2 fails a statement still waiting for one of its pool's connections when the pool ends ("Pool is closed").
    for (const s of settled) if (s.status === "rejected") t.regex(String(s.reason), /closed/);
  }
  for (const refused of await Promise.allSettled(late)) {
    t.is(refused.status, "rejected");
    if (refused.status === "rejected") t.regex(String(refused.reason), /closed/);
  }
});

test("a statement already prepared waits out another process's write lock (SQLite), then runs", async (t) => {
  const location = await createSqlLocation();
  // The statement path logs each statement just before it hands it to the driver.
  let sent = (_sql: string) => {};
  const { sequelize, dialect } = await connect({ ...location.options, log: (sql) => sent(sql) });
  try {
    if (dialect !== "sqlite" || location.options.sqliteFile === undefined) {
      t.pass("MySQL/MariaDB take row locks: no SQLITE_BUSY");
      return;
    }
    const session = new SqlSession(sequelize, dialect);
    await session.execute("CREATE TABLE scratch (id VARCHAR(36) PRIMARY KEY, n BIGINT NOT NULL)");
    const insert = "INSERT INTO scratch (id, n) VALUES ($1, $2)";
    t.is(await session.execute(insert, ["a", 1]), 1); // prepared now: the next run of it takes the fast path
    // node-sqlite3 waits up to a second inside SQLite by default; without that wait SQLITE_BUSY comes back at once.
    await session.select("PRAGMA busy_timeout = 0");
    // Another process's writer: its IMMEDIATE transaction holds the write lock; ours is refused with SQLITE_BUSY
    // until it commits, and is tried again.
    const other = new sqlite3.Database(location.options.sqliteFile);
    const exec = (sql: string) =>
      new Promise<void>((resolve, reject) => other.exec(sql, (e) => (e ? reject(e) : resolve())));
    await exec("BEGIN IMMEDIATE");
    const handedOn = new Promise<void>((resolve) => {
      sent = (sql) => {
        if (sql.includes("INSERT INTO scratch")) resolve();
      };
    });
    const waiting = session.execute(insert, ["b", 2]);
    // Our insert is in the driver's queue before the other writer's next statement: it meets the lock.
    await handedOn;
    await exec("SELECT 1");
    await exec("COMMIT");
    t.is(await waiting, 1);
    await new Promise<void>((resolve) => other.close(() => resolve()));
    t.deepEqual(await session.select("SELECT id, n FROM scratch ORDER BY id"), [
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ]);
  } finally {
    await sequelize.close();
    await location.drop();
  }
});
