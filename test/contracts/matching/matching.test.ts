import { DEFAULT_TOLERANCES, type MatchGroup, type PurchaseOrder } from "@apar/core";
import type { OrgScope } from "@apar/core/ports";
import { aScope } from "../bill-fixtures.js";
import { contractTest } from "../contract.js";
import { at, newId } from "../fixtures.js";

const aPo = (scope: OrgScope, number: string): PurchaseOrder => ({
  id: newId(),
  ...scope,
  number,
  supplierId: null,
  currency: "EUR",
  status: "Open",
  lines: [{ id: newId(), sku: "A-1", description: "Widget", quantity: "10", unitPrice: "1.5" }],
  createdAt: at(0),
  updatedAt: at(0),
});

const aGroup = (scope: OrgScope, billId: string, poIds: string[]): MatchGroup => ({
  id: newId(),
  ...scope,
  billId,
  purchaseOrderIds: poIds,
  deliveryNoteIds: [],
  allocations: [],
  suggestions: [],
  resolutions: [],
  status: "Open",
  createdAt: at(0),
  updatedAt: at(0),
});

contractTest(
  "matching: purchase orders round-trip; numbers unique per organisation; update, list, remove",
  async (t, { stores }) => {
    const scope = aScope();
    const pos = stores.matching.purchaseOrders;
    const a = aPo(scope, "PO-1");
    t.true(await pos.add(a));
    t.false(await pos.add(aPo(scope, "PO-1")), "a taken number");
    t.true(await pos.add(aPo(aScope(), "PO-1")), "another organisation's number is free");
    t.deepEqual(await pos.ofId(scope, a.id), a);
    t.deepEqual(await pos.ofNumber(scope, "PO-1"), a);
    t.is(await pos.ofId({ ...scope, organisationId: newId() }, a.id), undefined);
    const b = aPo(scope, "PO-2");
    await pos.add(b);
    t.false(await pos.update({ ...b, number: "PO-1" }), "renumbering onto a taken number");
    const changed = { ...a, status: "Closed" as const, updatedAt: at(5) };
    t.true(await pos.update({ ...changed, createdAt: at(99) }));
    t.deepEqual(await pos.ofId(scope, a.id), changed);
    const page = await pos.list(scope, { limit: 1 });
    t.deepEqual([page.items.map((p) => p.id), page.hasMore], [[[a.id, b.id].sort()[0]], true]);
    t.true(await pos.remove(scope, a.id));
    t.false(await pos.remove(scope, a.id));
  },
);

contractTest("matching: one group per bill; by purchase order; tolerances per organisation", async (t, { stores }) => {
  const scope = aScope();
  const groups = stores.matching.matchGroups;
  const [po1, po2] = [newId(), newId()];
  const g1 = aGroup(scope, newId(), [po1]);
  const g2 = aGroup(scope, newId(), [po1, po2]);
  t.true(await groups.add(g1));
  t.true(await groups.add(g2));
  t.false(await groups.add(aGroup(scope, g1.billId, [])), "a bill has one group");
  t.deepEqual(await groups.ofBill(scope, g1.billId), g1);
  t.deepEqual((await groups.ofPurchaseOrders(scope, [po1])).map((g) => g.id).sort(), [g1.id, g2.id].sort());
  t.deepEqual(
    (await groups.ofPurchaseOrders(scope, [po2])).map((g) => g.id),
    [g2.id],
  );
  t.deepEqual(await groups.ofPurchaseOrders({ ...scope, organisationId: newId() }, [po1]), []);
  const changed = { ...g1, status: "Variance" as const, updatedAt: at(3) };
  await groups.update(changed);
  t.deepEqual(await groups.ofId(scope, g1.id), changed);
  t.is(await stores.matching.tolerances.of(scope), undefined);
  await stores.matching.tolerances.put(scope, DEFAULT_TOLERANCES);
  await stores.matching.tolerances.put(scope, { ...DEFAULT_TOLERANCES, pricePercent: "5" });
  t.is((await stores.matching.tolerances.of(scope))?.pricePercent, "5");
  t.is(await stores.matching.tolerances.of(aScope()), undefined);
});
