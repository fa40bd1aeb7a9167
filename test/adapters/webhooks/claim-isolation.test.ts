import { connect } from "@apar/adapters/sql/connect";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import test from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

// The claim of deliveries runs READ COMMITTED on MySQL/MariaDB (stores/webhook-deliveries.ts): the isolation of
// that one transaction, never of the pooled connection it ran on.
const location = await createSqlLocation();
test.after.always(() => location.drop());

let probes = 0;

/**
 * How the transaction `tx` is in reads, and its connection's id: it counts the probe rows, a row is inserted and
 * committed outside it, and it counts again. READ COMMITTED sees the new row; REPEATABLE READ keeps its snapshot.
 * (information_schema.INNODB_TRX would tell the level too, but it is a cache refreshed every 100 ms.)
 */
const levelOf =
  (outside: SqlSession) =>
  async (tx: SqlSession): Promise<{ level: string; connection: number }> => {
    const count = async () =>
      Number((await tx.select<{ n: unknown }>("SELECT COUNT(*) AS n FROM isolation_probe"))[0]?.n);
    const before = await count();
    probes += 1;
    await outside.execute("INSERT INTO isolation_probe VALUES ($1)", [probes]);
    const after = await count();
    const [row] = await tx.select<{ connection: unknown }>("SELECT CONNECTION_ID() AS connection");
    return { level: after > before ? "READ COMMITTED" : "REPEATABLE READ", connection: Number(row?.connection) };
  };

if (location.name === "mysql") {
  test("a read-committed write is READ COMMITTED; the next transaction on its connection is REPEATABLE READ", async (t) => {
    const { sequelize } = await connect({ url: location.options.url });
    t.teardown(() => sequelize.close());
    const session = new SqlSession(sequelize, "mysql");
    await session.execute("CREATE TABLE isolation_probe (id INT PRIMARY KEY)");
    const levelIn = levelOf(session);

    const claim = await session.write(levelIn, "read committed");
    t.is(claim.level, "READ COMMITTED");
    const after: { level: string; connection: number }[] = [];
    for (let i = 0; i < 10; i += 1) after.push(await session.write(levelIn));
    t.true(
      after.some((a) => a.connection === claim.connection),
      "a later transaction ran on the claim's connection",
    );
    t.deepEqual(
      after.map((a) => a.level),
      after.map(() => "REPEATABLE READ"),
    );
    // An outer transaction keeps its own level: the option applies to a transaction the write opens.
    const nested = await session.write((tx) => tx.write(levelIn, "read committed"));
    t.is(nested.level, "REPEATABLE READ");
  });
} else {
  test("on SQLite a read-committed write is a transaction as any other: it commits, and rolls back on error", async (t) => {
    const { sequelize } = await connect({ sqliteFile: location.options.sqliteFile });
    t.teardown(() => sequelize.close());
    const session = new SqlSession(sequelize, "sqlite");
    await session.execute("CREATE TABLE isolation_probe (id INT PRIMARY KEY)");
    await session.write((tx) => tx.execute("INSERT INTO isolation_probe VALUES ($1)", [1]), "read committed");
    await t.throwsAsync(
      session.write(async (tx) => {
        await tx.execute("INSERT INTO isolation_probe VALUES ($1)", [2]);
        throw new Error("rolled back");
      }, "read committed"),
    );
    t.deepEqual(await session.select("SELECT id FROM isolation_probe ORDER BY id"), [{ id: 1 }]);
  });
}
