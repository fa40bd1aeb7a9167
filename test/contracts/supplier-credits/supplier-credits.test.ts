import type { SupplierCreditNote } from "@apar/core";
import type { OrgScope } from "@apar/core/ports";
import { aScope } from "../bill-fixtures.js";
import { contractTest } from "../contract.js";
import { at, newId } from "../fixtures.js";

const aNote = (scope: OrgScope): SupplierCreditNote => ({
  id: newId(),
  ...scope,
  supplierId: newId(),
  number: "CN-1",
  currency: "EUR",
  amount: "100.5",
  reason: null,
  issueDate: "2026-01-02",
  status: "Draft",
  applications: [],
  issuedAt: null,
  createdAt: at(0),
  updatedAt: at(0),
});

contractTest("supplier credit notes: round-trip, scope, update, list, remove, lock", async (t, database) => {
  const { stores } = database;
  const scope = aScope();
  const a = aNote(scope);
  const b = aNote(scope);
  await stores.supplierCreditNotes.add(a);
  await stores.supplierCreditNotes.add(b);
  await t.throwsAsync(stores.supplierCreditNotes.add(a));
  t.deepEqual(await stores.supplierCreditNotes.ofId(scope, a.id), a);
  t.is(await stores.supplierCreditNotes.ofId({ ...scope, clientId: newId() }, a.id), undefined);
  const changed: SupplierCreditNote = {
    ...a,
    status: "PartiallyApplied",
    applications: [
      {
        id: newId(),
        billId: newId(),
        amount: "10",
        status: "Applied",
        appliedAt: at(1).toISOString(),
        reversedAt: null,
        actor: { type: "user", id: newId() },
      },
    ],
    issuedAt: at(1).toISOString(),
    updatedAt: at(2),
  };
  await database.run(async (s) => {
    await s.supplierCreditNotes.lock(scope, a.id);
    await s.supplierCreditNotes.update({ ...changed, createdAt: at(500) });
  });
  t.deepEqual(await stores.supplierCreditNotes.ofId(scope, a.id), changed);
  const page = await stores.supplierCreditNotes.list(scope, { limit: 10 });
  t.deepEqual(
    page.items.map((n) => n.id),
    [a.id, b.id].sort(),
  );
  t.deepEqual((await stores.supplierCreditNotes.list(aScope(), { limit: 10 })).items, []);
  t.false(await stores.supplierCreditNotes.remove({ ...scope, organisationId: newId() }, b.id));
  t.true(await stores.supplierCreditNotes.remove(scope, b.id));
  t.is(await stores.supplierCreditNotes.ofId(scope, b.id), undefined);
});
