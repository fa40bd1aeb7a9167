import { openSqlDatabase } from "@apar/adapters/sql/index";
import { writesKeyTables } from "@apar/adapters/sql/sql-session";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createApiKey, createClient, createOrganisation } from "@apar/core/app";
import type { Database } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { createSqlLocation } from "../../helpers/databases.js";

// The database tells the key caches (afterKeyWrite) after a write to a table that decides whether an API key is
// valid or what it may do has committed: once a transaction, never for one rolled back, never for a key's touch.

const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

/** A fresh database whose afterKeyWrite records, at each call, whether the key named by `watch` reads revoked. */
const open = async () => {
  const location = await createSqlLocation();
  const told: { revokedSeen: boolean | undefined }[] = [];
  let watch: string | undefined;
  let database: Database | undefined;
  database = await openSqlDatabase({
    ...location.options,
    afterKeyWrite: async () => {
      const key = watch === undefined ? undefined : await database?.stores.apiKeys.ofId(watch);
      told.push({ revokedSeen: key === undefined ? undefined : key.revokedAt !== null });
    },
  });
  await database.migrate();
  const deps = { db: database, clock: systemClock, ids: randomIds(systemClock), randomBytes: secureRandomBytes };
  const client = orThrow(await createClient(deps)({ name: "Client" })());
  const organisation = orThrow(await createOrganisation(deps)({ clientId: client.id, name: "Org" })());
  const key = orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] } })());
  told.length = 0;
  watch = key.apiKey.id;
  const db = database;
  return {
    db,
    told,
    client,
    organisation,
    key,
    close: async () => {
      await db.close();
      await location.drop();
    },
  };
};

test("a key revoked outside a transaction is told once it has run, the revocation visible then", async (t) => {
  const s = await open();
  t.teardown(s.close);
  await s.db.stores.apiKeys.revoke(s.key.apiKey.id, new Date());
  t.deepEqual(s.told, [{ revokedSeen: true }]);
});

test("a key's touch (its last use) tells nothing", async (t) => {
  const s = await open();
  t.teardown(s.close);
  await s.db.stores.apiKeys.touch(s.key.apiKey.id, new Date());
  t.deepEqual(s.told, []);
});

test("a unit of work writing key tables tells once, after its commit", async (t) => {
  const s = await open();
  t.teardown(s.close);
  await s.db.run(async (stores) => {
    await stores.apiKeys.revoke(s.key.apiKey.id, new Date());
    await stores.clients.update({ ...s.client, name: "Renamed" });
    await stores.organisations.update({ ...s.organisation, name: "Renamed too" });
    t.deepEqual(s.told, [], "nothing told before the commit");
  });
  t.deepEqual(s.told, [{ revokedSeen: true }]);
});

test("a unit of work rolled back tells nothing, and its write is not kept", async (t) => {
  const s = await open();
  t.teardown(s.close);
  await t.throwsAsync(
    s.db.run(async (stores) => {
      await stores.apiKeys.revoke(s.key.apiKey.id, new Date());
      throw new Error("changed my mind");
    }),
    { message: "changed my mind" },
  );
  t.deepEqual(s.told, []);
  t.is((await s.db.stores.apiKeys.ofId(s.key.apiKey.id))?.revokedAt, null);
});

test("a unit of work writing other tables tells nothing", async (t) => {
  const s = await open();
  t.teardown(s.close);
  const deps = { db: s.db, clock: systemClock, ids: randomIds(systemClock), randomBytes: secureRandomBytes };
  // A new key writes api_keys and api_key_clients: told; then a job, which is no key table: not told.
  orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [s.client.id] } })());
  t.is(s.told.length, 1);
  await s.db.stores.jobs.enqueue({ type: "a", payload: null }, new Date());
  t.is(s.told.length, 1);
});

test("which statements write key tables", (t) => {
  for (const sql of [
    "INSERT INTO api_keys (id) VALUES ($1)",
    "INSERT INTO api_key_clients (client_id, api_key_id) VALUES ($1, $2)",
    "UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
    "UPDATE clients SET name = $1 WHERE id = $2",
    "  update organisations set name = $1 where id = $2",
    "DELETE FROM api_key_clients WHERE api_key_id = $1",
    "REPLACE INTO clients (id) VALUES ($1)",
  ])
    t.true(writesKeyTables(sql), sql);
  for (const sql of [
    "UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $1)",
    "INSERT INTO bills (id, client_id) VALUES ($1, $2)",
    "UPDATE jobs SET state = 'done' WHERE id = $1",
    "SELECT id FROM organisations WHERE id = $1 FOR UPDATE",
  ])
    t.false(writesKeyTables(sql), sql);
  // A touch that also sets anything else is a write like any other.
  t.true(writesKeyTables("UPDATE api_keys SET revoked_at = $2, last_used_at = $1 WHERE id = $3"));
});
