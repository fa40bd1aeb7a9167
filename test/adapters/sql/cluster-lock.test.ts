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
