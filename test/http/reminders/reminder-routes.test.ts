import { randomTokens } from "@apar/adapters/invoices/index";
import { SYSTEM_ACTOR } from "@apar/core";
import { createCustomer, createInvoice, sendInvoice } from "@apar/core/app";
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

/** An organisation with a key, a customer with an address, and an invoice maker. */
const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const scope = { clientId: client.id, organisationId: organisation.id };
  const deps = {
    db: h.db,
    clock: h.clock,
    ids: h.app.container.get(TOKENS.Ids),
    tokens: randomTokens(),
    publicBaseUrl: "https://apar.test",
  };
  const customer = await createCustomer(deps)(scope, { name: "Acme", email: "ap@acme.example", currency: "EUR" })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const invoice = async (send: boolean) => {
    const draft = await createInvoice(deps)({
      scope,
      actor: SYSTEM_ACTOR,
      body: { customerId: customer.right.id, lineItems: [{ description: "Work", quantity: "1", unitPrice: "10" }] },
    })();
    if (E.isLeft(draft)) throw new Error(draft.left.code);
    if (!send) return draft.right.id;
    const sent = await sendInvoice(deps)({ scope, actor: SYSTEM_ACTOR, id: draft.right.id })();
    if (E.isLeft(sent)) throw new Error(sent.left.code);
    return sent.right.id;
  };
  return {
    invoice,
    call: (method: string, path: string, body?: unknown) =>
      h.call(method, path, { headers, ...(body === undefined ? {} : { body }) }),
  };
};

test("the organisation's rules: defaults, then its own; bad offsets are refused", async (t) => {
  const { call } = await tenant();
  t.deepEqual((await call("GET", "/v1/invoice-reminders")).json, {
    offsets: ["TwoDaysBefore", "OnDueDate", "OneWeekAfter"],
    isDefault: true,
  });
  const put = await call("PUT", "/v1/invoice-reminders", { offsets: ["OneWeekAfter", "OnDueDate", "OnDueDate"] });
  t.is(put.status, 200, put.text);
  t.deepEqual(put.json, { offsets: ["OnDueDate", "OneWeekAfter"], isDefault: false });
  t.deepEqual((await call("GET", "/v1/invoice-reminders")).json, put.json);
  t.is((await call("PUT", "/v1/invoice-reminders", { offsets: ["Tomorrow"] })).status, 400);
  t.is((await call("PUT", "/v1/invoice-reminders", {})).status, 400);
  t.deepEqual((await call("PUT", "/v1/invoice-reminders", { offsets: [] })).json, { offsets: [], isDefault: false });
});

test("send now: 201, then the same reminder for 60 s; history lists it; drafts and other tenants' invoices refused", async (t) => {
  const a = await tenant();
  const id = await a.invoice(true);
  const first = await a.call("POST", `/v1/invoices/${id}/reminders`);
  t.is(first.status, 201, first.text);
  t.like(first.json as object, { invoiceId: id, offset: "Manual", status: "Sent", recipient: "ap@acme.example" });
  const again = await a.call("POST", `/v1/invoices/${id}/reminders`);
  t.is(again.status, 200);
  t.is((again.json as { id: string }).id, (first.json as { id: string }).id);
  const history = await a.call("GET", `/v1/invoices/${id}/reminders`);
  t.is(history.status, 200);
  t.deepEqual(
    (history.json as { data: { id: string }[] }).data.map((r) => r.id),
    [(first.json as { id: string }).id],
  );

  const draft = await a.invoice(false);
  const refused = await a.call("POST", `/v1/invoices/${draft}/reminders`);
  t.is(refused.status, 409);
  t.like(refused.json as object, { title: "Reminder.NotRemindable" });

  const b = await tenant();
  t.is((await b.call("POST", `/v1/invoices/${id}/reminders`)).status, 404);
  t.is((await b.call("GET", `/v1/invoices/${id}/reminders`)).status, 404);
});
