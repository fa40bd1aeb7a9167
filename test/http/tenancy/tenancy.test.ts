import test from "ava";
import {
  bearer,
  codeOf,
  type Harness,
  key,
  seedClient,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "../auth/harness.js";
import { probeRoutes } from "../auth/probe-routes.js";

// Serial: on SQLite, concurrent writers wait for one another in busy retries (see docs/log/foundation.md, Storage).
let h: Harness;
test.before(async () => {
  h = await startHarness({ probeRoutes, vars: { APAR_CORS_ORIGINS: "https://app.example.com" } });
});
test.after.always(async () => {
  await h?.dispose();
});

const fields = (a: { json: unknown }) =>
  ((a.json as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
const MISSING = "01900000-0000-7000-8000-000000000000";

test.serial(
  "organisations: create with an industry, list by pages, fetch; bad input answers field errors",
  async (t) => {
    const client = await seedClient(h);
    const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const created = await h.call("POST", "/v1/organisations", {
      headers: key(admin.rawKey),
      body: { name: "  Acme GmbH ", industryId: "manufacturing", timeZone: "Europe/Berlin" },
    });
    t.is(created.status, 201);
    t.like(created.json, {
      clientId: client.id,
      name: "Acme GmbH",
      industryId: "manufacturing",
      timeZone: "Europe/Berlin",
    });
    const id = (created.json as { id: string }).id;
    for (const name of ["B", "C"])
      await h.call("POST", "/v1/organisations", { headers: key(admin.rawKey), body: { name, industryId: null } });

    const first = await h.call("GET", "/v1/organisations?limit=2", { headers: key(admin.rawKey) });
    const page1 = first.json as { data: { id: string }[]; nextCursor: string; hasMore: boolean };
    t.is(page1.data.length, 2);
    t.true(page1.hasMore);
    const second = await h.call("GET", `/v1/organisations?Limit="2"&Cursor=${page1.nextCursor}`, {
      headers: key(admin.rawKey),
    });
    t.is(second.status, 400, 'a quoted "2" is not an integer');
    const page2 = (
      await h.call("GET", `/v1/organisations?Limit=2&Cursor=${page1.nextCursor}`, { headers: key(admin.rawKey) })
    ).json as { data: { id: string }[]; nextCursor: null; hasMore: false };
    t.deepEqual(
      { n: page2.data.length, next: page2.nextCursor, more: page2.hasMore },
      { n: 1, next: null, more: false },
    );
    t.is((await h.call("GET", "/v1/organisations?Limit=101", { headers: key(admin.rawKey) })).status, 400);
    const badCursor = await h.call("GET", "/v1/organisations?Cursor=abc", { headers: key(admin.rawKey) });
    t.is(codeOf(badCursor), "Request.InvalidCursor");

    t.is((await h.call("GET", `/v1/organisations/${id}`, { headers: key(admin.rawKey) })).status, 200);
    const bad = await h.call("POST", "/v1/organisations", {
      headers: key(admin.rawKey),
      body: { name: "", industryId: "space-piracy" },
    });
    t.is(bad.status, 400);
    t.deepEqual(fields(bad), ["name"]);
    const badIndustry = await h.call("POST", "/v1/organisations", {
      headers: key(admin.rawKey),
      body: { name: "X", industryId: "space-piracy" },
    });
    t.deepEqual(fields(badIndustry), ["industryId"]);
    const malformed = await h.call("POST", "/v1/organisations", { headers: key(admin.rawKey), raw: "{" });
    t.is(malformed.status, 400);
    t.is(codeOf(malformed), "Request.MalformedJson");
  },
);

test.serial("another client's organisation answers exactly like a missing one", async (t) => {
  const mine = await seedClient(h);
  const theirs = await seedClient(h);
  const theirOrg = await seedOrganisation(h, theirs.id);
  const admin = await seedKey(h, { kind: "clients", clientIds: [mine.id] });
  for (const path of [`/v1/organisations/{id}`]) {
    const foreign = await h.call("GET", path.replace("{id}", theirOrg.id), { headers: key(admin.rawKey) });
    const missing = await h.call("GET", path.replace("{id}", MISSING), { headers: key(admin.rawKey) });
    t.is(foreign.status, 404);
    t.is(codeOf(foreign), "Organisation.NotFound");
    t.is(foreign.text.replace(theirOrg.id, MISSING), missing.text);
  }
  const add = await h.call("POST", `/v1/organisations/${theirOrg.id}/users`, {
    headers: key(admin.rawKey),
    body: { email: "x@example.com", name: "X" },
  });
  t.is(add.status, 404);
  t.is((await h.call("GET", "/v1/organisations/not-a-uuid", { headers: key(admin.rawKey) })).status, 404);
});

test.serial("adding people by email: new users are created, existing ones added, members refused (409)", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const [one, two] = [await seedOrganisation(h, client.id), await seedOrganisation(h, client.id)];
  const add = (orgId: string, body: unknown) =>
    h.call("POST", `/v1/organisations/${orgId}/users`, { headers: key(admin.rawKey), body });
  const first = await add(one.id, { email: "Ada@Example.com", name: "Ada", role: "Approver" });
  t.is(first.status, 201);
  t.like(first.json, { organisationId: one.id, email: "ada@example.com", roles: ["Approver"] });
  const userId = (first.json as { userId: string }).userId;
  const second = await add(two.id, { email: "ada@example.com", name: "Ada L." });
  t.is(second.status, 201);
  t.like(second.json, { userId, organisationId: two.id, roles: ["Member"] });
  const again = await add(one.id, { email: "ADA@example.com", name: "Ada" });
  t.is(again.status, 409);
  t.is(codeOf(again), "Membership.Exists");
  const badRole = await add(one.id, { email: "b@example.com", name: "B", role: "Owner" });
  t.deepEqual(fields(badRole), ["role"]);

  const user = await h.call("GET", `/v1/users/${userId}`, { headers: key(admin.rawKey) });
  t.is(user.status, 200);
  t.deepEqual(
    (user.json as { memberships: { organisationId: string }[] }).memberships.map((m) => m.organisationId).sort(),
    [one.id, two.id].sort(),
  );
  // A member who is not the organisation's Admin cannot add people; its Admin can.
  const member = await seedUser(h, client.id, { organisationId: one.id, roles: ["Member"] });
  const orgAdmin = await seedUser(h, client.id, { organisationId: one.id, roles: ["Admin"] });
  const memberToken = await tokenFor(h, admin.rawKey, member.id, one.id);
  const refused = await h.call("POST", `/v1/organisations/${one.id}/users`, {
    headers: bearer(memberToken),
    body: { email: "c@example.com", name: "C" },
  });
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Permission.Denied");
  const adminToken = await tokenFor(h, admin.rawKey, orgAdmin.id, one.id);
  const allowed = await h.call("POST", `/v1/organisations/${one.id}/users`, {
    headers: bearer(adminToken),
    body: { email: "c@example.com", name: "C" },
  });
  t.is(allowed.status, 201);
  const elsewhere = await h.call("POST", `/v1/organisations/${two.id}/users`, {
    headers: bearer(adminToken),
    body: { email: "d@example.com", name: "D" },
  });
  // Another organisation of the client answers like a missing one to someone who is not in it.
  t.is(elsewhere.status, 404);
  t.is(codeOf(elsewhere), "Organisation.NotFound");
});

test.serial(
  "renaming an organisation: its Admin or a client administrator; members and other Admins refused",
  async (t) => {
    const client = await seedClient(h);
    const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const [one, two] = [
      await seedOrganisation(h, client.id, "Default organisation"),
      await seedOrganisation(h, client.id),
    ];
    const rename = (orgId: string, headers: Record<string, string>, body: unknown) =>
      h.call("PATCH", `/v1/organisations/${orgId}`, { headers, body });

    const byKey = await rename(one.id, key(admin.rawKey), { name: "  Müller Maschinenbau GmbH " });
    t.is(byKey.status, 200);
    t.like(byKey.json, { id: one.id, name: "Müller Maschinenbau GmbH", timeZone: "UTC" });
    const fetched = await h.call("GET", `/v1/organisations/${one.id}`, { headers: key(admin.rawKey) });
    t.like(fetched.json, { name: "Müller Maschinenbau GmbH" });

    t.deepEqual(fields(await rename(one.id, key(admin.rawKey), { name: "" })), ["name"]);
    t.deepEqual(fields(await rename(one.id, key(admin.rawKey), { name: "X", timeZone: "UTC" })), ["timeZone"]);

    const member = await seedUser(h, client.id, { organisationId: one.id, roles: ["Member", "Approver"] });
    const refused = await rename(one.id, bearer(await tokenFor(h, admin.rawKey, member.id, one.id)), { name: "Mine" });
    t.is(refused.status, 403);
    t.is(codeOf(refused), "Permission.Denied");

    // An Admin of the organisation renames it; an Admin of one organisation cannot rename another, though the table
    // lets organisation Admins in: the other answers like a missing one, or as refused when the Admin is a Member there.
    const orgAdmin = await seedUser(h, client.id, { organisationId: one.id, roles: ["Admin"] });
    const adminToken = await tokenFor(h, admin.rawKey, orgAdmin.id, one.id);
    const allowed = await rename(one.id, bearer(adminToken), { name: "Müller GmbH" });
    t.is(allowed.status, 200);
    t.like(allowed.json, { name: "Müller GmbH" });
    const elsewhere = await rename(two.id, bearer(adminToken), { name: "Taken over" });
    t.is(elsewhere.status, 404);
    t.is(codeOf(elsewhere), "Organisation.NotFound");
    const joined = await h.call("POST", `/v1/organisations/${two.id}/users`, {
      headers: key(admin.rawKey),
      body: { email: orgAdmin.email, name: "Admin of one" },
    });
    t.is(joined.status, 201);
    // A token issued now carries the membership in two (as a Member).
    const freshToken = await tokenFor(h, admin.rawKey, orgAdmin.id, one.id);
    const asMemberOfTwo = await rename(two.id, bearer(freshToken), { name: "Taken over" });
    t.is(asMemberOfTwo.status, 403);
    t.is(codeOf(asMemberOfTwo), "Organisation.AdminRequired");
    const clientAdmin = await seedUser(h, client.id, {
      organisationId: one.id,
      roles: ["Member"],
      clientRoles: ["Admin"],
    });
    const byClientAdmin = await rename(two.id, bearer(await tokenFor(h, admin.rawKey, clientAdmin.id, one.id)), {
      name: "Zweigwerk",
    });
    t.is(byClientAdmin.status, 200);
    t.like(byClientAdmin.json, { id: two.id, name: "Zweigwerk" });
  },
);

test.serial("users: create (optionally in an organisation), duplicates 409, Owner only from an Owner", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const org = await seedOrganisation(h, client.id);
  const created = await h.call("POST", "/v1/users", {
    headers: key(admin.rawKey),
    body: { email: "grace@example.com", name: "Grace", clientRoles: ["Admin"], organisationId: org.id },
  });
  t.is(created.status, 201);
  t.like(created.json, { clientId: client.id, clientRoles: ["Admin"], memberships: [{ organisationId: org.id }] });
  const dup = await h.call("POST", "/v1/users", {
    headers: key(admin.rawKey),
    body: { email: "GRACE@example.com", name: "Grace" },
  });
  t.is(dup.status, 409);
  t.is(codeOf(dup), "User.EmailTaken");
  const adminToken = await tokenFor(h, admin.rawKey, (created.json as { id: string }).id, org.id);
  const owner = await h.call("POST", "/v1/users", {
    headers: bearer(adminToken),
    body: { email: "o@example.com", name: "O", clientRoles: ["Owner"] },
  });
  t.is(owner.status, 403);
  t.is(codeOf(owner), "Auth.OwnerRequired");
  const bad = await h.call("POST", "/v1/users", { headers: key(admin.rawKey), body: { email: "nope", name: 3 } });
  t.deepEqual(fields(bad).sort(), ["email", "name"]);
  t.is((await h.call("GET", `/v1/users/${MISSING}`, { headers: key(admin.rawKey) })).status, 404);
});

test.serial("industries: a fixed list with stable ids, paginated", async (t) => {
  const all = await h.call("GET", "/v1/industries?Limit=100", { headers: key(h.firstKey) });
  t.is(all.status, 200);
  const body = all.json as { data: { id: string; name: string }[]; hasMore: boolean; nextCursor: null };
  t.true(body.data.length >= 20);
  t.false(body.hasMore);
  t.true(body.data.some((i) => i.id === "manufacturing"));
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = (
      await h.call("GET", `/v1/industries?Limit=7${cursor === null ? "" : `&Cursor=${cursor}`}`, {
        headers: key(h.firstKey),
      })
    ).json as { data: { id: string }[]; nextCursor: string | null };
    ids.push(...page.data.map((i) => i.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  t.deepEqual(
    ids,
    body.data.map((i) => i.id),
  );
  // Any credential will do: an operator key needs no client for reference data.
  const operator = await seedKey(h, { kind: "operator" });
  t.is((await h.call("GET", "/v1/industries", { headers: key(operator.rawKey) })).status, 200);
  t.is((await h.call("GET", "/v1/industries")).status, 401);
});

test.serial(
  "organisation header: 400 missing, 404 foreign or unknown, 403 not a member; keys act everywhere",
  async (t) => {
    const client = await seedClient(h);
    const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
    const org = await seedOrganisation(h, client.id);
    const foreignOrg = await seedOrganisation(h, (await seedClient(h)).id);
    const get = (headers: Record<string, string>) => h.probe("GET", "/v1/probe/organisation", { headers });
    const missing = await get(key(apiKey.rawKey));
    t.is(missing.status, 400);
    t.is(codeOf(missing), "Organisation.MissingOrganisationId");
    const foreign = await get(key(apiKey.rawKey, { "x-service-organisation-id": foreignOrg.id }));
    const unknown = await get(key(apiKey.rawKey, { "x-service-organisation-id": MISSING }));
    t.is(foreign.status, 404);
    t.deepEqual(foreign.json, unknown.json);
    const ok = await get(key(apiKey.rawKey, { "x-service-organisation-id": org.id }));
    t.is(ok.status, 200);
    t.like(ok.json, {
      organisationId: org.id,
      clientAdministrator: true,
      actor: { type: "api_key", id: apiKey.apiKey.id },
    });
  },
);

test.serial("checks run in order: credential, client, module, organisation header, body", async (t) => {
  const noInbox = await seedClient(h, ["ap"]);
  const org = await seedOrganisation(h, noInbox.id);
  const k = await seedKey(h, { kind: "clients", clientIds: [noInbox.id] });
  const platform = await seedKey(h, { kind: "clients", clientIds: [noInbox.id, h.firstClient.id] });
  const post = (headers: Record<string, string>) =>
    h.probe("POST", "/v1/probe/organisation", { headers, body: { name: "far too long a name" } });
  t.is(codeOf(await post({})), "Auth.Unauthenticated");
  t.is(codeOf(await post(key(platform.rawKey))), "Client.MissingClientId");
  t.is(codeOf(await post(key(k.rawKey))), "Module.NotEntitled");
  const firstOrg = (await h.db.stores.organisations.listByClient(h.firstClient.id, { limit: 1 })).items[0];
  const inFirst = { "x-service-client-id": h.firstClient.id };
  t.is(codeOf(await post(key(platform.rawKey, inFirst))), "Organisation.MissingOrganisationId");
  const invalid = await post(key(platform.rawKey, { ...inFirst, "x-service-organisation-id": firstOrg?.id ?? "" }));
  t.is(codeOf(invalid), "Request.Invalid");
  t.deepEqual(fields(invalid), ["name"]);
  t.is(org.clientId, noInbox.id);

  // Company routes answer the spec's codes.
  t.is(
    codeOf(await h.probe("GET", "/v1/probe/companies", { headers: key(platform.rawKey) })),
    "Company.MissingClientId",
  );
  const notEntitled = await h.probe("GET", "/v1/probe/companies", { headers: key(k.rawKey) });
  t.is(notEntitled.status, 403);
  t.is(codeOf(notEntitled), "Module.NotEntitled");
  const outside = await h.probe("GET", "/v1/probe/companies", {
    headers: key(k.rawKey, { "x-service-client-id": h.firstClient.id }),
  });
  t.is(outside.status, 404);
  t.is(codeOf(outside), "Company.NotFound");
});

test.serial("CORS: allowed origins get a 204 preflight and headers; others get none", async (t) => {
  const preflight = await h.call("OPTIONS", "/v1/auth/exchange", {
    headers: {
      origin: "https://app.example.com",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-service-api-key",
    },
  });
  t.is(preflight.status, 204);
  t.is(preflight.headers["access-control-allow-origin"], "https://app.example.com");
  t.regex(String(preflight.headers["access-control-allow-methods"]), /POST/);
  const allowed = String(preflight.headers["access-control-allow-headers"]).toLowerCase();
  for (const name of [
    "authorization",
    "content-type",
    "x-service-api-key",
    "x-service-client-id",
    "x-service-organisation-id",
  ])
    t.true(allowed.includes(name), name);
  const other = await h.call("OPTIONS", "/v1/auth/exchange", {
    headers: { origin: "https://evil.example.com", "access-control-request-method": "POST" },
  });
  t.is(other.headers["access-control-allow-origin"], undefined);
  t.not(other.status, 204);
  const actual = await h.call("POST", "/v1/auth/exchange", {
    headers: { origin: "https://app.example.com" },
    body: { code: "nope" },
  });
  t.is(actual.status, 401);
  t.is(actual.headers["access-control-allow-origin"], "https://app.example.com");
  const notAllowed = await h.call("POST", "/v1/auth/exchange", {
    headers: { origin: "https://evil.example.com" },
    body: { code: "nope" },
  });
  t.is(notAllowed.headers["access-control-allow-origin"], undefined);
});

test.serial("the OpenAPI document states each route's credentials and tenancy headers", async (t) => {
  const doc = (await h.call("GET", "/openapi.json")).json as {
    paths: Record<
      string,
      Record<string, { security: unknown[]; parameters?: { name: string; in: string; required: boolean }[] }>
    >;
    components: { securitySchemes: Record<string, { name?: string }> };
  };
  t.deepEqual(doc.paths["/v1/clients"]?.get?.security, [{ apiKey: [] }]);
  t.deepEqual(doc.paths["/v1/auth/codes"]?.post?.security, [{ apiKey: [] }]);
  t.deepEqual(doc.paths["/v1/auth/exchange"]?.post?.security, []);
  t.deepEqual(doc.paths["/v1/client-settings"]?.get?.security, [{ apiKey: [] }, { bearer: [] }]);
  const header = doc.paths["/v1/organisations"]?.post?.parameters?.find((p) => p.name === "x-service-client-id");
  t.like(header, { in: "header", required: false });
  t.is(doc.components.securitySchemes.apiKey?.name, "x-service-api-key");
  for (const path of [
    "/auth/codes",
    "/auth/exchange",
    "/v1/api-keys/{id}",
    "/v1/organisations/{id}/users",
    "/v1/industries",
  ])
    t.truthy(doc.paths[path], path);
});
