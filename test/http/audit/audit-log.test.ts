import { join } from "node:path";
import { connect } from "@apar/adapters/sql/connect";
import test from "ava";
import { parse } from "csv-parse/sync";
import { spawnHost } from "../../helpers/host-process.js";
import {
  bearer,
  codeOf,
  type Harness,
  key,
  seedKey,
  seedOrganisation,
  seedUser,
  startHarness,
  tokenFor,
} from "../auth/harness.js";

// The audit log over real HTTP: who changed what with each field before and after, filters and paging, the streamed
// exports, and the hash chains that `apar audit verify` walks (a row changed or deleted in the database is named).

interface AuditEvent {
  readonly id: string;
  readonly organisationId: string | null;
  readonly actor: { readonly type: string; readonly id: string | null; readonly via?: string };
  readonly type: string;
  readonly resource: { readonly type: string; readonly id: string };
  readonly changes: Record<string, { before: unknown; after: unknown }>;
  readonly requestId: string | null;
  readonly chain: { readonly id: string; readonly seq: number; readonly prevHash: string; readonly hash: string };
}
interface ListBody {
  readonly data: AuditEvent[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

/** A client with one organisation and a client API key; the headers that act in it. */
const world = async () => {
  const client = h.firstClient;
  const organisation = await seedOrganisation(h, client.id, `Audit ${Math.random().toString(36).slice(2, 8)}`);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const list = async (query = "", as = headers): Promise<ListBody> => {
    const answer = await h.call("GET", `/v1/audit-events${query}`, { headers: as });
    if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
    return answer.json as ListBody;
  };
  return { client, organisation, apiKey, headers, list };
};

const cli = async (args: string[]) => {
  const run = spawnHost("cli", h.env.env, args);
  const code = await run.exited;
  return { code, out: run.stdout(), err: run.stderr() };
};

/** Runs one statement on the harness's database, behind apar's back. */
const tamper = async (sql: string) => {
  const url = h.env.env.DATABASE_URL;
  const { sequelize } = await connect(url === undefined ? { sqliteFile: join(h.env.dataDir, "apar.sqlite") } : { url });
  try {
    await sequelize.query(sql);
  } finally {
    await sequelize.close();
  }
};

test.serial(
  "a change with no event (a rename) names the key that made it, with the field before and after",
  async (t) => {
    const w = await world();
    const renamed = await h.call("PATCH", `/v1/organisations/${w.organisation.id}`, {
      headers: { ...w.headers, "x-request-id": "rename-1" },
      body: { name: "Renamed GmbH" },
    });
    t.is(renamed.status, 200, renamed.text);
    const { data } = await w.list(`?type=organisation.updated&resourceId=${w.organisation.id}`);
    t.is(data.length, 1);
    t.like(data[0], {
      organisationId: w.organisation.id,
      actor: { type: "api_key", id: w.apiKey.apiKey.id },
      type: "organisation.updated",
      resource: { type: "organisation", id: w.organisation.id },
      requestId: "rename-1",
    });
    t.deepEqual(data[0]?.changes, { name: { before: w.organisation.name, after: "Renamed GmbH" } });
  },
);

test.serial(
  "client-wide changes (a key created and revoked) are in every organisation's log, secrets redacted",
  async (t) => {
    const w = await world();
    const created = await h.call("POST", "/v1/api-keys", { headers: w.headers, body: { name: "ci" } });
    t.is(created.status, 201, created.text);
    const keyId = (created.json as { id: string; rawKey: string }).id;
    t.is((await h.call("DELETE", `/v1/api-keys/${keyId}`, { headers: w.headers })).status, 204);
    const { data } = await w.list(`?resourceId=${keyId}`);
    t.deepEqual(
      data.map((e) => e.type),
      ["api_key.created", "api_key.revoked"],
    );
    t.is(data[0]?.organisationId, null);
    t.is(data[0]?.chain.id, w.client.id);
    t.deepEqual(data[0]?.changes.keyHash, { before: "[redacted]", after: "[redacted]" });
    t.is(data[0]?.changes.name?.after, "ci");
    t.false(JSON.stringify(data).includes((created.json as { rawKey: string }).rawKey.slice(14)));
    t.is(data[1]?.changes.revokedAt?.before, null);
    t.truthy(data[1]?.changes.revokedAt?.after);
  },
);

test.serial(
  "a person's change and an event's: the bearer's user is the actor; the event carries the diff",
  async (t) => {
    const w = await world();
    const admin = await seedUser(h, w.client.id, { organisationId: w.organisation.id, roles: ["Admin"] });
    const token = bearer(await tokenFor(h, w.apiKey.rawKey, admin.id, w.organisation.id), {
      "x-service-organisation-id": w.organisation.id,
    });
    const supplier = await h.call("POST", "/v1/suppliers", {
      headers: token,
      body: { name: "Acme GmbH", bankDetails: { iban: "DE89370400440532013000" } },
    });
    t.is(supplier.status, 201, supplier.text);
    const supplierId = (supplier.json as { id: string }).id;
    const patched = await h.call("PATCH", `/v1/suppliers/${supplierId}`, {
      headers: token,
      body: { bankDetails: { iban: "GB82WEST12345698765432" } },
    });
    t.is(patched.status, 200, patched.text);
    const { data } = await w.list(`?resourceType=supplier&resourceId=${supplierId}`);
    t.deepEqual(
      data.map((e) => e.type),
      ["supplier.created", "supplier.bank_details_changed"],
    );
    for (const e of data) t.deepEqual(e.actor, { type: "user", id: admin.id });
    t.deepEqual(data[0]?.changes.name, { before: null, after: "Acme GmbH" });
    const account = data[1]?.changes.bankDetails;
    t.is((account?.before as { iban?: string } | null)?.iban, "DE89370400440532013000");
    t.is((account?.after as { iban?: string } | null)?.iban, "GB82WEST12345698765432");
    // Signing in is the user's own entry (the code an API key issued, then its exchange).
    const signIn = await w.list(`?resourceId=${admin.id}&actorId=${admin.id}`);
    t.true(signIn.data.some((e) => e.type === "user.signed_in"));
  },
);

test.serial("a change through MCP names the key and the channel", async (t) => {
  const w = await world();
  const called = await h.call("POST", "/v1/mcp", {
    headers: { ...w.headers, accept: "application/json, text/event-stream" },
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_customer", arguments: { name: "Via MCP" } },
    },
  });
  t.is(called.status, 200, called.text);
  const { data } = await w.list("?resourceType=customer");
  t.is(data.length, 1);
  t.deepEqual(data[0]?.actor, { type: "api_key", id: w.apiKey.apiKey.id, via: "mcp" });
  t.is(data[0]?.changes.name?.after, "Via MCP");
});

test.serial("filters, paging and refusals", async (t) => {
  const w = await world();
  for (const name of ["A", "B", "C"])
    t.is((await h.call("POST", "/v1/customers", { headers: w.headers, body: { name } })).status, 201);
  const customers = await w.list("?resourceType=customer&Limit=2");
  t.is(customers.data.length, 2);
  t.true(customers.hasMore);
  const rest = await w.list(`?resourceType=customer&Limit=2&Cursor=${customers.nextCursor}`);
  t.is(rest.data.length, 1);
  t.false(rest.hasMore);
  t.deepEqual(
    [...customers.data, ...rest.data].map((e) => e.changes.name?.after),
    ["A", "B", "C"],
  );
  t.is((await w.list("?actorType=system&resourceType=customer")).data.length, 0);
  t.is((await w.list(`?from=2000-01-01&to=2000-01-02`)).data.length, 0);
  const today = new Date().toISOString().slice(0, 10);
  t.is((await w.list(`?resourceType=customer&from=${today}`)).data.length, 3);
  const bad = await h.call("GET", "/v1/audit-events?actorType=robot&from=yesterday", { headers: w.headers });
  t.is(bad.status, 400);
  t.deepEqual(((bad.json as { errors: { field: string }[] }).errors ?? []).map((e) => e.field).sort(), [
    "actorType",
    "from",
  ]);
  // Another organisation's log holds none of them; a Member may not read the log.
  const other = await seedOrganisation(h, w.client.id, "Other");
  const elsewhere = await w.list("?resourceType=customer", { ...w.headers, "x-service-organisation-id": other.id });
  t.is(elsewhere.data.length, 0);
  const member = await seedUser(h, w.client.id, { organisationId: w.organisation.id, roles: ["Member"] });
  const memberToken = bearer(await tokenFor(h, w.apiKey.rawKey, member.id, w.organisation.id), {
    "x-service-organisation-id": w.organisation.id,
  });
  const refused = await h.call("GET", "/v1/audit-events", { headers: memberToken });
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Permission.Denied");
});

test.serial("the export streams CSV (RFC 4180, header row) and JSON Lines with what the list answers", async (t) => {
  const w = await world();
  for (const name of ['Quote "q" GmbH', "Comma, Line\nBreak", "Plain"])
    t.is((await h.call("POST", "/v1/customers", { headers: w.headers, body: { name } })).status, 201);
  const listed = (await w.list("?resourceType=customer&Limit=100")).data;
  const csv = await h.call("GET", "/v1/audit-events/export?format=csv&resourceType=customer", { headers: w.headers });
  t.is(csv.status, 200);
  t.regex(String(csv.headers["content-type"]), /^text\/csv/);
  t.regex(String(csv.headers["content-disposition"]), /attachment; filename="audit-events\.csv"/);
  t.true(csv.text.includes("\r\n"));
  const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
  t.is(rows.length, 3);
  t.deepEqual(
    rows.map((r) => r.id),
    listed.map((e) => e.id),
  );
  t.like(rows[1], { type: "customer.created", actorType: "api_key", actorId: w.apiKey.apiKey.id, actorVia: "" });
  t.is((JSON.parse(rows[1]?.changes ?? "{}") as { name: { after: string } }).name.after, "Comma, Line\nBreak");
  t.is(rows[0]?.hash, listed[0]?.chain.hash);

  const jsonl = await h.call("GET", "/v1/audit-events/export?format=jsonl&resourceType=customer", {
    headers: w.headers,
  });
  t.is(jsonl.status, 200);
  t.regex(String(jsonl.headers["content-type"]), /^application\/x-ndjson/);
  const lines = jsonl.text
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as AuditEvent);
  t.deepEqual(lines, listed);
  const bad = await h.call("GET", "/v1/audit-events/export?format=xml", { headers: w.headers });
  t.is(bad.status, 400);
});

test.serial("apar audit verify passes, then names the entry whose column was changed, and a deleted one", async (t) => {
  const w = await world();
  for (const name of ["One", "Two", "Three"])
    t.is(
      (await h.call("POST", "/v1/products", { headers: w.headers, body: { name, unitPrice: "1.00", currency: "EUR" } }))
        .status,
      201,
      name,
    );
  const ok = await cli(["audit", "verify", "--organisation", w.organisation.id]);
  t.is(ok.code, 0, ok.err);
  const report = JSON.parse(ok.out) as { verified: boolean; chains: { chainId: string; entries: number }[] };
  t.true(report.verified);
  t.deepEqual(report.chains.map((c) => c.chainId).sort(), [w.client.id, w.organisation.id].sort());
  const all = await cli(["audit", "verify"]);
  t.is(all.code, 0, all.err);

  const products = (await w.list("?resourceType=product")).data;
  const second = products[1];
  if (second === undefined) throw new Error("no second product entry");
  await tamper(`UPDATE audit_events SET actor_id = 'someone-else' WHERE id = '${second.id}'`);
  const changed = await cli(["audit", "verify", "--organisation", w.organisation.id]);
  t.is(changed.code, 1);
  t.like(JSON.parse(changed.out), {
    verified: false,
    broken: { chainId: w.organisation.id, seq: second.chain.seq, id: second.id },
  });
  t.regex(
    changed.err,
    new RegExp(`broken at entry ${second.chain.seq} \\(${second.id}\\): its content does not match`),
  );
  await tamper(`UPDATE audit_events SET actor_id = '${w.apiKey.apiKey.id}' WHERE id = '${second.id}'`);
  t.is((await cli(["audit", "verify", "--organisation", w.organisation.id])).code, 0);

  await tamper(`DELETE FROM audit_events WHERE id = '${second.id}'`);
  const deleted = await cli(["audit", "verify", "--organisation", w.organisation.id]);
  t.is(deleted.code, 1);
  t.like(JSON.parse(deleted.out), {
    broken: { chainId: w.organisation.id, seq: second.chain.seq, id: products[2]?.id },
  });
  t.regex(deleted.err, new RegExp(`entry ${second.chain.seq} is missing`));

  const last = products[2];
  if (last === undefined) throw new Error("no third product entry");
  await tamper(`DELETE FROM audit_events WHERE chain_id = '${w.organisation.id}' AND seq >= ${second.chain.seq}`);
  const truncated = await cli(["audit", "verify", "--organisation", w.organisation.id]);
  t.is(truncated.code, 1);
  t.regex(truncated.err, /entries were deleted/);
  // Another organisation's chain is not affected.
  const other = await seedOrganisation(h, w.client.id, "Untouched");
  t.is((await cli(["audit", "verify", "--organisation", other.id])).code, 0);
});
