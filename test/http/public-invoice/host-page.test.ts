import test from "ava";
import { type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness({ vars: { APAR_PUBLIC_URL: "https://billing.example/" } });
});
test.after.always(async () => {
  await h?.dispose();
});

test("through the host: a sent invoice's paymentUrl is its page, with no Pay button and a 501 checkout; void: 410", async (t) => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id, "Initrode");
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  const customer = await h.call("POST", "/v1/customers", { headers, body: { name: "Bluth Company", currency: "USD" } });
  t.is(customer.status, 201, customer.text);
  const draft = await h.call("POST", "/v1/invoices", {
    headers,
    body: {
      customerId: (customer.json as { id: string }).id,
      lineItems: [{ description: "Banana stand", quantity: "1", unitPrice: "250" }],
    },
  });
  t.is(draft.status, 201, draft.text);
  const id = (draft.json as { id: string }).id;
  t.is((draft.json as { paymentUrl: unknown }).paymentUrl, null);
  const sent = await h.call("POST", `/v1/invoices/${id}/send`, { headers });
  t.is(sent.status, 200, sent.text);
  const paymentUrl = (sent.json as { paymentUrl: string }).paymentUrl;
  t.regex(paymentUrl, /^https:\/\/billing\.example\/i\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(paymentUrl).pathname;

  const page = await h.call("GET", path);
  t.is(page.status, 200);
  t.true(page.text.includes("Bluth Company") && page.text.includes("Initrode"));
  t.false(page.text.includes('id="pay"'));
  const pdf = await h.call("GET", `${path}/pdf`);
  t.is(pdf.status, 200);
  t.is(pdf.headers["content-type"], "application/pdf");
  t.true(pdf.text.startsWith("%PDF-"));
  const checkout = await h.call("POST", `${path}/checkout-session`);
  t.is(checkout.status, 501);
  t.like(checkout.json as object, { title: "Payments.NoGateway" });

  t.is((await h.call("POST", `/v1/invoices/${id}/void`, { headers, body: { reason: "wrong customer" } })).status, 200);
  t.is((await h.call("GET", path)).status, 410);
  t.is((await h.call("GET", `${path}/pdf`)).status, 410);
});
