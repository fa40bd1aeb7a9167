import type { ToolConfirmation } from "@apar/core";
import type { OrgScope, ToolConfirmations } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

const inScope = (scope: OrgScope, c: ToolConfirmation): boolean =>
  c.clientId === scope.clientId && c.organisationId === scope.organisationId;

/** Tool confirmations in memory, as the SQL store answers them. */
export const memoryToolConfirmations = (access: Access): ToolConfirmations => ({
  add: (c) =>
    access.write((t) => {
      assertAbsent(t.toolConfirmations, c.tokenHash, "tool confirmation");
      t.toolConfirmations.set(c.tokenHash, copy(c));
    }),
  ofHash: async (scope, tokenHash) => {
    const found = access.read().toolConfirmations.get(tokenHash);
    return found !== undefined && inScope(scope, found) ? copy(found) : undefined;
  },
  markUsed: (scope, tokenHash, at) =>
    access.write((t) => {
      const found = t.toolConfirmations.get(tokenHash);
      if (found === undefined || !inScope(scope, found) || found.usedAt !== null) return false;
      t.toolConfirmations.set(tokenHash, { ...found, usedAt: at });
      return true;
    }),
});
