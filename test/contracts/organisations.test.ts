import { contractTest } from "./contract.js";
import { aClient, anOrganisation, sortedIds } from "./fixtures.js";

contractTest("organisations: add then ofId within the client", async (t, { stores }) => {
  const organisation = anOrganisation(aClient().id, { industryId: "retail", timeZone: "Asia/Tokyo" });
  await stores.organisations.add(organisation);
  t.deepEqual(await stores.organisations.ofId(organisation.clientId, organisation.id), organisation);
});

contractTest("organisations: another client's organisation is undefined, as a missing one", async (t, { stores }) => {
  const organisation = anOrganisation(aClient().id);
  await stores.organisations.add(organisation);
  t.is(await stores.organisations.ofId(aClient().id, organisation.id), undefined);
  t.is(await stores.organisations.ofId(organisation.clientId, anOrganisation(organisation.clientId).id), undefined);
});

contractTest("organisations: a second add with the same id throws", async (t, { stores }) => {
  const organisation = anOrganisation(aClient().id);
  await stores.organisations.add(organisation);
  await t.throwsAsync(stores.organisations.add(organisation));
});

contractTest("organisations: listByClient pages the client's organisations only", async (t, { stores }) => {
  const clientId = aClient().id;
  const ids = sortedIds(3);
  for (const id of [ids[2], ids[0], ids[1]])
    await stores.organisations.add(anOrganisation(clientId, { id: id as string }));
  await stores.organisations.add(anOrganisation(aClient().id));
  const first = await stores.organisations.listByClient(clientId, { limit: 2 });
  t.deepEqual(
    first.items.map((o) => o.id),
    ids.slice(0, 2),
  );
  t.true(first.hasMore);
  const rest = await stores.organisations.listByClient(clientId, { after: ids[1] as string, limit: 2 });
  t.deepEqual(
    rest.items.map((o) => o.id),
    ids.slice(2),
  );
  t.false(rest.hasMore);
  t.true(rest.items.every((o) => o.clientId === clientId));
});

contractTest(
  "organisations: update changes the name, industry and time zone within the client only",
  async (t, { stores }) => {
    const organisation = anOrganisation(aClient().id, { name: "Default organisation" });
    await stores.organisations.add(organisation);
    const renamed = {
      ...organisation,
      name: "Müller Maschinenbau GmbH",
      industryId: "manufacturing",
      timeZone: "Europe/Berlin",
    };
    await stores.organisations.update(renamed);
    t.deepEqual(await stores.organisations.ofId(organisation.clientId, organisation.id), renamed);
    await stores.organisations.update({ ...renamed, clientId: aClient().id, name: "Hijacked" });
    t.is((await stores.organisations.ofId(organisation.clientId, organisation.id))?.name, "Müller Maschinenbau GmbH");
  },
);
