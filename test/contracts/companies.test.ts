import { contractTest } from "./contract.js";
import { aClient, aCompany, at, newId, sortedIds } from "./fixtures.js";

contractTest("companies: add then ofId and ofSlug, with organisation ids", async (t, { stores }) => {
  const company = aCompany(aClient().id, { organisationIds: [newId(), newId()], updatedAt: at(5) });
  await stores.companies.add(company);
  t.deepEqual(await stores.companies.ofId(company.clientId, company.id), company);
  t.deepEqual(await stores.companies.ofSlug(company.slug), company);
  t.is(await stores.companies.ofSlug(`${company.slug}-x`), undefined);
});

contractTest("companies: another client's company is undefined, as a missing one", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await stores.companies.add(company);
  t.is(await stores.companies.ofId(aClient().id, company.id), undefined);
  t.is(await stores.companies.ofId(company.clientId, aCompany(company.clientId).id), undefined);
});

contractTest("companies: a slug is unique across clients; an id too", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await stores.companies.add(company);
  await t.throwsAsync(stores.companies.add(aCompany(aClient().id, { slug: company.slug })));
  await t.throwsAsync(stores.companies.add({ ...company, slug: `${company.slug}-2` }));
  t.is((await stores.companies.listByClient(company.clientId, { limit: 10 })).items.length, 1);
});

contractTest("companies: slugs compare exactly (case matters)", async (t, { stores }) => {
  const company = aCompany(aClient().id, { slug: "acme-lower" });
  await stores.companies.add(company);
  t.is(await stores.companies.ofSlug("ACME-LOWER"), undefined);
});

contractTest("companies: update changes name, slug, organisations and updatedAt only", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await stores.companies.add(company);
  const changed = {
    ...company,
    name: "Renamed",
    slug: `${company.slug}-new`,
    organisationIds: [newId()],
    updatedAt: at(9000),
  };
  await stores.companies.update({ ...changed, createdAt: at(777) });
  t.deepEqual(await stores.companies.ofId(company.clientId, company.id), changed);
  t.is(await stores.companies.ofSlug(company.slug), undefined);
  t.deepEqual(await stores.companies.ofSlug(changed.slug), changed);
  // The old slug is free again.
  await t.notThrowsAsync(stores.companies.add(aCompany(aClient().id, { slug: company.slug })));
});

contractTest("companies: update to a slug that is taken throws and changes nothing", async (t, { stores }) => {
  const taken = aCompany(aClient().id);
  const company = aCompany(aClient().id);
  await stores.companies.add(taken);
  await stores.companies.add(company);
  await t.throwsAsync(stores.companies.update({ ...company, slug: taken.slug, name: "Other" }));
  t.deepEqual(await stores.companies.ofId(company.clientId, company.id), company);
  t.deepEqual(await stores.companies.ofSlug(taken.slug), taken);
});

contractTest("companies: update naming another client has no effect", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await stores.companies.add(company);
  await stores.companies.update({ ...company, clientId: aClient().id, name: "Hijacked", slug: "hijacked" });
  t.deepEqual(await stores.companies.ofId(company.clientId, company.id), company);
  t.is(await stores.companies.ofSlug("hijacked"), undefined);
});

contractTest("companies: remove answers whether the client's company was there", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  await stores.companies.add(company);
  t.false(await stores.companies.remove(aClient().id, company.id));
  t.deepEqual(await stores.companies.ofId(company.clientId, company.id), company);
  t.true(await stores.companies.remove(company.clientId, company.id));
  t.is(await stores.companies.ofId(company.clientId, company.id), undefined);
  t.is(await stores.companies.ofSlug(company.slug), undefined);
  t.false(await stores.companies.remove(company.clientId, company.id));
  // Its slug can be taken again.
  await t.notThrowsAsync(stores.companies.add(aCompany(aClient().id, { slug: company.slug })));
});

contractTest("companies: a remove inside a rolled-back unit of work keeps the company", async (t, database) => {
  const company = aCompany(aClient().id);
  await database.stores.companies.add(company);
  await t.throwsAsync(
    database.run(async (stores) => {
      t.true(await stores.companies.remove(company.clientId, company.id));
      t.is(await stores.companies.ofId(company.clientId, company.id), undefined);
      t.is((await stores.companies.listByClient(company.clientId, { limit: 5 })).items.length, 0);
      throw new Error("roll back");
    }),
  );
  t.deepEqual(await database.stores.companies.ofSlug(company.slug), company);
});

contractTest("companies: listByClient pages the client's companies only", async (t, { stores }) => {
  const clientId = aClient().id;
  const ids = sortedIds(3);
  for (const id of [ids[2], ids[0], ids[1]]) await stores.companies.add(aCompany(clientId, { id: id as string }));
  await stores.companies.add(aCompany(aClient().id));
  const first = await stores.companies.listByClient(clientId, { limit: 2 });
  t.deepEqual(
    first.items.map((c) => c.id),
    ids.slice(0, 2),
  );
  t.true(first.hasMore);
  const rest = await stores.companies.listByClient(clientId, { after: ids[1] as string, limit: 2 });
  t.deepEqual(
    rest.items.map((c) => c.id),
    ids.slice(2),
  );
  t.false(rest.hasMore);
  t.true(rest.items.every((c) => c.clientId === clientId));
});

contractTest(
  "companies: listByClient with organisations keeps the companies linked to one of them",
  async (t, { stores }) => {
    const clientId = aClient().id;
    const [o1, o2, o3] = [newId(), newId(), newId()];
    const ids = sortedIds(4);
    const links = [[o1], [o2], [o1, o3], []];
    for (const [i, organisationIds] of links.entries())
      await stores.companies.add(
        aCompany(clientId, { id: ids[i] as string, organisationIds: organisationIds as string[] }),
      );
    await stores.companies.add(aCompany(aClient().id, { organisationIds: [o1 as string] }));
    const of = async (organisationIds: readonly string[], after?: string) =>
      (
        await stores.companies.listByClient(
          clientId,
          after === undefined ? { limit: 1 } : { after, limit: 1 },
          organisationIds,
        )
      ).items.map((c) => c.id);
    const first = await stores.companies.listByClient(clientId, { limit: 1 }, [o1 as string]);
    t.deepEqual(
      first.items.map((c) => c.id),
      [ids[0]],
    );
    t.true(first.hasMore);
    t.deepEqual(await of([o1 as string], ids[0]), [ids[2]]);
    t.deepEqual(await of([o1 as string], ids[2]), []);
    t.deepEqual(await of([o2 as string, o3 as string]), [ids[1]]);
    t.deepEqual(await of([o3 as string], ids[1]), [ids[2]]);
    t.deepEqual(await of([]), []);
    t.deepEqual(await of([newId()]), []);
  },
);
