import { createCustomer } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const DAY = 86_400_000;

/** An organisation with a key, and a call that carries both. */
const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const scope = { clientId: client.id, organisationId: organisation.id };
  const ids = h.app.container.get(TOKENS.Ids);
  const customer = await createCustomer({ db: h.db, clock: h.clock, ids })(scope, {
    name: "Globex",
    currency: "EUR",
  })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  return {
    organisation,
    customerId: customer.right.id,
    call: (method: string, path: string, body?: unknown) =>
      h.call(method, path, { headers, ...(body === undefined ? {} : { body }) }),
  };
};

const dateIn = (days: number) => new Date(h.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

const body = (customerId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  cadence: "Monthly",
  startDate: dateIn(3),
  totalOccurrences: 12,
  autoSend: true,
  lineItems: [{ description: "Support plan", quantity: "1", unitPrice: "99.00", taxRate: "20" }],
  memo: "Monthly support",
  dueDays: 14,
  ...over,
});

type Schedule = Record<string, unknown> & { id: string };

test("create, read, list and change a schedule", async (t) => {
  const { call, organisation, customerId } = await tenant();
  const created = await call("POST", "/v1/recurring-invoices", body(customerId));
  t.is(created.status, 201, created.text);
  const s = created.json as Schedule;
  t.like(s, {
    customerId,
    cadence: "Monthly",
    status: "Active",
    occurrencesGenerated: 0,
    nextOccurrenceNumber: 1,
    totalOccurrences: 12,
    endDate: null,
    autoSend: true,
    dueDays: 14,
    lastGeneratedAt: null,
    timeZone: organisation.timeZone,
  });
  t.is(typeof s.nextRunAt, "string");
  t.true(Date.parse(s.nextRunAt as string) > h.clock.now().getTime());

  t.deepEqual((await call("GET", `/v1/recurring-invoices/${s.id}`)).json, s);
  const list = await call("GET", "/v1/recurring-invoices?limit=10");
  t.is(list.status, 200);
  t.deepEqual(
    (list.json as { data: Schedule[] }).data.map((x) => x.id),
    [s.id],
  );

  const patched = await call("PATCH", `/v1/recurring-invoices/${s.id}`, { cadence: "Quarterly", memo: null });
  t.is(patched.status, 200, patched.text);
  t.like(patched.json as Schedule, { cadence: "Quarterly", memo: null, status: "Active" });
});

test("creation refuses a start date in the past, an end before the start, and unknown members", async (t) => {
  const { call, customerId } = await tenant();
  const past = await call("POST", "/v1/recurring-invoices", body(customerId, { startDate: dateIn(-2) }));
  t.is(past.status, 400);
  t.true(past.text.includes("startDate"));
  const end = await call("POST", "/v1/recurring-invoices", body(customerId, { endDate: dateIn(1) }));
  t.is(end.status, 400);
  t.true(end.text.includes("endDate"));
  t.is((await call("POST", "/v1/recurring-invoices", body(customerId, { cadence: "Daily" }))).status, 400);
  t.is((await call("POST", "/v1/recurring-invoices", body(customerId, { lineItems: [] }))).status, 400);
  t.is((await call("POST", "/v1/recurring-invoices", { ...body(customerId), surprise: 1 })).status, 400);
  const stranger = await call("POST", "/v1/recurring-invoices", body("0190a7a1-7b7d-7c1e-8a6b-1c2d3e4f5a6b"));
  t.is(stranger.status, 400);
  t.true(stranger.text.includes("customerId"));
});

test("pause, resume and cancel follow the statuses; a cancelled schedule cannot change", async (t) => {
  const { call, customerId } = await tenant();
  const s = (await call("POST", "/v1/recurring-invoices", body(customerId))).json as Schedule;
  t.is((await call("POST", `/v1/recurring-invoices/${s.id}/resume`)).status, 409);
  const paused = await call("POST", `/v1/recurring-invoices/${s.id}/pause`);
  t.like(paused.json as Schedule, { status: "Paused" });
  t.is((await call("POST", `/v1/recurring-invoices/${s.id}/pause`)).status, 409);
  // A change to a paused schedule keeps it paused.
  t.like((await call("PATCH", `/v1/recurring-invoices/${s.id}`, { autoSend: false })).json as Schedule, {
    status: "Paused",
    autoSend: false,
  });
  t.like((await call("POST", `/v1/recurring-invoices/${s.id}/resume`)).json as Schedule, { status: "Active" });
  const cancelled = await call("POST", `/v1/recurring-invoices/${s.id}/cancel`);
  t.like(cancelled.json as Schedule, { status: "Cancelled", nextRunAt: null, nextOccurrenceNumber: null });
  t.is((await call("POST", `/v1/recurring-invoices/${s.id}/cancel`)).status, 409);
  t.is((await call("PATCH", `/v1/recurring-invoices/${s.id}`, { memo: "x" })).status, 409);
});

test("another organisation's schedule answers 404", async (t) => {
  const a = await tenant();
  const b = await tenant();
  const s = (await a.call("POST", "/v1/recurring-invoices", body(a.customerId))).json as Schedule;
  t.is((await b.call("GET", `/v1/recurring-invoices/${s.id}`)).status, 404);
  t.is((await b.call("POST", `/v1/recurring-invoices/${s.id}/pause`)).status, 404);
  t.deepEqual(((await b.call("GET", "/v1/recurring-invoices")).json as { data: unknown[] }).data, []);
});
