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

let h: Harness;
test.before(async () => {
  h = await startHarness({ vars: { APAR_INBOUND_DOMAIN: "in.apar.example" } });
});
test.after.always(async () => {
  await h?.dispose();
});

const tenant = async () => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  return { client, headers: key(admin.rawKey) };
};

test("create, read, list, rename (the slug and address stay), delete", async (t) => {
  const { client, headers } = await tenant();
  const org = await seedOrganisation(h, client.id);
  const created = await h.call("POST", "/v1/companies", {
    headers,
    body: { name: "Müller & Söhne", organisationIds: [org.id] },
  });
  t.is(created.status, 201);
  const company = created.json as Record<string, unknown>;
  t.is(company.name, "Müller & Söhne");
  t.regex(String(company.slug), /^muller-sohne(-[a-z2-9]{6})?$/);
  t.is(company.forwardingAddress, `${company.slug}@in.apar.example`);
  t.deepEqual(company.organisationIds, [org.id]);

  const got = await h.call("GET", `/v1/companies/${company.id}`, { headers });
  t.deepEqual(got.json, company);
  const list = await h.call("GET", "/v1/companies?Limit=10", { headers });
  t.deepEqual((list.json as { data: unknown[] }).data, [company]);

  const renamed = await h.call("PATCH", `/v1/companies/${company.id}`, { headers, body: { name: "Müller AG" } });
  t.is(renamed.status, 200);
  t.is((renamed.json as Record<string, unknown>).name, "Müller AG");
  t.is((renamed.json as Record<string, unknown>).forwardingAddress, company.forwardingAddress);

  t.is((await h.call("DELETE", `/v1/companies/${company.id}`, { headers })).status, 204);
  const gone = await h.call("GET", `/v1/companies/${company.id}`, { headers });
  t.is(gone.status, 404);
  t.is(codeOf(gone), "Company.NotFound");
});

test("another client's company answers 404 on every company route", async (t) => {
  const a = await tenant();
  const b = await tenant();
  const company = (await h.call("POST", "/v1/companies", { headers: b.headers, body: { name: "B" } })).json as {
    id: string;
  };
  for (const [method, path, body] of [
    ["GET", `/v1/companies/${company.id}`, undefined],
    ["PATCH", `/v1/companies/${company.id}`, { name: "x" }],
    ["DELETE", `/v1/companies/${company.id}`, undefined],
    ["GET", `/v1/companies/${company.id}/allowed-senders`, undefined],
    ["POST", `/v1/companies/${company.id}/allowed-senders`, { sender: "a@b.example" }],
  ] as const) {
    const answer = await h.call(method, path, { headers: a.headers, ...(body === undefined ? {} : { body }) });
    t.is(answer.status, 404, `${method} ${path}`);
    t.is(codeOf(answer), "Company.NotFound");
  }
  t.is((await h.call("GET", `/v1/companies/${company.id}`, { headers: b.headers })).status, 200);
});

test("organisationIds must be the client's own", async (t) => {
  const a = await tenant();
  const b = await tenant();
  const foreign = await seedOrganisation(h, b.client.id);
  const answer = await h.call("POST", "/v1/companies", {
    headers: a.headers,
    body: { name: "X", organisationIds: [foreign.id] },
  });
  t.is(answer.status, 400);
});

test("allowlist: addresses and whole domains, idempotent adds, bad entries 400, removal", async (t) => {
  const { headers } = await tenant();
  const company = (await h.call("POST", "/v1/companies", { headers, body: { name: "Allow" } })).json as { id: string };
  const path = `/v1/companies/${company.id}/allowed-senders`;
  t.deepEqual((await h.call("GET", path, { headers })).json, { data: [], nextCursor: null, hasMore: false });
  const address = await h.call("POST", path, { headers, body: { sender: " AP@Supplier.Example " } });
  t.is(address.status, 201);
  t.like(address.json as object, { kind: "Address", value: "ap@supplier.example" });
  const again = await h.call("POST", path, { headers, body: { sender: "ap@supplier.example" } });
  t.is(again.status, 200);
  t.is((again.json as { id: string }).id, (address.json as { id: string }).id);
  const domain = await h.call("POST", path, { headers, body: { sender: "@lieferant.example" } });
  t.like(domain.json as object, { kind: "Domain", value: "lieferant.example" });
  for (const bad of ["", "not an address", "a@b", "x@-bad-.example", "a@@b.example"]) {
    const answer = await h.call("POST", path, { headers, body: { sender: bad } });
    t.is(answer.status, 400, bad);
  }
  const list = ((await h.call("GET", path, { headers })).json as { data: { id: string; value: string }[] }).data;
  t.deepEqual(
    list.map((s) => s.value),
    ["ap@supplier.example", "lieferant.example"],
  );
  t.is((await h.call("DELETE", `${path}/${list[0]?.id}`, { headers })).status, 204);
  const missing = await h.call("DELETE", `${path}/${list[0]?.id}`, { headers });
  t.is(missing.status, 404);
  t.is(codeOf(missing), "AllowedSender.NotFound");
  t.deepEqual(
    ((await h.call("GET", path, { headers })).json as { data: { value: string }[] }).data.map((s) => s.value),
    ["lieferant.example"],
  );
});

test("a waiting bill that does not exist answers Bill.NotFound; a missing company Company.NotFound", async (t) => {
  const { headers } = await tenant();
  const company = (await h.call("POST", "/v1/companies", { headers, body: { name: "W" } })).json as { id: string };
  const missingBill = "01900000-0000-7000-8000-000000000001";
  const answer = await h.call("GET", `/v1/companies/${company.id}/bills/${missingBill}`, { headers });
  t.is(answer.status, 404);
  t.is(codeOf(answer), "Bill.NotFound");
  const noCompany = await h.call("GET", `/v1/companies/${missingBill}/bills/${missingBill}`, { headers });
  t.is(codeOf(noCompany), "Company.NotFound");
});

// Roles: client administrators manage every company; a Member or Approver reads those of its organisations.

type Json = Record<string, unknown>;
const MISSING = "0190a0a0-0000-7000-8000-00000000dead";
const withoutInstance = (a: { status: number; json: unknown }) => {
  const { instance: _i, ...rest } = (a.json ?? {}) as Json;
  return { status: a.status, body: rest };
};

/**
 * One client, organisations A1 and A2, a company linked to each (each with an allowed sender and a
 * rejection), and bearer tokens of a Member and an Approver of A1 and of a client Admin.
 */
const seed = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const admin = key(apiKey.rawKey);
  const [a1, a2] = [await seedOrganisation(h, client.id, "A1"), await seedOrganisation(h, client.id, "A2")];
  const company = async (name: string, organisationId: string) => {
    const created = await h.call("POST", "/v1/companies", {
      headers: admin,
      body: { name, organisationIds: [organisationId] },
    });
    const id = (created.json as { id: string }).id;
    await h.call("POST", `/v1/companies/${id}/allowed-senders`, {
      headers: admin,
      body: { sender: `${name}@s.example` },
    });
    return id;
  };
  const mine = await company("mine", a1.id);
  const theirs = await company("theirs", a2.id);
  const tokenOf = async (roles: ("Member" | "Approver")[] | "client-admin") => {
    const user =
      roles === "client-admin"
        ? await seedUser(h, client.id, { clientRoles: ["Admin"] })
        : await seedUser(h, client.id, { organisationId: a1.id, roles });
    return bearer(await tokenFor(h, apiKey.rawKey, user.id, a1.id));
  };
  return { client, admin, a1, a2, mine, theirs, tokenOf };
};

/** Everything a caller could have changed: every company with its allowlist, as the API key sees them. */
const snapshot = async (admin: Record<string, string>) => {
  const list = ((await h.call("GET", "/v1/companies?Limit=100", { headers: admin })).json as { data: Json[] }).data;
  return Promise.all(
    list.map(
      async (c): Promise<Json> => ({
        ...c,
        senders: (await h.call("GET", `/v1/companies/${String(c.id)}/allowed-senders`, { headers: admin })).json,
      }),
    ),
  );
};

for (const [role, label] of [
  ["Member", "a Member"],
  ["Approver", "an Approver"],
] as const) {
  test.serial(
    `${label} reads only the companies of its organisations; another's answers like a missing one`,
    async (t) => {
      const s = await seed();
      const headers = await s.tokenOf([role]);
      const list = (await h.call("GET", "/v1/companies", { headers })).json as { data: Json[] };
      t.deepEqual(
        list.data.map((c) => c.id),
        [s.mine],
      );
      for (const path of ["", "/allowed-senders", "/forwarding-rejections"]) {
        t.is((await h.call("GET", `/v1/companies/${s.mine}${path}`, { headers })).status, 200, path);
        const theirs = await h.call("GET", `/v1/companies/${s.theirs}${path}`, { headers });
        const missing = await h.call("GET", `/v1/companies/${MISSING}${path}`, { headers });
        t.is(theirs.status, 404, path);
        t.is(codeOf(theirs), "Company.NotFound");
        t.deepEqual(withoutInstance(theirs), withoutInstance(missing), path);
      }
      const bill = await h.call("GET", `/v1/companies/${s.theirs}/bills/${MISSING}`, { headers });
      t.is(codeOf(bill), "Company.NotFound");
    },
  );

  test.serial(`${label} changes no company, its own organisation's included: 403 and nothing written`, async (t) => {
    const s = await seed();
    const headers = await s.tokenOf([role]);
    const before = await snapshot(s.admin);
    const mineSenders = before.find((c) => c.id === s.mine)?.senders;
    const senderId = Array.isArray(mineSenders) ? (mineSenders[0] as Json).id : MISSING;
    const attempts: [string, string, unknown][] = [
      ["POST", "/v1/companies", { name: "new", organisationIds: [s.a1.id] }],
    ];
    for (const id of [s.mine, s.theirs, MISSING]) {
      attempts.push(
        ["PATCH", `/v1/companies/${id}`, { name: "renamed", organisationIds: [s.a1.id, s.a2.id] }],
        ["DELETE", `/v1/companies/${id}`, undefined],
        ["POST", `/v1/companies/${id}/allowed-senders`, { sender: "evil.example" }],
        ["DELETE", `/v1/companies/${id}/allowed-senders/${String(senderId)}`, undefined],
        ["POST", `/v1/companies/${id}/forwarding-rejections/${MISSING}/allow-sender`, { wholeDomain: true }],
        ["POST", `/v1/companies/${id}/bills/${MISSING}/assign`, { organisationId: s.a1.id }],
      );
    }
    for (const [method, path, body] of attempts) {
      const answer = await h.call(method, path, { headers, body });
      t.is(answer.status, 403, `${method} ${path}`);
      t.is(codeOf(answer), "Permission.Denied", `${method} ${path}`);
    }
    t.deepEqual(await snapshot(s.admin), before);
  });
}

test.serial("a client administrator's token reads and changes every company of the client", async (t) => {
  const s = await seed();
  const headers = await s.tokenOf("client-admin");
  const list = (await h.call("GET", "/v1/companies", { headers })).json as { data: Json[] };
  t.deepEqual(list.data.map((c) => c.id).sort(), [s.mine, s.theirs].sort());
  const renamed = await h.call("PATCH", `/v1/companies/${s.theirs}`, { headers, body: { name: "renamed" } });
  t.is(renamed.status, 200);
  t.is(
    (await h.call("POST", `/v1/companies/${s.theirs}/allowed-senders`, { headers, body: { sender: "x.example" } }))
      .status,
    201,
  );
  t.is((await h.call("DELETE", `/v1/companies/${s.mine}`, { headers })).status, 204);
});
