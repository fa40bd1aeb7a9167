import { contractTest } from "./contract.js";
import { aClient, anApiKey, anOrganisation, at, sortedIds } from "./fixtures.js";

contractTest("api keys: add then ofId and ofPrefix, with every date field", async (t, { stores }) => {
  const key = anApiKey([aClient().id, aClient().id], {
    expiresAt: at(86_400_000),
    lastUsedAt: at(5),
    revokedAt: at(7),
  });
  await stores.apiKeys.add(key);
  t.deepEqual(await stores.apiKeys.ofId(key.id), key);
  t.deepEqual(await stores.apiKeys.ofPrefix(key.keyPrefix), key);
  t.is(await stores.apiKeys.ofPrefix(`${key.keyPrefix}x`), undefined);
  t.is(await stores.apiKeys.ofId(anApiKey([]).id), undefined);
});

contractTest("api keys: operator scope and null name round-trip", async (t, { stores }) => {
  const key = anApiKey([], { scope: { kind: "operator" }, name: null });
  await stores.apiKeys.add(key);
  t.deepEqual(await stores.apiKeys.ofPrefix(key.keyPrefix), key);
});

contractTest("api keys: a prefix is unique", async (t, { stores }) => {
  const key = anApiKey([aClient().id]);
  await stores.apiKeys.add(key);
  await t.throwsAsync(stores.apiKeys.add(anApiKey([aClient().id], { keyPrefix: key.keyPrefix })));
  t.is((await stores.apiKeys.listByClient(aClient().id, { limit: 10 })).items.length, 0);
});

contractTest("api keys: revoke records the first revocation", async (t, { stores }) => {
  const key = anApiKey([aClient().id]);
  await stores.apiKeys.add(key);
  await stores.apiKeys.revoke(key.id, at(1000));
  t.deepEqual((await stores.apiKeys.ofId(key.id))?.revokedAt, at(1000));
  await stores.apiKeys.revoke(key.id, at(2000));
  t.deepEqual((await stores.apiKeys.ofId(key.id))?.revokedAt, at(1000));
  await t.notThrowsAsync(stores.apiKeys.revoke(anApiKey([]).id, at(0)));
});

contractTest("api keys: touch keeps the latest use", async (t, { stores }) => {
  const key = anApiKey([aClient().id]);
  await stores.apiKeys.add(key);
  await stores.apiKeys.touch(key.id, at(2000));
  t.deepEqual((await stores.apiKeys.ofPrefix(key.keyPrefix))?.lastUsedAt, at(2000));
  await stores.apiKeys.touch(key.id, at(1000));
  t.deepEqual((await stores.apiKeys.ofPrefix(key.keyPrefix))?.lastUsedAt, at(2000));
  await stores.apiKeys.touch(key.id, at(3001));
  t.deepEqual((await stores.apiKeys.ofPrefix(key.keyPrefix))?.lastUsedAt, at(3001));
});

contractTest("api keys: listByClient pages keys scoped to the client, not operator keys", async (t, { stores }) => {
  const clientId = aClient().id;
  const ids = sortedIds(3);
  const shared = anApiKey([aClient().id, clientId], { id: ids[2] as string });
  await stores.apiKeys.add(shared);
  await stores.apiKeys.add(anApiKey([clientId], { id: ids[0] as string }));
  await stores.apiKeys.add(anApiKey([clientId], { id: ids[1] as string }));
  await stores.apiKeys.add(anApiKey([aClient().id]));
  await stores.apiKeys.add(anApiKey([], { scope: { kind: "operator" } }));
  const first = await stores.apiKeys.listByClient(clientId, { limit: 2 });
  t.deepEqual(
    first.items.map((k) => k.id),
    ids.slice(0, 2),
  );
  t.true(first.hasMore);
  const rest = await stores.apiKeys.listByClient(clientId, { after: ids[1] as string, limit: 2 });
  t.deepEqual(
    rest.items.map((k) => k.id),
    ids.slice(2),
  );
  t.false(rest.hasMore);
  t.deepEqual(rest.items[0], shared);
});

contractTest(
  "api keys: withTenancy reads a key with the client and organisation named, or the key's only client",
  async (t, { stores }) => {
    const client = aClient();
    const other = aClient();
    await stores.clients.add(client);
    await stores.clients.add(other);
    const organisation = anOrganisation(client.id);
    const foreign = anOrganisation(other.id);
    await stores.organisations.add(organisation);
    await stores.organisations.add(foreign);
    const sole = anApiKey([client.id]);
    const both = anApiKey([client.id, other.id]);
    const operator = anApiKey([], { scope: { kind: "operator" } });
    for (const key of [sole, both, operator]) await stores.apiKeys.add(key);

    const named = { clientId: client.id, organisationId: organisation.id };
    t.deepEqual(await stores.apiKeys.withTenancy({ prefix: sole.keyPrefix }, named), {
      key: sole,
      client,
      organisation,
    });
    t.deepEqual(await stores.apiKeys.withTenancy({ id: sole.id }, named), { key: sole, client, organisation });
    // Named none: the key's only client; a key of several clients (or of all) has none to offer.
    const none = { clientId: undefined, organisationId: organisation.id };
    t.deepEqual(await stores.apiKeys.withTenancy({ id: sole.id }, none), { key: sole, client, organisation });
    t.deepEqual(await stores.apiKeys.withTenancy({ id: both.id }, none), {
      key: both,
      client: undefined,
      organisation: undefined,
    });
    // An organisation of another client is not found through this one; an operator key reads any client named.
    t.deepEqual(
      await stores.apiKeys.withTenancy({ id: operator.id }, { clientId: client.id, organisationId: foreign.id }),
      { key: operator, client, organisation: undefined },
    );
    t.deepEqual(
      await stores.apiKeys.withTenancy({ prefix: both.keyPrefix }, { clientId: other.id, organisationId: foreign.id }),
      { key: both, client: other, organisation: foreign },
    );
    t.deepEqual(
      await stores.apiKeys.withTenancy({ id: sole.id }, { clientId: aClient().id, organisationId: undefined }),
      {
        key: sole,
        client: undefined,
        organisation: undefined,
      },
    );
    t.is(await stores.apiKeys.withTenancy({ prefix: `${sole.keyPrefix}x` }, named), undefined);
    // Revocation is seen by the very next read.
    await stores.apiKeys.revoke(sole.id, at(1000));
    t.deepEqual((await stores.apiKeys.withTenancy({ prefix: sole.keyPrefix }, named))?.key.revokedAt, at(1000));
  },
);
