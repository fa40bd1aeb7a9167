import type { SellerIdentity } from "@apar/core";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

const anIdentity = (over: Partial<SellerIdentity> = {}): SellerIdentity => ({
  legalName: "Łódź Dąb Sp. z o.o.",
  tradingName: null,
  addressLines: ["ul. Piotrkowska 1", "lok. 2"],
  city: "Łódź",
  postcode: "90-001",
  countryCode: "PL",
  vatNumber: "PL1234567890",
  taxRegistration: null,
  companyRegistrationId: "KRS 0000123456",
  contactName: "Anna Nowak",
  contactEmail: "faktury@dab.example",
  contactPhone: null,
  defaultPaymentTermsDays: 14,
  bankAccounts: [{ iban: "PL61109010140000071219812874", bic: "WBKPPLPP", accountName: null }],
  updatedAt: at(1),
  ...over,
});

contractTest("seller identities: save then read answers the same identity", async (t, { stores }) => {
  const scope = { clientId: newId(), organisationId: newId() };
  t.is(await stores.sellerIdentities.ofOrganisation(scope), undefined);
  const identity = anIdentity();
  await stores.sellerIdentities.save(scope, identity);
  t.deepEqual(await stores.sellerIdentities.ofOrganisation(scope), identity);
});

contractTest("seller identities: a second save replaces, the same twice is harmless", async (t, database) => {
  const scope = { clientId: newId(), organisationId: newId() };
  await database.stores.sellerIdentities.save(scope, anIdentity());
  const changed = anIdentity({ legalName: "Dąb S.A.", bankAccounts: [], updatedAt: at(2) });
  await database.run((s) => s.sellerIdentities.save(scope, changed));
  await database.run((s) => s.sellerIdentities.save(scope, changed));
  t.deepEqual(await database.stores.sellerIdentities.ofOrganisation(scope), changed);
});

contractTest("seller identities: another organisation (or client) answers undefined", async (t, { stores }) => {
  const scope = { clientId: newId(), organisationId: newId() };
  await stores.sellerIdentities.save(scope, anIdentity());
  t.is(await stores.sellerIdentities.ofOrganisation({ ...scope, organisationId: newId() }), undefined);
  t.is(await stores.sellerIdentities.ofOrganisation({ ...scope, clientId: newId() }), undefined);
});

contractTest("seller identities: a transaction that fails leaves nothing", async (t, database) => {
  const scope = { clientId: newId(), organisationId: newId() };
  await t.throwsAsync(
    database.run(async (s) => {
      await s.sellerIdentities.save(scope, anIdentity());
      throw new Error("rolled back");
    }),
  );
  t.is(await database.stores.sellerIdentities.ofOrganisation(scope), undefined);
});

contractTest("seller identities: several organisations saving at once all succeed", async (t, database) => {
  const scopes = Array.from({ length: 6 }, () => ({ clientId: newId(), organisationId: newId() }));
  await Promise.all(scopes.map((scope) => database.run((s) => s.sellerIdentities.save(scope, anIdentity()))));
  for (const scope of scopes) t.deepEqual(await database.stores.sellerIdentities.ofOrganisation(scope), anIdentity());
});
