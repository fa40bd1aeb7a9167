import { connect, serversOf } from "@apar/adapters/sql/connect";
import { CLUSTER_LEASE_SECONDS, clusterLock } from "@apar/adapters/sql/database-lock";
import test from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

// The lock a Galera cluster's processes share (GET_LOCK holds on one node only): a row of apar_locks with a lease.
// The row is plain SQL, so it is tested on the MariaDB of the suites; the cluster test runs it on Galera.

const mysql = /^(mysql|mariadb):\/\//i.test(process.env.APAR_TEST_DATABASE_URL ?? "");

test("a database URL may name several servers of a cluster, each with its port", (t) => {
  t.deepEqual(serversOf("mysql://apar:s%40cret@db1:3307,db2,10.0.0.3:3308/apar?ssl=true"), {
    servers: [
      { host: "db1", port: 3307 },
      { host: "db2", port: 3306 },
      { host: "10.0.0.3", port: 3308 },
    ],
    database: "apar",
    username: "apar",
    password: "s@cret",
    query: { ssl: "true" },
  });
  t.deepEqual(serversOf("mysql://root@127.0.0.1:3306/").servers, [{ host: "127.0.0.1", port: 3306 }]);
  t.throws(() => serversOf("postgres://x@y/z"));
});

(mysql ? test : test.skip)(
  "the cluster lock lets one holder in at a time, and a lease that ran out is taken over",
  async (t) => {
    const location = await createSqlLocation();
    const connection = await connect({ url: location.options.url });
    t.teardown(async () => {
      await connection.sequelize.close();
      await location.drop();
    });
    const lock = clusterLock(connection.sequelize, 60_000);
    const order: string[] = [];
    const hold = (who: string) =>
      lock("migrate", async () => {
        order.push(`${who} in`);
        await new Promise((r) => setTimeout(r, 50));
        order.push(`${who} out`);
      });
    await Promise.all([hold("a"), hold("b"), hold("c")]);
    t.is(order.length, 6);
    for (let i = 0; i < 6; i += 2)
      t.is(order[i]?.replace(" in", " out"), order[i + 1], `one holder at a time: ${order}`);
    const rows = (await connection.sequelize.query("SELECT COUNT(*) AS n FROM apar_locks", { type: "SELECT" })) as {
      n: number;
    }[];
    t.is(Number(rows[0]?.n), 0, "released");

    // A holder that died left its row: once its lease has run out, the next one takes the lock.
    await connection.sequelize.query(
      "INSERT INTO apar_locks (name, holder, expires_at) VALUES ('first-start', 'dead', NOW(3) - INTERVAL 1 SECOND)",
    );
    t.is(await lock("first-start", async () => "taken"), "taken");
    // A live holder's row (its lease still running) keeps the lock: the waiter gives up at its time-out.
    await connection.sequelize.query(
      `INSERT INTO apar_locks (name, holder, expires_at) VALUES ('busy', 'alive', NOW(3) + INTERVAL ${CLUSTER_LEASE_SECONDS} SECOND)`,
    );
    await t.throwsAsync(
      clusterLock(connection.sequelize, 300)("busy", async () => "never"),
      {
        message: /not acquired within 300 ms/,
      },
    );
  },
);

// A DDL statement on a Galera cluster runs on every node and aborts the statements other nodes are running on that
// table as deadlock victims: a holder's DELETE of its row failed so when another process, starting, sent
// CREATE TABLE IF NOT EXISTS apar_locks. The table is created only by a process that finds it missing.
(mysql ? test : test.skip)(
  "a process that finds apar_locks there sends no DDL to take and release a lock",
  async (t) => {
    const location = await createSqlLocation();
    const first = await connect({ url: location.options.url });
    const sent: string[] = [];
    const second = await connect({ url: location.options.url, log: (sql) => sent.push(sql) });
    t.teardown(async () => {
      await first.sequelize.close();
      await second.sequelize.close();
      await location.drop();
    });
    t.is(await clusterLock(first.sequelize, 60_000)("migrate", async () => "made"), "made");
    t.is(await clusterLock(second.sequelize, 60_000)("migrate", async () => "once"), "once");
    t.is(await clusterLock(second.sequelize, 60_000)("first-start", async () => "twice"), "twice");
    t.true(
      sent.some((sql) => /INSERT INTO apar_locks/.test(sql)),
      "the lock was taken with this connection",
    );
    t.true(
      sent.some((sql) => /DELETE FROM apar_locks/.test(sql)),
      "and released",
    );
    t.deepEqual(
      sent.filter((sql) => /\b(CREATE|ALTER|DROP)\b/i.test(sql)),
      [],
    );
    t.is(sent.filter((sql) => /information_schema/.test(sql)).length, 1, "looked for once per connection pool");
  },
);
