import { connect } from "@apar/adapters/sql/connect";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import test from "ava";
import { createSqlLocation } from "../helpers/databases.js";
import { contractTest } from "./contract.js";
import { aClient, aCompany, aRejection, at, sortedIds } from "./fixtures.js";

contractTest("forwarding rejections: add then ofId, every field", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const rejection = aRejection(company.clientId, company.id, {
    reason: "AuthenticationFailed",
    authResult: "Fail",
    dkimResult: "Unknown",
    spfResult: "Pass",
    attachmentCount: 2_147_483_647,
    receivedAt: at(123),
  });
  await stores.forwardingRejections.add(rejection);
  t.deepEqual(await stores.forwardingRejections.ofId(company.clientId, rejection.id), rejection);
});

contractTest("forwarding rejections: null subject and summary round-trip as null", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const rejection = aRejection(company.clientId, company.id, {
    subject: null,
    attachmentSummary: null,
    attachmentCount: 0,
  });
  await stores.forwardingRejections.add(rejection);
  t.deepEqual(await stores.forwardingRejections.ofId(company.clientId, rejection.id), rejection);
  t.deepEqual(await stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 5), [rejection]);
});

contractTest("forwarding rejections: long subjects and non-ASCII text round-trip", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const rejection = aRejection(company.clientId, company.id, {
    subject: `Rechnung Nr. 7 – Ärger 🧾 ${"x".repeat(2000)}`,
    attachmentSummary: "rechnung-übersicht.pdf (application/pdf)",
  });
  await stores.forwardingRejections.add(rejection);
  t.deepEqual(await stores.forwardingRejections.ofId(company.clientId, rejection.id), rejection);
});

contractTest("forwarding rejections: another client's record is undefined", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const rejection = aRejection(company.clientId, company.id);
  await stores.forwardingRejections.add(rejection);
  t.is(await stores.forwardingRejections.ofId(aClient().id, rejection.id), undefined);
  t.deepEqual(await stores.forwardingRejections.newestOfCompany(aClient().id, company.id, 10), []);
  await t.throwsAsync(stores.forwardingRejections.add(rejection));
});

contractTest(
  "forwarding rejections: newestOfCompany is newest first, ties by id descending, limited",
  async (t, { stores }) => {
    const company = aCompany(aClient().id);
    const other = aCompany(company.clientId);
    const ids = sortedIds(5);
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    // Added out of order; b, c and d share one instant.
    const rows = [
      aRejection(company.clientId, company.id, { id: c, receivedAt: at(2000) }),
      aRejection(company.clientId, company.id, { id: a, receivedAt: at(3000) }),
      aRejection(company.clientId, company.id, { id: e, receivedAt: at(1000) }),
      aRejection(company.clientId, company.id, { id: b, receivedAt: at(2000) }),
      aRejection(company.clientId, company.id, { id: d, receivedAt: at(2000) }),
    ];
    for (const row of rows) await stores.forwardingRejections.add(row);
    await stores.forwardingRejections.add(aRejection(company.clientId, other.id, { receivedAt: at(9000) }));
    await stores.forwardingRejections.add(aRejection(aClient().id, company.id, { receivedAt: at(9000) }));
    const all = await stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 100);
    t.deepEqual(
      all.map((r) => r.id),
      [a, d, c, b, e],
    );
    const two = await stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 2);
    t.deepEqual(
      two.map((r) => r.id),
      [a, d],
    );
    t.deepEqual(two[0], rows[1]);
  },
);

contractTest("forwarding rejections: a millisecond apart still orders by time", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const [first, second] = sortedIds(2) as [string, string];
  // The later id arrived earlier: time decides, not id.
  await stores.forwardingRejections.add(aRejection(company.clientId, company.id, { id: second, receivedAt: at(1) }));
  await stores.forwardingRejections.add(aRejection(company.clientId, company.id, { id: first, receivedAt: at(2) }));
  const rows = await stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 10);
  t.deepEqual(
    rows.map((r) => r.id),
    [first, second],
  );
});

contractTest("forwarding rejections: a limit below 1 or not an integer throws", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await t.throwsAsync(stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 0));
  await t.throwsAsync(stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 1.5));
});

test("sql: forwarding rejections: an enum value the code does not know is a defect and throws", async (t) => {
  const location = await createSqlLocation();
  const database = await openSqlDatabase(location.options);
  const { sequelize, dialect } = await connect(location.options);
  try {
    await database.migrate();
    const company = aCompany(aClient().id);
    const good = aRejection(company.clientId, company.id);
    await database.stores.forwardingRejections.add(good);
    const session = new SqlSession(sequelize, dialect);
    for (const [column, value] of [
      ["reason", "Spam"],
      ["dkim_result", "pass"],
    ] as const) {
      const bad = aRejection(company.clientId, company.id);
      await database.stores.forwardingRejections.add(bad);
      await session.execute(`UPDATE forwarding_rejections SET ${column} = $1 WHERE id = $2`, [value, bad.id]);
      await t.throwsAsync(database.stores.forwardingRejections.ofId(company.clientId, bad.id), {
        message: new RegExp(`${column}.*${value}`),
      });
      await t.throwsAsync(database.stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 10));
      await session.execute("DELETE FROM forwarding_rejections WHERE id = $1", [bad.id]);
    }
    t.deepEqual(await database.stores.forwardingRejections.ofId(company.clientId, good.id), good);
  } finally {
    await sequelize.close();
    await database.close();
    await location.drop();
  }
});

contractTest("forwarding rejections: removeOfCompany deletes that company's records only", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const other = aCompany(company.clientId);
  for (let i = 0; i < 3; i += 1) await stores.forwardingRejections.add(aRejection(company.clientId, company.id));
  const kept = aRejection(company.clientId, other.id);
  const foreign = aRejection(aClient().id, company.id);
  await stores.forwardingRejections.add(kept);
  await stores.forwardingRejections.add(foreign);
  t.is(await stores.forwardingRejections.removeOfCompany(aClient().id, company.id), 0);
  t.is(await stores.forwardingRejections.removeOfCompany(company.clientId, company.id), 3);
  t.deepEqual(await stores.forwardingRejections.newestOfCompany(company.clientId, company.id, 10), []);
  t.deepEqual(await stores.forwardingRejections.newestOfCompany(company.clientId, other.id, 10), [kept]);
  t.deepEqual(await stores.forwardingRejections.ofId(foreign.clientId, foreign.id), foreign);
  t.is(await stores.forwardingRejections.removeOfCompany(company.clientId, company.id), 0);
});
