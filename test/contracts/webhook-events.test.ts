import { contractTest } from "./contract.js";
import { aClient, anEvent, newId } from "./fixtures.js";

contractTest("events: ofIds answers the known events of any client, each once", async (t, { stores }) => {
  const [a, b, c] = [anEvent(aClient().id), anEvent(aClient().id), anEvent(aClient().id)];
  await stores.events.append([a, b, c]);
  const found = await stores.events.ofIds([a.envelope.id, c.envelope.id, newId(), a.envelope.id]);
  t.deepEqual(found.map((e) => e.envelope.id).sort(), [a.envelope.id, c.envelope.id].sort());
  t.deepEqual(
    found.find((e) => e.envelope.id === c.envelope.id),
    await stores.events.ofId(c.envelope.id),
  );
  t.deepEqual(await stores.events.ofIds([]), []);
  const many = Array.from({ length: 700 }, () => anEvent(a.clientId));
  await stores.events.append(many);
  t.is((await stores.events.ofIds(many.map((e) => e.envelope.id))).length, 700, "past one statement's chunk");
});
