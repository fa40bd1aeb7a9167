import { EMPTY_BANK_DETAILS } from "@apar/core";
import { aBill, aScope, aSupplier } from "./bill-fixtures.js";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

contractTest("bills: add then ofId round-trips every field; another scope is undefined", async (t, { stores }) => {
  const scope = aScope();
  const bill = aBill(scope);
  await stores.bills.add(bill);
  t.deepEqual(await stores.bills.ofId(scope, bill.id), bill);
  t.is(await stores.bills.ofId({ ...scope, organisationId: newId() }, bill.id), undefined);
  t.is(await stores.bills.ofId({ ...scope, clientId: newId() }, bill.id), undefined);
  await t.throwsAsync(stores.bills.add(bill));
});

contractTest("bills: update writes every field but id, scope and creation time", async (t, { stores }) => {
  const scope = aScope();
  const bill = aBill(scope, { state: "Extracting", confidence: null, fieldConfidence: null, reader: null });
  await stores.bills.add(bill);
  const changed = {
    ...bill,
    state: "ExtractionFailed" as const,
    readFailure: { reason: "timeout" as const, detail: "slow" },
    duplicateOfBillId: newId(),
    duplicateMatchBasis: "SupplierName" as const,
    duplicateSameFile: true,
    supplierId: newId(),
    supplierEvidence: { basis: "iban" as const, value: "DE89370400440532013000" },
    bankDetailsChanged: true,
    voidReason: "x",
    updatedAt: at(99),
  };
  await stores.bills.update({ ...changed, createdAt: at(5000) });
  t.deepEqual(await stores.bills.ofId(scope, bill.id), changed);
  // Another scope's update changes nothing.
  await stores.bills.update({ ...changed, organisationId: newId(), voidReason: "other" });
  t.is((await stores.bills.ofId(scope, bill.id))?.voidReason, "x");
});

contractTest("bills: list filters by state, supplier, name and invoice dates, in id order", async (t, { stores }) => {
  const scope = aScope();
  const supplierId = newId();
  const a = aBill(scope, { supplierId, fields: { ...aBill(scope).fields, invoiceDate: "2026-01-05" } });
  const b = aBill(scope, {
    state: "Voided",
    fields: { ...aBill(scope).fields, supplierName: "Other Ltd", invoiceDate: "2026-02-05" },
  });
  const c = aBill(scope, { fields: { ...aBill(scope).fields, invoiceDate: "2026-03-05" } });
  for (const bill of [a, b, c]) await stores.bills.add(bill);
  await stores.bills.add(aBill(aScope()));
  const ids = async (filter: Parameters<typeof stores.bills.list>[1]) =>
    (await stores.bills.list(scope, filter, { limit: 10 })).items.map((x) => x.id);
  t.deepEqual(await ids({}), [a.id, b.id, c.id]);
  t.deepEqual(await ids({ state: "Voided" }), [b.id]);
  t.deepEqual(await ids({ supplierId }), [a.id]);
  t.deepEqual(await ids({ supplierName: "ACME" }), [a.id, c.id]);
  t.deepEqual(await ids({ invoiceDateFrom: "2026-02-01", invoiceDateTo: "2026-03-05" }), [b.id, c.id]);
  const page = await stores.bills.list(scope, {}, { limit: 2 });
  t.true(page.hasMore);
  t.deepEqual(
    (await stores.bills.list(scope, {}, { limit: 2, after: b.id })).items.map((x) => x.id),
    [c.id],
  );
});

contractTest(
  "bills: a name read later is found by the name filter, the name it replaced no more",
  async (t, { stores }) => {
    const scope = aScope();
    const bill = aBill(scope, { fields: { ...aBill(scope).fields, supplierName: null } });
    await stores.bills.add(bill);
    const named = (name: string) =>
      stores.bills.list(scope, { supplierName: name }, { limit: 10 }).then((p) => p.items.map((x) => x.id));
    t.deepEqual(await named("Harbour"), []);
    await stores.bills.update({ ...bill, fields: { ...bill.fields, supplierName: "Harbour Freight Ltd" } });
    t.deepEqual(await named("harbour"), [bill.id]);
    await stores.bills.update({ ...bill, fields: { ...bill.fields, supplierName: "Quayside Logistics" } });
    t.deepEqual(await named("harbour"), []);
    t.deepEqual(await named("QUAYSIDE"), [bill.id]);
    // Another organisation's bill of the same name is not among them.
    await stores.bills.add(aBill(aScope(), { fields: { ...aBill(scope).fields, supplierName: "Quayside Logistics" } }));
    t.deepEqual(await named("quayside"), [bill.id]);
  },
);

contractTest(
  "bills: duplicate candidates by supplier record, by name, by file; earlier and not voided only",
  async (t, { stores }) => {
    const scope = aScope();
    const supplierId = newId();
    const bySupplier = aBill(scope, { supplierId, document: { ...aBill(scope).document, sha256: "b".repeat(64) } });
    const byName = aBill(scope, {
      fields: { ...aBill(scope).fields, supplierName: "ACME" },
      document: { ...aBill(scope).document, sha256: "c".repeat(64) },
    });
    const byFile = aBill(scope, {
      fields: { ...aBill(scope).fields, invoiceNumber: "zzz" },
      document: { ...aBill(scope).document, sha256: "d".repeat(64) },
    });
    const voided = aBill(scope, { state: "Voided" });
    for (const bill of [bySupplier, byName, byFile, voided]) await stores.bills.add(bill);
    const probe = { billId: newId(), supplierId, supplierName: "acme", invoiceNumber: "INV1", sha256: "d".repeat(64) };
    const found = await stores.bills.duplicateCandidates(scope, probe);
    t.deepEqual(
      found.map((x) => x.id),
      [bySupplier.id, byName.id, byFile.id],
    );
    t.deepEqual(await stores.bills.duplicateCandidates(scope, { ...probe, billId: bySupplier.id }), []);
    t.deepEqual(await stores.bills.duplicateCandidates(aScope(), probe), []);
  },
);

contractTest("suppliers: add, ofId, search, match keys, update, remove within the scope", async (t, { stores }) => {
  const scope = aScope();
  const s = aSupplier(scope);
  await stores.suppliers.add(s);
  t.deepEqual(await stores.suppliers.ofId(scope, s.id), s);
  t.is(await stores.suppliers.ofId(aScope(), s.id), undefined);
  const search = async (q?: string) => (await stores.suppliers.search(scope, q, { limit: 10 })).items.map((x) => x.id);
  t.deepEqual(await search("acme"), [s.id]);
  t.deepEqual(await search("de123"), [s.id]);
  t.deepEqual(await search("AP@ACME"), [s.id]);
  t.deepEqual(await search("nothing"), []);
  t.deepEqual(await search(), [s.id]);
  t.deepEqual(
    (await stores.suppliers.withTaxNumber(scope, "DE123456789")).map((x) => x.id),
    [s.id],
  );
  t.deepEqual(
    (await stores.suppliers.withName(scope, "acme")).map((x) => x.id),
    [s.id],
  );
  const changed = { ...s, name: "Renamed Co", taxNumber: null, updatedAt: at(77) };
  await stores.suppliers.update(changed);
  t.deepEqual(await stores.suppliers.ofId(scope, s.id), changed);
  t.deepEqual(await stores.suppliers.withName(scope, "acme"), []);
  t.deepEqual(
    (await stores.suppliers.withName(scope, "renamed")).map((x) => x.id),
    [s.id],
  );
  t.false(await stores.suppliers.remove(aScope(), s.id));
  t.true(await stores.suppliers.remove(scope, s.id));
  t.is(await stores.suppliers.ofId(scope, s.id), undefined);
});

contractTest(
  "suppliers: an account's proposal and confirmation (actors, instants) round-trip; ofIdForUpdate reads the row",
  async (t, database) => {
    const { stores } = database;
    const scope = aScope();
    const proposed = { actor: { type: "api_key" as const, id: newId() }, at: at(10) };
    const s = aSupplier(scope, {
      bankDetails: { ...EMPTY_BANK_DETAILS, iban: "DE89370400440532013000" },
      bankDetailsProposed: proposed,
    });
    await stores.suppliers.add(s);
    t.deepEqual(await stores.suppliers.ofId(scope, s.id), s);
    const confirmed = { ...s, bankDetailsConfirmed: { actor: { type: "user" as const, id: newId() }, at: at(20) } };
    await database.run(async (tx) => {
      t.deepEqual(await tx.suppliers.ofIdForUpdate(scope, s.id), s);
      t.is(await tx.suppliers.ofIdForUpdate(aScope(), s.id), undefined);
      await tx.suppliers.update(confirmed);
    });
    t.deepEqual(await stores.suppliers.ofId(scope, s.id), confirmed);
    const cleared = { ...confirmed, bankDetails: null, bankDetailsProposed: null, bankDetailsConfirmed: null };
    await stores.suppliers.update(cleared);
    t.deepEqual(await stores.suppliers.ofId(scope, s.id), cleared);
  },
);

contractTest("idempotency keys: add then find; a second record for one key throws", async (t, { stores }) => {
  const record = {
    clientId: newId(),
    scope: `POST /v1/bills ${newId()}`,
    key: "abc-123",
    requestHash: "e".repeat(64),
    status: 202,
    response: { id: newId(), lineItems: [], totalAmount: "1.50" },
    createdAt: at(3),
  };
  await stores.idempotencyKeys.add(record);
  t.deepEqual(await stores.idempotencyKeys.find(record.clientId, record.scope, record.key), record);
  t.is(await stores.idempotencyKeys.find(record.clientId, record.scope, "ABC-123"), undefined);
  t.is(await stores.idempotencyKeys.find(newId(), record.scope, record.key), undefined);
  await t.throwsAsync(stores.idempotencyKeys.add({ ...record, requestHash: "f".repeat(64) }));
});

contractTest(
  "bills: paidBankDetails answers the supplier's Paid bills' accounts, newest first, within the scope",
  async (t, { stores }) => {
    const scope = aScope();
    const supplierId = newId();
    const withIban = (iban: string) => ({
      ...aBill(scope).fields,
      bankDetails: {
        ...(aBill(scope).fields.bankDetails as NonNullable<ReturnType<typeof aBill>["fields"]["bankDetails"]>),
        iban,
      },
    });
    const older = aBill(scope, { supplierId, state: "Paid", fields: withIban("DE89370400440532013000") });
    const newer = aBill(scope, { supplierId, state: "Paid", fields: withIban("GB82WEST12345698765432") });
    const noAccount = aBill(scope, {
      supplierId,
      state: "Paid",
      fields: { ...aBill(scope).fields, bankDetails: null },
    });
    const unpaid = aBill(scope, { supplierId, state: "Approved", fields: withIban("FR1420041010050500013M02606") });
    const otherSupplier = aBill(scope, { supplierId: newId(), state: "Paid", fields: withIban("NL91ABNA0417164300") });
    for (const bill of [older, newer, noAccount, unpaid, otherSupplier]) await stores.bills.add(bill);
    await stores.bills.add(aBill(aScope(), { supplierId, state: "Paid", fields: withIban("BE68539007547034") }));
    const ibans = async (limit: number) =>
      (await stores.bills.paidBankDetails(scope, supplierId, limit)).map((d) => d.iban);
    t.deepEqual(await ibans(10), ["GB82WEST12345698765432", "DE89370400440532013000"]);
    t.deepEqual(await ibans(1), ["GB82WEST12345698765432"]);
    t.deepEqual(await stores.bills.paidBankDetails({ ...scope, organisationId: newId() }, supplierId, 10), []);
  },
);
