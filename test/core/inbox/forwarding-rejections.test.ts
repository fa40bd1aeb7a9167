import { type ForwardingRejection, forwardingRejectionResponse, SUBJECT_MAX } from "@apar/core";
import {
  createCompany,
  listForwardingRejections,
  type RecordForwardingRejectionInput,
  recordForwardingRejection,
} from "@apar/core/app";
import test, { type ExecutionContext } from "ava";
import { aClientWithOrganisation, inboxDeps, left, NOW, newId, right } from "./setup.js";

const setup = async (t: ExecutionContext) => {
  const deps = inboxDeps();
  const { client } = await aClientWithOrganisation(deps.db);
  const company = right(t, await createCompany(deps)({ clientId: client.id, name: "Acme" })());
  const input = (over: Partial<RecordForwardingRejectionInput> = {}): RecordForwardingRejectionInput => ({
    clientId: client.id,
    companyId: company.id,
    fromAddress: "Billing@Supplier.Example",
    subject: "Invoice 1042",
    attachments: [
      { name: "invoice.pdf", contentType: "application/pdf" },
      { name: "logo.png", contentType: "image/png" },
    ],
    reason: "SenderNotAllowed",
    authResult: "Pass",
    dkimResult: "Pass",
    spfResult: "Fail",
    ...over,
  });
  return { deps, client, company, input };
};

test("recordForwardingRejection: keeps metadata only, deriving domain, count and summary", async (t) => {
  const { deps, client, company, input } = await setup(t);
  const rejection = right(t, await recordForwardingRejection(deps)(input())());
  t.deepEqual(rejection, {
    id: rejection.id,
    clientId: client.id,
    companyId: company.id,
    fromAddress: "Billing@Supplier.Example",
    fromDomain: "supplier.example",
    subject: "Invoice 1042",
    attachmentCount: 2,
    attachmentSummary: "invoice.pdf (application/pdf), logo.png (image/png)",
    reason: "SenderNotAllowed",
    authResult: "Pass",
    dkimResult: "Pass",
    spfResult: "Fail",
    receivedAt: NOW,
  });
  t.deepEqual(await deps.db.stores.forwardingRejections.ofId(client.id, rejection.id), rejection);
});

test("recordForwardingRejection: no attachments is count 0 and summary null; long text is cut", async (t) => {
  const { deps, input } = await setup(t);
  const at = new Date("2026-01-02T03:04:05.006Z");
  const rejection = right(
    t,
    await recordForwardingRejection(deps)(
      input({ attachments: [], subject: "s".repeat(5000), receivedAt: at, fromAddress: '"x@y"@Mail.Example' }),
    )(),
  );
  t.is(rejection.attachmentCount, 0);
  t.is(rejection.attachmentSummary, null);
  t.is([...(rejection.subject ?? "")].length, SUBJECT_MAX);
  t.true(rejection.subject?.endsWith("…"));
  t.deepEqual(rejection.receivedAt, at);
  t.is(rejection.fromDomain, "mail.example");
  const many = Array.from({ length: 500 }, (_, i) => ({ name: `scan-${i}.pdf`, contentType: "application/pdf" }));
  const big = right(t, await recordForwardingRejection(deps)(input({ attachments: many }))());
  t.is(big.attachmentCount, 500);
  t.true((big.attachmentSummary?.length ?? 0) <= 2000);
});

test("recordForwardingRejection: an address without a domain or an unknown enum is a validation error", async (t) => {
  const { deps, client, input } = await setup(t);
  for (const fromAddress of ["nobody", "nobody@", "", `${"a".repeat(320)}@x.example`]) {
    const error = left(t, await recordForwardingRejection(deps)(input({ fromAddress }))());
    t.deepEqual(
      error.errors?.map((e) => e.field),
      ["fromAddress"],
    );
  }
  const error = left(
    t,
    await recordForwardingRejection(deps)(
      input({ reason: "Spam" as never, spfResult: "pass" as never, receivedAt: new Date(Number.NaN) }),
    )(),
  );
  t.deepEqual(
    error.errors?.map((e) => e.field),
    ["reason", "spfResult", "receivedAt"],
  );
  t.is((await deps.db.stores.companies.listByClient(client.id, { limit: 5 })).items.length, 1);
});

test("recordForwardingRejection: a company of another client is Company.NotFound", async (t) => {
  const { deps, input, company } = await setup(t);
  const other = await aClientWithOrganisation(deps.db);
  const error = left(t, await recordForwardingRejection(deps)(input({ clientId: other.client.id }))());
  t.is(error.code, "Company.NotFound");
  t.deepEqual(await deps.db.stores.forwardingRejections.newestOfCompany(other.client.id, company.id, 10), []);
});

test("listForwardingRejections: newest first, default 20, at most Limit", async (t) => {
  const { deps, client, company, input } = await setup(t);
  const recorded: ForwardingRejection[] = [];
  for (let i = 0; i < 25; i += 1)
    recorded.push(
      right(
        t,
        await recordForwardingRejection(deps)(input({ receivedAt: new Date(NOW.getTime() + (i % 7) * 1000) }))(),
      ),
    );
  const newestFirst = [...recorded].sort(
    (a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  const list = listForwardingRejections(deps);
  const all = right(t, await list({ clientId: client.id, companyId: company.id })());
  t.deepEqual(all, newestFirst.slice(0, 20));
  t.deepEqual(right(t, await list({ clientId: client.id, companyId: company.id, limit: 100 })()), newestFirst);
  t.deepEqual(
    right(t, await list({ clientId: client.id, companyId: company.id, limit: 1 })()),
    newestFirst.slice(0, 1),
  );
});

test("listForwardingRejections: a company with none answers an empty list", async (t) => {
  const { deps, client, company } = await setup(t);
  t.deepEqual(right(t, await listForwardingRejections(deps)({ clientId: client.id, companyId: company.id })()), []);
});

test("listForwardingRejections: Limit outside 1 to 100 is a validation error naming Limit", async (t) => {
  const { deps, client, company } = await setup(t);
  for (const limit of [0, -1, 101, 1.5, Number.NaN]) {
    const error = left(
      t,
      await listForwardingRejections(deps)({ clientId: client.id, companyId: company.id, limit })(),
    );
    t.is(error.kind, "BadRequest");
    t.deepEqual(
      error.errors?.map((e) => e.field),
      ["Limit"],
    );
  }
});

test("listForwardingRejections: another client's company answers exactly as a missing one", async (t) => {
  const { deps, company, input } = await setup(t);
  right(t, await recordForwardingRejection(deps)(input())());
  const other = await aClientWithOrganisation(deps.db);
  const foreign = left(t, await listForwardingRejections(deps)({ clientId: other.client.id, companyId: company.id })());
  const missing = left(t, await listForwardingRejections(deps)({ clientId: other.client.id, companyId: newId() })());
  t.deepEqual(foreign, missing);
  t.like(foreign, { kind: "NotFound", code: "Company.NotFound" });
});

test("forwardingRejectionResponse: exactly the spec's fields, nulls present, UTC ISO time", async (t) => {
  const { deps, input } = await setup(t);
  const rejection = right(
    t,
    await recordForwardingRejection(deps)(
      input({
        subject: null,
        attachments: [],
        reason: "AuthenticationFailed",
        authResult: "Fail",
        dkimResult: "Unknown",
        spfResult: "Pass",
        receivedAt: new Date("2026-03-04T05:06:07.891+02:00"),
      }),
    )(),
  );
  const body = JSON.parse(JSON.stringify(forwardingRejectionResponse(rejection)));
  t.deepEqual(Object.keys(body), [
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
  ]);
  t.deepEqual(body, {
    id: rejection.id,
    fromAddress: "Billing@Supplier.Example",
    fromDomain: "supplier.example",
    subject: null,
    attachmentCount: 0,
    attachmentSummary: null,
    reason: "AuthenticationFailed",
    authResult: "Fail",
    dkimResult: "Unknown",
    spfResult: "Pass",
    receivedAt: "2026-03-04T03:06:07.891Z",
  });
  t.is(typeof body.attachmentCount, "number");
});
