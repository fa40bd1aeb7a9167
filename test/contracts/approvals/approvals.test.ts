import { type ApprovalPolicy, type BillLifecycle, emptyLifecycle } from "@apar/core";
import type { OrgScope } from "@apar/core/ports";
import { aBill, aScope } from "../bill-fixtures.js";
import { contractTest } from "../contract.js";
import { at, newId } from "../fixtures.js";

const aPolicy = (scope: OrgScope, over: Partial<ApprovalPolicy> = {}): ApprovalPolicy => ({
  id: newId(),
  ...scope,
  name: "Policy",
  priorityOrder: 10,
  active: true,
  action: "AlwaysReview",
  supplierIds: [newId()],
  supplierStanding: "New",
  amountGte: "10.5",
  amountLte: null,
  currency: "EUR",
  minConfidence: 0.75,
  duplicateFlagged: false,
  bankDetailsChanged: true,
  matchStatuses: ["None", "Resolved"],
  approverUserIds: [newId(), newId()],
  approvalsRequired: 2,
  version: 1,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

contractTest("approval policies: round-trip, scope, priority order, update, remove", async (t, { stores }) => {
  const scope = aScope();
  const late = aPolicy(scope, { priorityOrder: 900 });
  const early = aPolicy(scope, { priorityOrder: 1, name: "Early" });
  const tie = aPolicy(scope, { priorityOrder: 900 });
  for (const p of [late, early, tie]) await stores.approvalPolicies.add(p);
  await stores.approvalPolicies.add(aPolicy(aScope()));
  t.deepEqual(await stores.approvalPolicies.ofId(scope, early.id), early);
  t.is(await stores.approvalPolicies.ofId({ ...scope, organisationId: newId() }, early.id), undefined);
  t.deepEqual(
    (await stores.approvalPolicies.list(scope)).map((p) => p.id),
    [early.id, ...[late.id, tie.id].sort()],
  );
  const changed = { ...late, name: "Renamed", priorityOrder: 0, version: 2, active: false, updatedAt: at(9) };
  await stores.approvalPolicies.update({ ...changed, createdAt: at(500) });
  t.deepEqual(await stores.approvalPolicies.ofId(scope, late.id), changed);
  t.is((await stores.approvalPolicies.list(scope))[0]?.id, late.id);
  t.false(await stores.approvalPolicies.remove({ ...scope, clientId: newId() }, late.id));
  t.true(await stores.approvalPolicies.remove(scope, late.id));
  t.false(await stores.approvalPolicies.remove(scope, late.id));
  t.is(await stores.approvalPolicies.ofId(scope, late.id), undefined);
});

contractTest(
  "bill lifecycles: save inserts then replaces (also unchanged), scope, many, approved count",
  async (t, database) => {
    const { stores } = database;
    const run = database.run.bind(database);
    const scope = aScope();
    const supplierId = newId();
    const bills = [aBill(scope), aBill(scope), aBill(scope)];
    for (const b of bills) await stores.bills.add(b);
    const [a, b, c] = bills.map((bill) => emptyLifecycle(bill, supplierId)) as [
      BillLifecycle,
      BillLifecycle,
      BillLifecycle,
    ];
    await stores.billLifecycles.save(a);
    t.deepEqual(await stores.billLifecycles.ofBill(scope, a.billId), a);
    await stores.billLifecycles.save(a);
    const approved: BillLifecycle = {
      ...a,
      approvedAt: at(1).toISOString(),
      approvals: [{ actor: { type: "user", id: newId() }, at: at(1).toISOString() }],
      amountCredited: "12.5",
    };
    await stores.billLifecycles.save(approved);
    t.deepEqual(await stores.billLifecycles.ofBill(scope, a.billId), approved);
    t.is(await stores.billLifecycles.ofBill({ ...scope, organisationId: newId() }, a.billId), undefined);
    await stores.billLifecycles.save({ ...b, approvedAt: at(2).toISOString() });
    await stores.billLifecycles.save(c);
    t.is(await stores.billLifecycles.approvedCount(scope, supplierId), 2);
    t.is(await stores.billLifecycles.approvedCount(scope, newId()), 0);
    t.deepEqual(
      (await stores.billLifecycles.ofBills(scope, [c.billId, a.billId, newId()])).map((l) => l.billId).sort(),
      [a.billId, c.billId].sort(),
    );
    t.deepEqual(await stores.billLifecycles.ofBills(scope, []), []);
    // The lock is taken inside a unit of work and released with it.
    await run(async (s) => {
      await s.billLifecycles.lockBill(scope, a.billId);
      await s.billLifecycles.save({ ...approved, paidAt: at(3).toISOString() });
    });
    t.is((await stores.billLifecycles.ofBill(scope, a.billId))?.paidAt, at(3).toISOString());
  },
);

contractTest("approval links: by hash, single use, revoked per bill and per approver", async (t, { stores }) => {
  const scope = aScope();
  const billId = newId();
  const [ann, bob] = [newId(), newId()];
  const link = (userId: string, n: string) => ({
    tokenHash: n.repeat(64),
    ...scope,
    billId,
    userId,
    expiresAt: at(1000),
    usedAt: null,
    createdAt: at(0),
  });
  const a = link(ann, "a");
  const b = link(bob, "b");
  const c = link(bob, "c");
  for (const l of [a, b, c]) await stores.approvalLinks.add(l);
  await t.throwsAsync(stores.approvalLinks.add(a));
  t.deepEqual(await stores.approvalLinks.ofHash(a.tokenHash), a);
  t.is(await stores.approvalLinks.ofHash("d".repeat(64)), undefined);
  t.true(await stores.approvalLinks.markUsed(a.tokenHash, at(5)));
  t.false(await stores.approvalLinks.markUsed(a.tokenHash, at(6)));
  t.deepEqual((await stores.approvalLinks.ofHash(a.tokenHash))?.usedAt, at(5));
  await stores.approvalLinks.revokeForBill({ ...scope, organisationId: newId() }, billId, at(7));
  t.is((await stores.approvalLinks.ofHash(b.tokenHash))?.usedAt, null, "another scope revokes nothing");
  await stores.approvalLinks.revokeForBill(scope, billId, at(8), bob);
  t.deepEqual((await stores.approvalLinks.ofHash(c.tokenHash))?.usedAt, at(8));
  t.deepEqual((await stores.approvalLinks.ofHash(a.tokenHash))?.usedAt, at(5), "a used link keeps its time");
});
