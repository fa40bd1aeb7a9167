import { createCustomer } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { eventually } from "../../helpers/eventually.js";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness({ vars: { APAR_ROLES: "api,worker,scheduler" } });
});
test.after.always(async () => {
  await h?.dispose();
});

test("the host's scheduler role: a tick enqueues the due occurrence and the worker generates and sends it", async (t) => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const scope = { clientId: client.id, organisationId: organisation.id };
  const deps = { db: h.db, clock: h.clock, ids: h.app.container.get(TOKENS.Ids) };
  const customer = await createCustomer(deps)(scope, { name: "Soylent", currency: "EUR" })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: organisation.timeZone }).format(h.clock.now());
  const created = await h.call("POST", "/v1/recurring-invoices", {
    headers,
    body: {
      customerId: customer.right.id,
      cadence: "Weekly",
      startDate: today,
      totalOccurrences: 2,
      autoSend: true,
      lineItems: [{ description: "Weekly box", quantity: "1", unitPrice: "30" }],
    },
  });
  t.is(created.status, 201, created.text);
  const id = (created.json as { id: string }).id;

  const scheduler = await h.app.container.getAsync(TOKENS.Scheduler);
  t.true((await scheduler.tick()) >= 1);
  const schedule = await eventually(async () => {
    const now = (await h.call("GET", `/v1/recurring-invoices/${id}`, { headers })).json as Record<string, unknown>;
    return now.occurrencesGenerated === 1 && now;
  }, "the first occurrence");
  t.like(schedule, { occurrencesGenerated: 1, nextOccurrenceNumber: 2, status: "Active" });
  const invoices = await h.db.stores.invoices.list(scope, {}, { limit: 10 });
  t.is(invoices.items.length, 1);
  t.like(invoices.items[0], {
    status: "Sent",
    recurringScheduleId: id,
    recurringOccurrenceNumber: 1,
    issueDate: today,
  });
});
