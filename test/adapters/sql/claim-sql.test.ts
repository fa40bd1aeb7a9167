import test from "ava";
import { openTestSqlDatabase } from "../../helpers/databases.js";

test("claim sends FOR UPDATE SKIP LOCKED on MySQL and takes the write lock first on SQLite", async (t) => {
  const sent: string[] = [];
  const database = await openTestSqlDatabase({ log: (sql) => sent.push(sql) });
  try {
    const now = new Date();
    await database.stores.jobs.enqueue({ type: "a", payload: null }, now);
    sent.length = 0;
    t.truthy(await database.stores.jobs.claim({ worker: "w", now, visibilityMs: 1000 }));
    const pick = sent.find((sql) => /SELECT .* FROM jobs/s.test(sql));
    t.truthy(pick, sent.join("\n"));
    if (database.dialect === "mysql") {
      // sequelize drops `skipLocked` on mysql without a word; the raw query must carry it.
      t.regex(pick ?? "", /FOR UPDATE SKIP LOCKED/);
      t.true(sent.some((sql) => /START TRANSACTION/.test(sql)));
    } else {
      t.is(database.dialect, "sqlite");
      const begin = sent.findIndex((sql) => /BEGIN IMMEDIATE/.test(sql));
      t.true(begin >= 0 && begin < sent.indexOf(pick ?? ""), sent.join("\n"));
    }
  } finally {
    await database.close();
  }
});
