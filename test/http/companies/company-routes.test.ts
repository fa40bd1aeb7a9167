import test from "ava";
import { codeOf, type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

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
  t.deepEqual((await h.call("GET", path, { headers })).json, []);
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
  const list = (await h.call("GET", path, { headers })).json as { id: string; value: string }[];
  t.deepEqual(
    list.map((s) => s.value),
    ["ap@supplier.example", "lieferant.example"],
  );
  t.is((await h.call("DELETE", `${path}/${list[0]?.id}`, { headers })).status, 204);
  const missing = await h.call("DELETE", `${path}/${list[0]?.id}`, { headers });
  t.is(missing.status, 404);
  t.is(codeOf(missing), "AllowedSender.NotFound");
  t.deepEqual(
    ((await h.call("GET", path, { headers })).json as { value: string }[]).map((s) => s.value),
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
