import test from "ava";
import { codeOf, type Harness, key, seedClient, seedKey, seedOrganisation, startHarness } from "../auth/harness.js";

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const tenant = async () => {
  const client = await seedClient(h);
  const apiKey = await seedKey(h, { kind: "clients", clientIds: [client.id] });
  const organisation = await seedOrganisation(h, client.id);
  const headers = key(apiKey.rawKey, { "x-service-organisation-id": organisation.id });
  // Tests run at once: each reads its own client's events (a shared "last client" raced between them).
  return Object.assign(
    (method: string, path: string, body?: unknown) =>
      h.call(method, path, { headers, ...(body === undefined ? {} : { body }) }),
    { clientId: client.id },
  );
};

test("GET /bank-details/countries lists every profile as one page, under /v1 too; a country's profile or a 404", async (t) => {
  const call = await tenant();
  for (const prefix of ["", "/v1"]) {
    const list = await call("GET", `${prefix}/bank-details/countries`);
    t.is(list.status, 200);
    const body = list.json as { data: Json[]; nextCursor: null; hasMore: boolean };
    t.is(body.hasMore, false);
    t.is(body.nextCursor, null);
    t.true(body.data.some((p) => p.country === "DE"));
    const gb = await call("GET", `${prefix}/bank-details/countries/gb/profile`);
    t.is(gb.status, 200);
    t.deepEqual(
      ((gb.json as Json).rails as Json[]).map((r) => r.rail),
      ["FasterPayments", "Bacs", "SepaCreditTransfer", "Swift"],
    );
    const none = await call("GET", `${prefix}/bank-details/countries/ZZ/profile`);
    t.is(none.status, 404);
    t.is(codeOf(none), "BankDetails.UnknownCountry");
  }
  t.is((await h.call("GET", "/bank-details/countries")).status, 401, "a credential is needed");
});

test("POST /bank-details/validate answers the verdict, errors by field and the canonical form; a bad body is a 400", async (t) => {
  const call = await tenant();
  const good = await call("POST", "/bank-details/validate", {
    iban: "IBAN: de89 3704 0044 0532 0130 00",
    bicSwift: "cobadeff",
  });
  t.is(good.status, 200);
  t.deepEqual(good.json, {
    isValid: true,
    errors: [],
    canonical: {
      accountHolderName: null,
      accountNumber: null,
      sortCode: null,
      routingNumber: null,
      iban: "DE89370400440532013000",
      bicSwift: "COBADEFF",
      country: "DE",
      currency: null,
    },
  });
  const bad = await call("POST", "/v1/bank-details/validate", {
    country: "GB",
    sortCode: "107999",
    accountNumber: "88837493",
  });
  t.is(bad.status, 200);
  t.is((bad.json as Json).isValid, false);
  t.deepEqual((bad.json as Json).errors, [
    {
      field: "accountNumber",
      code: "modulus_check",
      message: "The sort code and account number fail the UK modulus check.",
    },
  ]);
  const unknown = await call("POST", "/bank-details/validate", { iban: "DE89370400440532013000", colour: "red" });
  t.is(unknown.status, 400);
  t.is((await call("POST", "/bank-details/validate", { iban: 42 })).status, 400);
});

test("a local account without a country: validate and suppliers check it as the country its shape names, or ask for the country", async (t) => {
  const call = await tenant();
  const verdict = async (body: Json) => {
    const r = await call("POST", "/bank-details/validate", body);
    t.is(r.status, 200);
    const j = r.json as { isValid: boolean; errors: Json[]; canonical: Json };
    return { isValid: j.isValid, errors: j.errors.map((e) => `${e.field}:${e.code}`), country: j.canonical.country };
  };
  // The README's UK example fails the modulus check when the country is left out too (it was called valid)
  t.deepEqual(await verdict({ sortCode: "08-99-99", accountNumber: "66374959" }), {
    isValid: false,
    errors: ["accountNumber:modulus_check"],
    country: "GB",
  });
  t.deepEqual(await verdict({ sortCode: "08-99-99", accountNumber: "66374958" }), {
    isValid: true,
    errors: [],
    country: "GB",
  });
  t.deepEqual(await verdict({ routingNumber: "021000021", accountNumber: "123456789" }), {
    isValid: true,
    errors: [],
    country: "US",
  });
  t.deepEqual(await verdict({ accountNumber: "12345678" }), {
    isValid: false,
    errors: ["country:country_required"],
    country: null,
  });
  const supplier = (await call("POST", "/v1/suppliers", { name: "Modulus Ltd" })).json as Json;
  const refused = await call("PATCH", `/v1/suppliers/${supplier.id}`, {
    bankDetails: { sortCode: "08-99-99", accountNumber: "66374959" },
  });
  t.is(refused.status, 400);
  t.deepEqual(
    ((refused.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["body.bankDetails.accountNumber", "modulus_check"]],
  );
  const unknown = await call("PATCH", `/v1/suppliers/${supplier.id}`, { bankDetails: { accountNumber: "12345678" } });
  t.deepEqual(
    ((unknown.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["body.bankDetails.country", "country_required"]],
  );
  const stored = await call("PATCH", `/v1/suppliers/${supplier.id}`, {
    bankDetails: { sortCode: "08-99-99", accountNumber: "66374958" },
  });
  t.is(stored.status, 200);
  t.like((stored.json as Json).bankDetails as Json, { country: "GB", sortCode: "089999", accountNumber: "66374958" });
});

test("a supplier with a wrong IBAN is a 400 naming the field; valid details are stored in canonical form", async (t) => {
  const call = await tenant();
  const refused = await call("POST", "/v1/suppliers", {
    name: "Wrong Bank GmbH",
    bankDetails: { iban: "DE89370400440532013001" },
  });
  t.is(refused.status, 400);
  t.deepEqual(
    ((refused.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["body.bankDetails.iban", "iban_checksum"]],
  );
  t.is(((await call("GET", "/v1/suppliers")).json as { data: Json[] }).data.length, 0, "nothing was written");
  const created = await call("POST", "/v1/suppliers", {
    name: "Right Bank GmbH",
    bankDetails: { iban: "DE89 3704 0044 0532 0130 00", bicSwift: "cobadeffxxx" },
  });
  t.is(created.status, 201);
  const supplier = created.json as Json;
  t.like(supplier.bankDetails as Json, { iban: "DE89370400440532013000", bicSwift: "COBADEFFXXX", country: "DE" });
  const patched = await call("PATCH", `/v1/suppliers/${supplier.id}`, {
    bankDetails: { country: "GB", sortCode: "08-99-99", accountNumber: "66374959" },
  });
  t.is(patched.status, 400);
  t.deepEqual(
    ((patched.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["body.bankDetails.accountNumber", "modulus_check"]],
  );
  const kept = (await call("GET", `/v1/suppliers/${supplier.id}`)).json as Json;
  t.is((kept.bankDetails as Json).iban, "DE89370400440532013000", "a refused change changes nothing");
});

test("a wrong member name in a supplier's bank details is a 400 naming that member, nothing else", async (t) => {
  const call = await tenant();
  // `bic` is the seller identity's old name for bicSwift: a bank details object knows only bicSwift.
  const answer = await call("POST", "/v1/suppliers", {
    name: "Misnamed GmbH",
    bankDetails: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  });
  t.is(answer.status, 400, answer.text);
  t.deepEqual(
    ((answer.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["bankDetails.bic", "unknown_field"]],
    answer.text,
  );
  const supplier = (await call("POST", "/v1/suppliers", { name: "Misnamed Too GmbH" })).json as Json;
  const patched = await call("PATCH", `/v1/suppliers/${supplier.id}`, {
    bankDetails: { ibn: "DE89370400440532013000" },
  });
  t.deepEqual(
    ((patched.json as Json).errors as Json[]).map((e) => [e.field, e.code]),
    [["bankDetails.ibn", "unknown_field"]],
    patched.text,
  );
});

test("a supplier's account changing records supplier.bank_details_changed (masked); first details, a new holder name or BIC do not", async (t) => {
  const call = await tenant();
  const created = (await call("POST", "/v1/suppliers", { name: "Moving Money Ltd" })).json as Json;
  const patch = (bankDetails: Json) => call("PATCH", `/v1/suppliers/${created.id}`, { bankDetails });
  const eventsOf = async () =>
    (await h.app.database.stores.events.ofSubject(call.clientId, "supplier", created.id as string)).map(
      (e) => e.envelope,
    );
  t.is((await patch({ iban: "DE89370400440532013000" })).status, 200);
  t.is(
    (await patch({ iban: "DE89370400440532013000", accountHolderName: "Moving Money Ltd", bicSwift: "COBADEFF" }))
      .status,
    200,
  );
  t.deepEqual(await eventsOf(), [], "first details and a new holder name or BIC are not a new destination");
  t.is((await patch({ iban: "GB82 WEST 1234 5698 7654 32" })).status, 200);
  const events = await eventsOf();
  t.deepEqual(
    events.map((e) => [e.type, e.data]),
    [
      [
        "supplier.bank_details_changed",
        {
          supplier: { id: created.id, name: "Moving Money Ltd" },
          previous: { country: "DE", accountEnding: "3000" },
          current: { country: "GB", accountEnding: "5432" },
        },
      ],
    ],
  );
  t.is(events[0]?.actor.type, "api_key");
  t.false(JSON.stringify(events).includes("GB82WEST12345698765432"), "the event does not carry the full account");
});
