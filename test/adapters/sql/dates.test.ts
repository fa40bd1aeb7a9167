import { connect } from "@apar/adapters/sql/connect";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import test from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

// A local zone far from UTC with a non-hour offset: instants must not move with it.
process.env.TZ = "Asia/Kathmandu";

test("instants are stored as UTC text and read back exact to the millisecond", async (t) => {
  t.is(new Date("2026-01-01T00:00:00.000Z").getTimezoneOffset(), -345);
  const location = await createSqlLocation();
  const database = await openSqlDatabase(location.options);
  const { sequelize, dialect } = await connect(location.options);
  try {
    await database.migrate();
    const createdAt = new Date("2026-07-08T23:59:59.999Z");
    const client = { id: "01900000-0000-7000-8000-000000000001", name: "c", type: "Live" as const, modules: [] };
    await database.stores.clients.add({ ...client, createdAt });
    t.deepEqual((await database.stores.clients.ofId(client.id))?.createdAt, createdAt);
    const session = new SqlSession(sequelize, dialect);
    const [row] = await session.select<{ text: string }>("SELECT CAST(created_at AS CHAR) AS text FROM clients");
    t.is(row?.text, "2026-07-08 23:59:59.999");
    if (dialect === "mysql") {
      const [zone] = await session.select<{ zone: string }>("SELECT @@session.time_zone AS zone");
      t.is(zone?.zone, "+00:00");
    }
  } finally {
    await sequelize.close();
    await database.close();
    await location.drop();
  }
});
