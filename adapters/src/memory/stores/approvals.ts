import type { ApprovalPolicy } from "@apar/core";
import type { ApprovalLinks, ApprovalPolicies, BillLifecycles, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const inScope = (scope: OrgScope) => (row: { clientId: string; organisationId: string }) =>
  row.clientId === scope.clientId && row.organisationId === scope.organisationId;

const byPriority = (a: ApprovalPolicy, b: ApprovalPolicy) =>
  a.priorityOrder - b.priorityOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Approval policies in memory, as the SQL store answers them. */
export const memoryApprovalPolicies = (access: Access): ApprovalPolicies => ({
  add: (policy) =>
    access.write((t) => {
      assertAbsent(t.approvalPolicies, policy.id, "approval policy id");
      t.approvalPolicies.set(policy.id, copy(policy));
    }),
  ofId: async (scope, id) => {
    const p = access.read().approvalPolicies.get(id);
    return p !== undefined && inScope(scope)(p) ? copy(p) : undefined;
  },
  list: async (scope) => copy([...access.read().approvalPolicies.values()].filter(inScope(scope)).sort(byPriority)),
  update: (policy) =>
    access.write((t) => {
      const stored = t.approvalPolicies.get(policy.id);
      if (stored === undefined || !inScope(policy)(stored)) return;
      t.approvalPolicies.set(policy.id, { ...copy(policy), createdAt: stored.createdAt });
    }),
  remove: (scope, id) =>
    access.write((t) => {
      const stored = t.approvalPolicies.get(id);
      if (stored === undefined || !inScope(scope)(stored)) return false;
      t.approvalPolicies.delete(id);
      return true;
    }),
});

/** Bill lifecycles in memory (units of work already run one at a time, so locking is a no-op). */
export const memoryBillLifecycles = (access: Access): BillLifecycles => ({
  ofBill: async (scope, billId) => {
    const l = access.read().billLifecycles.get(billId);
    return l !== undefined && inScope(scope)(l) ? copy(l) : undefined;
  },
  ofBills: async (scope, billIds) =>
    copy(
      billIds.flatMap((id) => {
        const l = access.read().billLifecycles.get(id);
        return l !== undefined && inScope(scope)(l) ? [l] : [];
      }),
    ),
  save: (lifecycle) =>
    access.write((t) => {
      const stored = t.billLifecycles.get(lifecycle.billId);
      if (stored !== undefined && !inScope(lifecycle)(stored)) return;
      t.billLifecycles.set(lifecycle.billId, copy(lifecycle));
    }),
  lockBill: async () => {},
  approvedCount: async (scope, supplierId) =>
    [...access.read().billLifecycles.values()].filter(
      (l) => inScope(scope)(l) && l.supplierId === supplierId && l.approvedAt !== null,
    ).length,
});

/** Public approval links in memory. */
export const memoryApprovalLinks = (access: Access): ApprovalLinks => ({
  add: (link) =>
    access.write((t) => {
      assertAbsent(t.approvalLinks, link.tokenHash, "approval link");
      t.approvalLinks.set(link.tokenHash, copy(link));
    }),
  ofHash: async (tokenHash) => copy(access.read().approvalLinks.get(tokenHash)),
  markUsed: (tokenHash, at) =>
    access.write((t) => {
      const link = t.approvalLinks.get(tokenHash);
      if (link === undefined || link.usedAt !== null) return false;
      t.approvalLinks.set(tokenHash, { ...link, usedAt: at });
      return true;
    }),
  revokeForBill: (scope, billId, at, userId) =>
    access.write((t) => {
      for (const link of [...t.approvalLinks.values()])
        if (
          inScope(scope)(link) &&
          link.billId === billId &&
          link.usedAt === null &&
          (userId === undefined || link.userId === userId)
        )
          t.approvalLinks.set(link.tokenHash, { ...link, usedAt: at });
    }),
});
