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
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

const IDENTITY = {
  legalName: "Muster Handel GmbH",
  addressLines: ["Hauptstraße 5"],
  city: "München",
  postcode: "80331",
  countryCode: "de",
  vatNumber: "de 123 456 789",
  companyRegistrationId: "HRB 12345",
  contactEmail: "Rechnung@Muster.example",
  defaultPaymentTermsDays: 30,
  bankAccounts: [{ iban: "de89 3704 0044 0532 0130 00", bic: "cobadeffxxx" }],
};

const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  return {
    client,
    apiKey,
    organisation,
    headers: key(apiKey.rawKey, { "x-service-organisation-id": organisation.id }),
  };
};

test("seller identity: 404 until set, then stored in canonical form and read back", async (t) => {
  const { headers } = await tenant();
  const before = await h.call("GET", "/v1/seller-identity", { headers });
  t.is(before.status, 404);
  t.is(codeOf(before), "SellerIdentity.NotSet");
  const put = await h.call("PUT", "/v1/seller-identity", { headers, body: IDENTITY });
  t.is(put.status, 200, put.text);
  const got = await h.call("GET", "/v1/seller-identity", { headers });
  t.deepEqual(got.json, put.json);
  t.like(got.json as object, {
    legalName: "Muster Handel GmbH",
    countryCode: "DE",
    vatNumber: "DE123456789",
    contactEmail: "rechnung@muster.example",
    taxRegistration: null,
    tradingName: null,
    defaultPaymentTermsDays: 30,
    bankAccounts: [{ iban: "DE89370400440532013000", bicSwift: "COBADEFFXXX", bic: "COBADEFFXXX", accountName: null }],
  });
});

test("seller identity: a bank account's BIC is bicSwift, as in every bank details object; bic is its alias", async (t) => {
  const { headers } = await tenant();
  const account = { iban: "DE89370400440532013000" };
  const canonical = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...IDENTITY, bankAccounts: [{ ...account, bicSwift: "cobadeffxxx" }] },
  });
  t.is(canonical.status, 200, canonical.text);
  t.like((canonical.json as { bankAccounts: object[] }).bankAccounts[0], {
    bicSwift: "COBADEFFXXX",
    bic: "COBADEFFXXX",
  });
  const both = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...IDENTITY, bankAccounts: [{ ...account, bicSwift: "COBADEFFXXX", bic: "COBADEFF" }] },
  });
  t.is(both.status, 400, both.text);
  t.deepEqual(
    (both.json as { errors: { field: string; code: string }[] }).errors.map((e) => [e.field, e.code]),
    [["bankAccounts.0.bicSwift", "conflict"]],
  );
  const same = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...IDENTITY, bankAccounts: [{ ...account, bicSwift: "COBADEFFXXX", bic: "cobadeff xxx" }] },
  });
  t.is(same.status, 200, same.text);
});

test("seller identity: a PUT replaces the whole of it", async (t) => {
  const { headers } = await tenant();
  t.is((await h.call("PUT", "/v1/seller-identity", { headers, body: IDENTITY })).status, 200);
  const { bankAccounts: _, vatNumber: __, ...rest } = IDENTITY;
  const put = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...rest, taxRegistration: "143/123/45678" },
  });
  t.is(put.status, 200, put.text);
  t.like(put.json as object, { vatNumber: null, taxRegistration: "143/123/45678", bankAccounts: [] });
});

test("seller identity: bad members are a 400 naming each, and nothing is written", async (t) => {
  const { headers } = await tenant();
  const bad = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: {
      ...IDENTITY,
      countryCode: "Germany",
      addressLines: [],
      defaultPaymentTermsDays: 400,
      bankAccounts: [{ iban: "DE89 3704 0044 0532 0130 01" }],
    },
  });
  t.is(bad.status, 400);
  const fields = ((bad.json as { errors: { field: string; code: string }[] }).errors ?? []).map((e) => e.field);
  t.true(fields.includes("countryCode"), bad.text);
  t.true(fields.includes("bankAccounts.0.iban"), bad.text);
  const unknown = await h.call("PUT", "/v1/seller-identity", { headers, body: { ...IDENTITY, colour: "red" } });
  t.is(unknown.status, 400);
  t.is((unknown.json as { errors: { code: string }[] }).errors[0]?.code, "unknown_field");
  const range = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...IDENTITY, addressLines: [], defaultPaymentTermsDays: 400 },
  });
  t.is(range.status, 400);
  t.deepEqual(((range.json as { errors: { field: string }[] }).errors ?? []).map((e) => e.field).sort(), [
    "addressLines",
    "defaultPaymentTermsDays",
  ]);
  const unidentified = await h.call("PUT", "/v1/seller-identity", {
    headers,
    body: { ...IDENTITY, vatNumber: null, companyRegistrationId: null },
  });
  t.deepEqual(
    ((unidentified.json as { errors: { field: string }[] }).errors ?? []).map((e) => e.field),
    ["vatNumber"],
  );
  t.is((await h.call("GET", "/v1/seller-identity", { headers })).status, 404);
});

test("seller identity: members may read it, only Admins change it; another organisation sees its own", async (t) => {
  const { client, apiKey, organisation, headers } = await tenant();
  t.is((await h.call("PUT", "/v1/seller-identity", { headers, body: IDENTITY })).status, 200);
  const member = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Member"] });
  const asMember = bearer(await tokenFor(h, apiKey.rawKey, member.id, organisation.id), {
    "x-service-organisation-id": organisation.id,
  });
  t.is((await h.call("GET", "/v1/seller-identity", { headers: asMember })).status, 200);
  const refused = await h.call("PUT", "/v1/seller-identity", { headers: asMember, body: IDENTITY });
  t.is(refused.status, 403);
  t.is(codeOf(refused), "Permission.Denied");
  const admin = await seedUser(h, client.id, { organisationId: organisation.id, roles: ["Admin"] });
  const asAdmin = bearer(await tokenFor(h, apiKey.rawKey, admin.id, organisation.id), {
    "x-service-organisation-id": organisation.id,
  });
  t.is((await h.call("PUT", "/v1/seller-identity", { headers: asAdmin, body: IDENTITY })).status, 200);
  const other = await seedOrganisation(h, client.id, "Other");
  const otherHeaders = key(apiKey.rawKey, { "x-service-organisation-id": other.id });
  t.is((await h.call("GET", "/v1/seller-identity", { headers: otherHeaders })).status, 404);
});

test("tax categories: a reverse-charge line needs its reason, and the customer's VAT number to be sent", async (t) => {
  const { headers } = await tenant();
  const customer = await h.call("POST", "/v1/customers", {
    headers,
    body: { name: "Dupont SARL", currency: "EUR", country: "FR" },
  });
  t.is(customer.status, 201, customer.text);
  const customerId = (customer.json as { id: string }).id;
  const line = { description: "Montage", quantity: "8", unitPrice: "75", taxRate: "0", taxCategory: "AE" };
  const noReason = await h.call("POST", "/v1/invoices", { headers, body: { customerId, lineItems: [line] } });
  t.is(noReason.status, 400);
  t.deepEqual(
    (noReason.json as { errors: { field: string }[] }).errors.map((e) => e.field),
    ["body.lineItems.0.taxExemptionReason"],
  );
  const wrongRate = await h.call("POST", "/v1/invoices", {
    headers,
    body: { customerId, lineItems: [{ ...line, taxRate: "20", taxExemptionReason: "Reverse charge" }] },
  });
  t.is(wrongRate.status, 400);
  const draft = await h.call("POST", "/v1/invoices", {
    headers,
    body: { customerId, lineItems: [{ ...line, taxExemptionReason: "Autoliquidation" }] },
  });
  t.is(draft.status, 201, draft.text);
  const draftJson = draft.json as { id: string; lineItems: { taxCategory: string }[]; taxBreakdown: unknown[] };
  t.is(draftJson.lineItems[0]?.taxCategory, "AE");
  t.like(draftJson.taxBreakdown[0] as object, {
    category: "AE",
    exemptionReason: "Autoliquidation",
    taxAmount: "0.00",
  });
  const refused = await h.call("POST", `/v1/invoices/${draftJson.id}/send`, { headers });
  t.is(refused.status, 409);
  t.is(codeOf(refused), "Invoice.ReverseChargeNeedsBuyerVat");
  const vat = await h.call("PATCH", `/v1/customers/${customerId}`, { headers, body: { taxNumber: "FR40303265045" } });
  t.is(vat.status, 200, vat.text);
  const sent = await h.call("POST", `/v1/invoices/${draftJson.id}/send`, { headers });
  t.is(sent.status, 200, sent.text);
  t.like(sent.json as object, { status: "Sent", customer: { taxNumber: "FR40303265045" } });
});
