import { connect } from "@apar/adapters/sql/connect";
import { decodeDecimal, decodeOptionalDecimal } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import test from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

test("decodeDecimal answers the same string for mysql2's padded strings and sqlite's numbers", (t) => {
  t.is(decodeDecimal("10.5000", 4), "10.5000");
  t.is(decodeDecimal(10.5, 4), "10.5000");
  t.is(decodeDecimal("10.5000"), "10.5");
  t.is(decodeDecimal(10.5), "10.5");
  t.is(decodeDecimal(0, 2), "0.00");
  t.is(decodeDecimal("-0.0000", 2), "0.00");
  t.is(decodeDecimal(-0.0001, 4), "-0.0001");
  t.is(decodeDecimal(1e21), "1000000000000000000000");
  t.is(decodeDecimal(12n), "12");
  // Leading zeros go; digits past the scale are rounded (half up), as decimal.js did for every value.
  t.is(decodeDecimal("007.50"), "7.5");
  t.is(decodeDecimal("10.12345", 4), "10.1235");
  t.is(decodeDecimal(2.5, 0), "3");
  t.is(decodeDecimal("12", 2), "12.00");
  t.is(decodeOptionalDecimal(null), null);
  t.throws(() => decodeDecimal("abc"));
  t.throws(() => decodeDecimal(Number.NaN));
  t.throws(() => decodeDecimal(undefined));
});

test("a DECIMAL(19,4) column reads back to the same decimal strings on this dialect", async (t) => {
  const location = await createSqlLocation();
  const { sequelize, dialect } = await connect(location.options);
  const session = new SqlSession(sequelize, dialect);
  const values = ["10.5", "0.0001", "-1234.5678", "99999999999.9999", "0", "1234567890.12"];
  try {
    // A scratch table in a throwaway database: no money columns exist yet.
    await session.execute("CREATE TABLE money_check (id INTEGER PRIMARY KEY, amount DECIMAL(19,4) NOT NULL)");
    for (const [i, value] of values.entries()) {
      await session.execute("INSERT INTO money_check (id, amount) VALUES ($1, $2)", [i, value]);
    }
    const rows = await session.select<{ amount: unknown }>("SELECT amount FROM money_check ORDER BY id");
    t.is(typeof rows[0]?.amount, dialect === "mysql" ? "string" : "number");
    t.deepEqual(
      rows.map((row) => decodeDecimal(row.amount, 4)),
      values.map((value) => decodeDecimal(value, 4)),
    );
    t.deepEqual(
      rows.map((row) => decodeDecimal(row.amount)),
      ["10.5", "0.0001", "-1234.5678", "99999999999.9999", "0", "1234567890.12"],
    );
  } finally {
    await sequelize.close();
    await location.drop();
  }
});
