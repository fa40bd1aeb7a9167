import type { Database } from "@apar/core/ports";
import test from "ava";
import { testDatabases } from "../helpers/databases.js";
import { contractTest } from "./contract.js";
import { aClient, anAuthCode, at } from "./fixtures.js";

contractTest("auth codes: consume answers the code once, marked used at that time", async (t, { stores }) => {
  const code = anAuthCode(aClient().id);
  await stores.authCodes.add(code);
  t.deepEqual(await stores.authCodes.consume(code.codeHash, at(1000)), { ...code, usedAt: at(1000) });
  t.is(await stores.authCodes.consume(code.codeHash, at(1001)), undefined);
});

contractTest("auth codes: an unknown code answers undefined", async (t, { stores }) => {
  await stores.authCodes.add(anAuthCode(aClient().id));
  t.is(await stores.authCodes.consume(anAuthCode(aClient().id).codeHash, at(1)), undefined);
});

contractTest("auth codes: an expired code answers undefined, up to the last millisecond", async (t, { stores }) => {
  const code = anAuthCode(aClient().id, { expiresAt: at(60_000) });
  await stores.authCodes.add(code);
  t.is(await stores.authCodes.consume(code.codeHash, at(60_000)), undefined);
  t.is(await stores.authCodes.consume(code.codeHash, at(60_001)), undefined);
  const fresh = anAuthCode(aClient().id, { expiresAt: at(60_000) });
  await stores.authCodes.add(fresh);
  t.deepEqual((await stores.authCodes.consume(fresh.codeHash, at(59_999)))?.usedAt, at(59_999));
});

contractTest("auth codes: a code added as used cannot be consumed", async (t, { stores }) => {
  const code = anAuthCode(aClient().id, { usedAt: at(5) });
  await stores.authCodes.add(code);
  t.is(await stores.authCodes.consume(code.codeHash, at(10)), undefined);
});

contractTest("auth codes: a second add with the same hash throws", async (t, { stores }) => {
  const code = anAuthCode(aClient().id);
  await stores.authCodes.add(code);
  await t.throwsAsync(stores.authCodes.add({ ...code, userId: anAuthCode(code.clientId).userId }));
});

contractTest("auth codes: a consume inside a rolled-back unit of work leaves the code usable", async (t, database) => {
  const code = anAuthCode(aClient().id);
  await database.stores.authCodes.add(code);
  await t.throwsAsync(
    database.run(async (stores) => {
      t.truthy(await stores.authCodes.consume(code.codeHash, at(1)));
      throw new Error("roll back");
    }),
    { message: "roll back" },
  );
  t.truthy(await database.stores.authCodes.consume(code.codeHash, at(2)));
});

const CONSUMERS = 8;

for (const kind of testDatabases()) {
  test(`${kind.name}: auth codes: of concurrent consumers on separate connections exactly one wins`, async (t) => {
    const handles = await kind.openMany(CONSUMERS);
    try {
      const first = handles[0] as Database;
      for (let round = 0; round < 5; round += 1) {
        const code = anAuthCode(aClient().id);
        await first.stores.authCodes.add(code);
        const results = await Promise.all(
          handles.map((handle, i) => handle.stores.authCodes.consume(code.codeHash, at(1000 + i))),
        );
        const winners = results.filter((r) => r !== undefined);
        t.is(winners.length, 1);
        t.is(winners[0]?.codeHash, code.codeHash);
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
}
