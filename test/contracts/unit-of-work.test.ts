import { contractTest } from "./contract.js";
import { aClient, anEvent, T0 } from "./fixtures.js";

contractTest("unit of work: a row and its event commit together", async (t, database) => {
  const client = aClient();
  const event = anEvent(client.id);
  const answer = await database.run(async (stores) => {
    await stores.clients.add(client);
    await stores.events.append([event]);
    t.deepEqual(await stores.clients.ofId(client.id), client);
    return "done";
  });
  t.is(answer, "done");
  t.deepEqual(await database.stores.clients.ofId(client.id), client);
  t.is((await database.stores.events.ofId(event.envelope.id))?.clientId, client.id);
});

contractTest("unit of work: a throw rolls back the row, the event and the job", async (t, database) => {
  const client = aClient();
  const event = anEvent(client.id);
  const error = await t.throwsAsync(
    database.run(async (stores) => {
      await stores.clients.add(client);
      await stores.events.append([event]);
      await stores.jobs.enqueue({ type: "a", payload: null, key: "k" }, T0);
      throw new Error("use case failed");
    }),
  );
  t.is(error?.message, "use case failed");
  t.is(await database.stores.clients.ofId(client.id), undefined);
  t.is(await database.stores.events.ofId(event.envelope.id), undefined);
  t.deepEqual(await database.stores.events.pending(10), []);
  t.deepEqual(await database.stores.jobs.depth(T0), { ready: 0, scheduled: 0, running: 0, dead: 0 });
  // Nothing of the failed unit survives, not even the deduplication key.
  const id = await database.stores.jobs.enqueue({ type: "a", payload: 1, key: "k" }, T0);
  t.like(await database.stores.jobs.ofId(id), { payload: 1 });
});

contractTest("unit of work: others do not see its writes before it commits", async (t, database) => {
  const client = aClient();
  let written: () => void = () => {};
  const wrote = new Promise<void>((resolve) => {
    written = resolve;
  });
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const unit = database.run(async (stores) => {
    await stores.clients.add(client);
    written();
    await finished;
  });
  await wrote;
  t.is(await database.stores.clients.ofId(client.id), undefined);
  t.is(await database.stores.clients.count(), 0);
  finish();
  await unit;
  t.deepEqual(await database.stores.clients.ofId(client.id), client);
});

contractTest("unit of work: units run after one another see each other's commits", async (t, database) => {
  const clients = [aClient(), aClient(), aClient()];
  await Promise.all(
    clients.map((client) =>
      database.run(async (stores) => {
        const before = await stores.clients.count();
        await stores.clients.add(client);
        t.is(await stores.clients.count(), before + 1);
      }),
    ),
  );
  t.is(await database.stores.clients.count(), 3);
});
