import { contractTest } from "./contract.js";
import { aClient, sortedIds } from "./fixtures.js";

contractTest("clients: add then ofId answers the same client", async (t, { stores }) => {
  const client = aClient({ modules: ["ap", "matching"], type: "Sandbox" });
  await stores.clients.add(client);
  t.deepEqual(await stores.clients.ofId(client.id), client);
});

contractTest("clients: a missing id is undefined", async (t, { stores }) => {
  t.is(await stores.clients.ofId(aClient().id), undefined);
});

contractTest("clients: a second add with the same id throws", async (t, { stores }) => {
  const client = aClient();
  await stores.clients.add(client);
  await t.throwsAsync(stores.clients.add({ ...client, name: "Other" }));
  t.is((await stores.clients.ofId(client.id))?.name, client.name);
});

contractTest("clients: update changes name, type and modules, not createdAt", async (t, { stores }) => {
  const client = aClient();
  await stores.clients.add(client);
  const changed = { ...client, name: "Renamed", type: "Sandbox" as const, modules: ["inbox" as const] };
  await stores.clients.update({ ...changed, createdAt: new Date(0) });
  t.deepEqual(await stores.clients.ofId(client.id), changed);
});

contractTest("clients: update of a missing client adds nothing", async (t, { stores }) => {
  await stores.clients.update(aClient());
  t.is(await stores.clients.count(), 0);
});

contractTest("clients: count", async (t, { stores }) => {
  t.is(await stores.clients.count(), 0);
  await stores.clients.add(aClient());
  await stores.clients.add(aClient());
  t.is(await stores.clients.count(), 2);
});

contractTest("clients: list pages in id order after the cursor", async (t, { stores }) => {
  const ids = sortedIds(5);
  for (const id of [ids[3], ids[0], ids[4], ids[2], ids[1]]) await stores.clients.add(aClient({ id: id as string }));
  const first = await stores.clients.list({ limit: 2 });
  t.deepEqual(
    first.items.map((c) => c.id),
    ids.slice(0, 2),
  );
  t.true(first.hasMore);
  const second = await stores.clients.list({ after: ids[1] as string, limit: 2 });
  t.deepEqual(
    second.items.map((c) => c.id),
    ids.slice(2, 4),
  );
  t.true(second.hasMore);
  const last = await stores.clients.list({ after: ids[3] as string, limit: 2 });
  t.deepEqual(
    last.items.map((c) => c.id),
    ids.slice(4),
  );
  t.false(last.hasMore);
  t.deepEqual(await stores.clients.list({ after: ids[4] as string, limit: 2 }), { items: [], hasMore: false });
  const exact = await stores.clients.list({ limit: 5 });
  t.is(exact.items.length, 5);
  t.false(exact.hasMore);
});

contractTest("clients: answers are copies, not the stored row", async (t, { stores }) => {
  const client = aClient({ modules: ["ap"] });
  await stores.clients.add(client);
  (client.modules as string[]).push("ar");
  client.createdAt.setTime(0);
  const read = await stores.clients.ofId(client.id);
  (read?.modules as string[] | undefined)?.push("mcp");
  t.deepEqual((await stores.clients.ofId(client.id))?.modules, ["ap"]);
  t.not((await stores.clients.ofId(client.id))?.createdAt.getTime(), 0);
});
