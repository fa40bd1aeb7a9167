import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import test from "ava";
import { keyCacheStampFile } from "../../../host/src/key-cache-wiring.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { codeOf, type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "./harness.js";

// APAR_KEY_CACHE: a key this process verified is held (with the client and organisation read with it) until a
// table that decides keys is written; a write through apar drops it at once, a rolled-back one does not.
// On MySQL runs `on` (auto needs REDIS_URL there): this process and the stamp file of its host.

let h: Harness;
let off: Harness;
test.before(async () => {
  h = await startHarness({ vars: { APAR_KEY_CACHE: "on" } });
  off = await startHarness({ vars: { APAR_KEY_CACHE: "off" } });
});
test.after.always(async () => {
  await h?.dispose();
  await off?.dispose();
});

const cacheOf = async (harness: Harness) => (await harness.app.container.getAsync(TOKENS.KeyCacheBus)).cache;

/** Revokes a key through a database handle of its own: no cache of apar's hears of it. */
const revokeBehindApar = async (harness: Harness, id: string) => {
  const url = harness.env.env.DATABASE_URL;
  const other = await openSqlDatabase(
    url === undefined ? { sqliteFile: join(harness.env.dataDir, "apar.sqlite") } : { url },
  );
  try {
    await other.stores.apiKeys.revoke(id, new Date());
  } finally {
    await other.close();
  }
};

const settings = (harness: Harness, raw: string) => harness.call("GET", "/v1/client-settings", { headers: key(raw) });

test.serial("a verified key is held: a revocation apar is not told of shows once the stamp file changes", async (t) => {
  const created = await seedKey(h, { kind: "clients", clientIds: [h.firstClient.id] });
  t.is((await settings(h, created.rawKey)).status, 200);
  t.true(((await cacheOf(h))?.size ?? 0) > 0);
  await revokeBehindApar(h, created.apiKey.id);
  t.is((await settings(h, created.rawKey)).status, 200, "held: the key is not read again");
  // What another process of the host does after a key table's write commits.
  appendFileSync(keyCacheStampFile(h.env.dataDir), "test\n");
  const after = await settings(h, created.rawKey);
  t.is(after.status, 401);
  t.is(codeOf(after), "Auth.ApiKeyRevoked");
});

test.serial("a key revoked through apar is refused on the very next request", async (t) => {
  const created = await h.call("POST", "/v1/api-keys", { headers: key(h.firstKey), body: { name: "soon gone" } });
  const { id, rawKey } = created.json as { id: string; rawKey: string };
  for (let i = 0; i < 3; i += 1) t.is((await settings(h, rawKey)).status, 200);
  t.is((await h.call("DELETE", `/v1/api-keys/${id}`, { headers: key(h.firstKey) })).status, 204);
  const next = await settings(h, rawKey);
  t.is(next.status, 401);
  t.is(codeOf(next), "Auth.ApiKeyRevoked");
});

test.serial("a client's modules changed: the next request has the new rights", async (t) => {
  const client = await seedClient(h, ["ap"]);
  const organisation = await seedOrganisation(h, client.id);
  const created = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const bills = () =>
    h.call("GET", "/v1/bills", { headers: key(created.rawKey, { "x-service-organisation-id": organisation.id }) });
  t.is((await bills()).status, 200);
  t.is((await bills()).status, 200);
  await h.db.stores.clients.update({ ...client, modules: ["ar"] });
  const refused = await bills();
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Module.NotEntitled");
  await h.db.stores.clients.update({ ...client, modules: ["ap", "ar"] });
  t.is((await bills()).status, 200);
});

test.serial("an organisation changed: every held key is dropped", async (t) => {
  const client = await seedClient(h, ["ap"]);
  const organisation = await seedOrganisation(h, client.id, "Before");
  const created = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const headers = key(created.rawKey, { "x-service-organisation-id": organisation.id });
  t.is((await h.call("GET", "/v1/bills", { headers })).status, 200);
  const cache = await cacheOf(h);
  t.true((cache?.size ?? 0) > 0);
  await h.db.stores.organisations.update({ ...organisation, name: "After" });
  t.is(cache?.size, 0);
  t.is((await h.call("GET", "/v1/bills", { headers })).status, 200);
});

test.serial("a revocation rolled back drops nothing, and the key keeps working", async (t) => {
  const created = await seedKey(h, { kind: "clients", clientIds: [h.firstClient.id] });
  t.is((await settings(h, created.rawKey)).status, 200);
  const cache = await cacheOf(h);
  const held = cache?.size ?? 0;
  t.true(held > 0);
  await t.throwsAsync(
    h.db.run(async (stores) => {
      await stores.apiKeys.revoke(created.apiKey.id, new Date());
      throw new Error("rolled back");
    }),
    { message: "rolled back" },
  );
  t.is(cache?.size, held);
  t.is((await settings(h, created.rawKey)).status, 200);
});

test.serial("APAR_KEY_CACHE=off holds nothing: a key revoked behind apar is refused at once", async (t) => {
  t.is(await cacheOf(off), undefined);
  const created = await seedKey(off, { kind: "clients", clientIds: [off.firstClient.id] });
  t.is((await settings(off, created.rawKey)).status, 200);
  await revokeBehindApar(off, created.apiKey.id);
  t.is((await settings(off, created.rawKey)).status, 401);
});
