import type { Membership } from "@apar/core";
import type { Memberships } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const keyOf = (userId: string, organisationId: string): string => `${userId} ${organisationId}`;
const by =
  (field: "userId" | "organisationId") =>
  (a: Membership, b: Membership): number =>
    a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0;

/** Memberships in memory: one per (user, organisation). */
export const memoryMemberships = (access: Access): Memberships => ({
  add: (membership) =>
    access.write((t) => {
      const key = keyOf(membership.userId, membership.organisationId);
      assertAbsent(t.memberships, key, "membership");
      t.memberships.set(key, copy(membership));
    }),
  of: async (userId, organisationId) => copy(access.read().memberships.get(keyOf(userId, organisationId))),
  ofUser: async (userId) =>
    copy([...access.read().memberships.values()].filter((m) => m.userId === userId).sort(by("organisationId"))),
  ofOrganisation: async (organisationId) =>
    copy([...access.read().memberships.values()].filter((m) => m.organisationId === organisationId).sort(by("userId"))),
  setRoles: (userId, organisationId, roles) =>
    access.write((t) => {
      const key = keyOf(userId, organisationId);
      const membership = t.memberships.get(key);
      if (membership !== undefined) t.memberships.set(key, { ...membership, roles: [...roles] });
    }),
  // A memory unit of work runs alone: nothing to wait for.
  lockOrganisation: async () => undefined,
  remove: (userId, organisationId) =>
    access.write((t) => {
      const key = keyOf(userId, organisationId);
      if (t.memberships.get(key) === undefined) return false;
      t.memberships.delete(key);
      return true;
    }),
});
