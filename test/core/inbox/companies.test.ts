import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  recordForwardingRejection,
  updateCompany,
} from "@apar/core/app";
import test from "ava";
import { aClientWithOrganisation, inboxDeps, left, NOW, newId, right } from "./setup.js";

const rejectionFor = (clientId: string, companyId: string) => ({
  clientId,
  companyId,
  fromAddress: "a@b.example",
  subject: null,
  attachments: [],
  reason: "SenderNotAllowed" as const,
  authResult: "Pass" as const,
  dkimResult: "Pass" as const,
  spfResult: "Pass" as const,
});

test("createCompany: derives the slug from the name and stores the company", async (t) => {
  const deps = inboxDeps();
  const { client, organisation } = await aClientWithOrganisation(deps.db);
  const company = right(
    t,
    await createCompany(deps)({
      clientId: client.id,
      name: "  Acme Payables  ",
      organisationIds: [organisation.id, organisation.id],
    })(),
  );
  t.like(company, { clientId: client.id, name: "Acme Payables", slug: "acme-payables" });
  t.deepEqual(company.organisationIds, [organisation.id]);
  t.deepEqual(company.createdAt, NOW);
  t.deepEqual(company.updatedAt, NOW);
  t.deepEqual(await deps.db.stores.companies.ofId(client.id, company.id), company);
});

test("createCompany: a taken slug (even another client's) gets a short random suffix", async (t) => {
  const deps = inboxDeps();
  const a = await aClientWithOrganisation(deps.db);
  const b = await aClientWithOrganisation(deps.db);
  const first = right(t, await createCompany(deps)({ clientId: a.client.id, name: "Acme" })());
  const second = right(t, await createCompany(deps)({ clientId: b.client.id, name: "ACME" })());
  const third = right(t, await createCompany(deps)({ clientId: a.client.id, name: "acme!" })());
  t.is(first.slug, "acme");
  t.regex(second.slug, /^acme-[a-km-np-z2-9]{6}$/);
  t.regex(third.slug, /^acme-[a-km-np-z2-9]{6}$/);
  t.not(second.slug, third.slug);
});

test("createCompany: a reserved mailbox name is never a company's slug", async (t) => {
  const deps = inboxDeps();
  const { client } = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: client.id, name: "Postmaster" })());
  t.regex(company.slug, /^postmaster-[a-z2-9]{6}$/);
});

test("createCompany: suffixes are drawn again until one is free", async (t) => {
  // The first two draws give the same suffix; the third differs.
  const draws = [new Uint8Array(6), new Uint8Array(6), Uint8Array.from([1, 2, 3, 4, 5, 6])];
  const deps = inboxDeps({ randomBytes: () => draws.shift() ?? new Uint8Array(6).fill(9) });
  const { client } = await aClientWithOrganisation(deps.db);
  t.is(right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })()).slug, "acme");
  t.is(right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })()).slug, "acme-aaaaaa");
  t.is(right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })()).slug, "acme-bcdefg");
});

test("createCompany: losing a race for the base slug retries once with a suffix", async (t) => {
  const deps = inboxDeps();
  const { client } = await aClientWithOrganisation(deps.db);
  const rival = right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })());
  // A stale read: the first unit of work does not see the rival's slug, so its insert hits the unique index.
  let stale = true;
  const racing = {
    ...deps,
    db: {
      stores: deps.db.stores,
      run: <A>(work: Parameters<typeof deps.db.run<A>>[0]) =>
        deps.db.run((s) => {
          if (!stale) return work(s);
          stale = false;
          const blind = { ...s.companies, ofSlug: async () => undefined };
          return work({ ...s, companies: blind });
        }),
    },
  };
  const company = right(t, await createCompany(racing)({ clientId: client.id, name: "Acme" })());
  t.regex(company.slug, /^acme-[a-z2-9]{6}$/);
  t.deepEqual(await deps.db.stores.companies.ofSlug("acme"), rival);
  t.is((await deps.db.stores.companies.listByClient(client.id, { limit: 10 })).items.length, 2);
});

test("createCompany: name must be 1 to 200 characters after trimming", async (t) => {
  const deps = inboxDeps();
  const { client } = await aClientWithOrganisation(deps.db);
  for (const name of ["", "   ", "x".repeat(201)]) {
    const error = left(t, await createCompany(deps)({ clientId: client.id, name })());
    t.is(error.code, "Request.Invalid");
    t.deepEqual(
      error.errors?.map((e) => e.field),
      ["name"],
    );
  }
  t.truthy(right(t, await createCompany(deps)({ clientId: client.id, name: "é".repeat(200) })()));
  t.is((await deps.db.stores.companies.listByClient(client.id, { limit: 10 })).items.length, 1);
});

test("createCompany: organisations must belong to the same client", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const error = left(
    t,
    await createCompany(deps)({
      clientId: mine.client.id,
      name: "Acme",
      organisationIds: [mine.organisation.id, theirs.organisation.id, newId()],
    })(),
  );
  t.is(error.kind, "BadRequest");
  t.deepEqual(
    error.errors?.map((e) => [e.field, e.code]),
    [
      ["organisationIds[1]", "NotFound"],
      ["organisationIds[2]", "NotFound"],
    ],
  );
  t.is((await deps.db.stores.companies.listByClient(mine.client.id, { limit: 10 })).items.length, 0);
});

test("createCompany: an unknown client is Client.NotFound", async (t) => {
  const deps = inboxDeps();
  const error = left(t, await createCompany(deps)({ clientId: newId(), name: "Acme" })());
  t.is(error.code, "Client.NotFound");
});

test("updateCompany: renames and changes organisations; the slug and creation time stay", async (t) => {
  const later = new Date(NOW.getTime() + 60_000);
  const deps = inboxDeps();
  const { client, organisation } = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })());
  const updated = right(
    t,
    await updateCompany({ ...deps, clock: { now: () => later } })({
      clientId: client.id,
      id: company.id,
      name: " Acme Holdings ",
      organisationIds: [organisation.id],
    })(),
  );
  t.deepEqual(updated, { ...company, name: "Acme Holdings", organisationIds: [organisation.id], updatedAt: later });
  t.deepEqual(await deps.db.stores.companies.ofId(client.id, company.id), updated);
  const unchanged = right(t, await updateCompany(deps)({ clientId: client.id, id: company.id })());
  t.is(unchanged.name, "Acme Holdings");
});

test("updateCompany: another client's company is Company.NotFound and stays as it was", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: theirs.client.id, name: "Theirs" })());
  const foreign = left(t, await updateCompany(deps)({ clientId: mine.client.id, id: company.id, name: "Mine" })());
  const missing = left(t, await updateCompany(deps)({ clientId: mine.client.id, id: newId(), name: "Mine" })());
  t.deepEqual(foreign, missing);
  t.is(foreign.code, "Company.NotFound");
  t.is(foreign.kind, "NotFound");
  t.deepEqual(await deps.db.stores.companies.ofId(theirs.client.id, company.id), company);
});

test("updateCompany: invalid name or a foreign organisation is a validation error", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: mine.client.id, name: "Acme" })());
  t.is(
    left(t, await updateCompany(deps)({ clientId: mine.client.id, id: company.id, name: "" })()).code,
    "Request.Invalid",
  );
  const error = left(
    t,
    await updateCompany(deps)({
      clientId: mine.client.id,
      id: company.id,
      organisationIds: [theirs.organisation.id],
    })(),
  );
  t.deepEqual(
    error.errors?.map((e) => e.field),
    ["organisationIds[0]"],
  );
  t.deepEqual(await deps.db.stores.companies.ofId(mine.client.id, company.id), company);
});

test("deleteCompany: removes the company and its rejections; a second delete is NotFound", async (t) => {
  const deps = inboxDeps();
  const { client } = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })());
  const kept = right(t, await createCompany(deps)({ clientId: client.id, name: "Other" })());
  right(t, await recordForwardingRejection(deps)(rejectionFor(client.id, company.id))());
  const other = right(t, await recordForwardingRejection(deps)(rejectionFor(client.id, kept.id))());
  right(t, await deleteCompany(deps)({ clientId: client.id, id: company.id })());
  t.is(await deps.db.stores.companies.ofId(client.id, company.id), undefined);
  t.deepEqual(await deps.db.stores.forwardingRejections.newestOfCompany(client.id, company.id, 10), []);
  t.deepEqual(await deps.db.stores.forwardingRejections.newestOfCompany(client.id, kept.id, 10), [other]);
  t.is(left(t, await deleteCompany(deps)({ clientId: client.id, id: company.id })()).code, "Company.NotFound");
  // The slug is free again.
  t.is(right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })()).slug, "acme");
});

test("deleteCompany: another client's company is NotFound and survives", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: theirs.client.id, name: "Theirs" })());
  t.is(left(t, await deleteCompany(deps)({ clientId: mine.client.id, id: company.id })()).code, "Company.NotFound");
  t.deepEqual(await deps.db.stores.companies.ofId(theirs.client.id, company.id), company);
});

test("getCompany: the client's company, else Company.NotFound alike for missing and foreign", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: mine.client.id, name: "Acme" })());
  t.deepEqual(right(t, await getCompany(deps)({ clientId: mine.client.id, id: company.id })()), company);
  const foreign = left(t, await getCompany(deps)({ clientId: theirs.client.id, id: company.id })());
  const missing = left(t, await getCompany(deps)({ clientId: theirs.client.id, id: newId() })());
  t.deepEqual(foreign, missing);
  t.is(foreign.code, "Company.NotFound");
});

test("listCompanies: pages the client's companies only; limit 1 to 100", async (t) => {
  const deps = inboxDeps();
  const mine = await aClientWithOrganisation(deps.db);
  const theirs = await aClientWithOrganisation(deps.db);
  const created = [];
  for (const name of ["A", "B", "C"])
    created.push(right(t, await createCompany(deps)({ clientId: mine.client.id, name })()));
  right(t, await createCompany(deps)({ clientId: theirs.client.id, name: "D" })());
  const first = right(t, await listCompanies(deps)({ clientId: mine.client.id, limit: 2 })());
  t.deepEqual(
    first.items.map((c) => c.name),
    ["A", "B"],
  );
  t.true(first.hasMore);
  const rest = right(
    t,
    await listCompanies(deps)({ clientId: mine.client.id, after: first.items[1]?.id as string, limit: 2 })(),
  );
  t.deepEqual(
    rest.items.map((c) => c.name),
    ["C"],
  );
  t.false(rest.hasMore);
  t.is(right(t, await listCompanies(deps)({ clientId: mine.client.id })()).items.length, 3);
  for (const limit of [0, 101, 2.5])
    t.is(left(t, await listCompanies(deps)({ clientId: mine.client.id, limit })()).code, "Request.Invalid");
});
