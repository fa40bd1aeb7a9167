import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import test from "ava";
import { createSqlLocation, openTestSqlDatabase } from "../../helpers/databases.js";

const run = promisify(execFile);

// On a Galera cluster a DDL statement, even CREATE TABLE IF NOT EXISTS of a table that exists, runs on every node
// at once and aborts other nodes' statements on that table: a start with nothing to migrate, and a readiness
// probe, send none.
test("ready() is false before migrate and true after; a second migrate and ready() send no DDL", async (t) => {
  const sent: string[] = [];
  const database = await openTestSqlDatabase({ migrate: false, log: (sql) => sent.push(sql) });
  try {
    t.false(await database.ready());
    await database.migrate();
    t.true(await database.ready());
    t.true(sent.some((sql) => /CREATE TABLE/i.test(sql)));
    sent.length = 0;
    await database.migrate();
    t.true(await database.ready());
    t.true(sent.length > 0, "the look at what is applied was sent");
    t.deepEqual(
      sent.filter((sql) => /\b(CREATE|ALTER|DROP)\b/i.test(sql)),
      [],
    );
  } finally {
    await database.close();
  }
});

test("ready() is false once the database is closed", async (t) => {
  const database = await openTestSqlDatabase();
  t.true(await database.ready());
  await database.close();
  t.false(await database.ready());
});

test("several processes migrating one fresh database at once all succeed", async (t) => {
  const location = await createSqlLocation();
  try {
    const child = fileURLToPath(new URL("./migrate-child.ts", import.meta.url));
    const env = { ...process.env, MIGRATE_OPTIONS: JSON.stringify(location.options) };
    const results = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, ["--conditions=source", "--import=tsx", child], { env })),
    );
    t.deepEqual(
      results.map((r) => r.stdout.trim()),
      ["ready", "ready", "ready"],
    );
    const database = await openSqlDatabase(location.options);
    t.true(await database.ready());
    await database.close();
  } finally {
    await location.drop();
  }
});
