import { secureRandomBytes } from "@apar/adapters/system/ids";
import type { Company } from "@apar/core";
import { createCompany, recordForwardingRejection } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { TOKENS } from "../../../host/src/tokens.js";
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
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const deps = () => ({
  db: h.db,
  clock: h.clock,
  ids: h.app.container.get(TOKENS.Ids),
  randomBytes: secureRandomBytes,
});

const seedCompany = async (clientId: string, organisationIds: string[] = []): Promise<Company> => {
  const r = await createCompany(deps())({ clientId, name: "Forwarding Co", organisationIds })();
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

const seedRejection = async (company: Company, at: Date, overrides: { subject?: string | null } = {}) => {
  const r = await recordForwardingRejection(deps())({
    clientId: company.clientId,
    companyId: company.id,
    fromAddress: "Billing@Supplier.example",
    subject: overrides.subject === undefined ? `Invoice of ${at.toISOString()}` : overrides.subject,
    attachments: [
      { name: "invoice.pdf", contentType: "application/pdf" },
      { name: "logo.png", contentType: "image/png" },
    ],
    reason: "SenderNotAllowed",
    authResult: "Pass",
    dkimResult: "Pass",
    spfResult: "Fail",
    receivedAt: at,
  })();
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

const FIELDS = [
  "id",
  "fromAddress",
  "fromDomain",
  "subject",
  "attachmentCount",
  "attachmentSummary",
  "reason",
  "authResult",
  "dkimResult",
  "spfResult",
  "receivedAt",
];

test.serial("200: a plain array, newest first, every field of BillForwardingRejectionResponse", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const company = await seedCompany(client.id);
  const base = Date.parse("2026-11-01T10:00:00.000Z");
  await seedRejection(company, new Date(base), { subject: null });
  const newest = await seedRejection(company, new Date(base + 2_000));
  await seedRejection(company, new Date(base + 1_000));

  const a = await h.call("GET", `/v1/companies/${company.id}/forwarding-rejections`, { headers: key(admin.rawKey) });
  t.is(a.status, 200);
  t.regex(String(a.headers["content-type"]), /^application\/json/);
  const rows = a.json as Record<string, unknown>[];
  t.true(Array.isArray(rows));
  t.deepEqual(
    rows.map((r) => r.receivedAt),
    ["2026-11-01T10:00:02.000Z", "2026-11-01T10:00:01.000Z", "2026-11-01T10:00:00.000Z"],
  );
  t.deepEqual(Object.keys(rows[0] ?? {}).sort(), [...FIELDS].sort());
  t.deepEqual(rows[0], {
    id: newest.id,
    fromAddress: "Billing@Supplier.example",
    fromDomain: "supplier.example",
    subject: "Invoice of 2026-11-01T10:00:02.000Z",
    attachmentCount: 2,
    attachmentSummary: "invoice.pdf (application/pdf), logo.png (image/png)",
    reason: "SenderNotAllowed",
    authResult: "Pass",
    dkimResult: "Pass",
    spfResult: "Fail",
    receivedAt: "2026-11-01T10:00:02.000Z",
  });
  t.is(rows[2]?.subject, null, "a null subject is present as null");
});

test.serial("Limit: default 20, 1 to 100, integer strings; anything else is a 400 problem", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const company = await seedCompany(client.id);
  const base = Date.parse("2026-10-01T00:00:00.000Z");
  for (let i = 0; i < 25; i += 1) await seedRejection(company, new Date(base + i * 1000));
  const path = `/v1/companies/${company.id}/forwarding-rejections`;
  const count = async (query: string) => {
    const a = await h.call("GET", `${path}${query}`, { headers: key(admin.rawKey) });
    return a.status === 200 ? (a.json as unknown[]).length : a.status;
  };
  t.is(await count(""), 20);
  t.is(await count("?Limit=5"), 5);
  t.is(await count("?limit=1"), 1, "the name is matched case-insensitively");
  t.is(await count("?Limit=100"), 25);
  for (const bad of ["0", "101", "-1", "2.5", "abc", "1e1", "%205"]) t.is(await count(`?Limit=${bad}`), 400, bad);
  const problem = await h.call("GET", `${path}?Limit=abc`, { headers: key(admin.rawKey) });
  t.regex(String(problem.headers["content-type"]), /^application\/problem\+json/);
  t.deepEqual(
    ((problem.json as { errors: { field: string }[] }).errors ?? []).map((e) => e.field),
    ["Limit"],
  );
});

test.serial("400 Company.MissingClientId for a credential spanning several clients without the header", async (t) => {
  const one = await seedClient(h);
  const two = await seedClient(h);
  const platform = await seedKey(h, { kind: "clients", clientIds: [one.id, two.id] });
  const company = await seedCompany(two.id);
  const path = `/v1/companies/${company.id}/forwarding-rejections`;
  const missing = await h.call("GET", path, { headers: key(platform.rawKey) });
  t.is(missing.status, 400);
  t.is(codeOf(missing), "Company.MissingClientId");
  t.like(missing.json, { status: 400, instance: path });
  const named = await h.call("GET", path, { headers: key(platform.rawKey, { "x-service-client-id": two.id }) });
  t.is(named.status, 200);
  const wrongClient = await h.call("GET", path, { headers: key(platform.rawKey, { "x-service-client-id": one.id }) });
  t.is(wrongClient.status, 404);
  t.is(codeOf(wrongClient), "Company.NotFound");
});

test.serial("403 Module.NotEntitled when the client's plan lacks inbox", async (t) => {
  const client = await seedClient(h, ["ap", "ar"]);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const company = await seedCompany(client.id);
  const a = await h.call("GET", `/v1/companies/${company.id}/forwarding-rejections`, { headers: key(admin.rawKey) });
  t.is(a.status, 403);
  t.is(codeOf(a), "Module.NotEntitled");
  t.regex(String(a.headers["content-type"]), /^application\/problem\+json/);
});

test.serial("404 Company.NotFound: missing, another client's and malformed ids answer alike", async (t) => {
  const mine = await seedClient(h);
  const theirs = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [mine.id] });
  const foreign = await seedCompany(theirs.id);
  await seedRejection(foreign, new Date());
  const answers = await Promise.all(
    [foreign.id, "01900000-0000-7000-8000-000000000000", "not-a-uuid"].map((id) =>
      h.call("GET", `/v1/companies/${id}/forwarding-rejections`, { headers: key(admin.rawKey) }),
    ),
  );
  const detail = (answers[1]?.json as { detail?: string } | undefined)?.detail;
  t.is(typeof detail, "string");
  for (const a of answers) {
    t.is(a.status, 404);
    const { instance: _instance, ...rest } = a.json as Record<string, unknown>;
    t.deepEqual(rest, {
      type: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.5",
      title: "Company.NotFound",
      status: 404,
      detail,
    });
  }
});

test.serial("a bearer token of a user of the client reads the listing too; no credential is 401", async (t) => {
  const client = await seedClient(h);
  const admin = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  const user = await seedUser(h, client.id, { organisationId: organisation.id });
  const company = await seedCompany(client.id, [organisation.id]);
  await seedRejection(company, new Date());
  const token = await tokenFor(h, admin.rawKey, user.id, organisation.id);
  const path = `/v1/companies/${company.id}/forwarding-rejections`;
  const a = await h.call("GET", path, { headers: bearer(token) });
  t.is(a.status, 200);
  t.is((a.json as unknown[]).length, 1);
  const anonymous = await h.call("GET", path);
  t.is(anonymous.status, 401);
  t.regex(String(anonymous.headers["content-type"]), /^application\/problem\+json/);
});
