import type { ForwardingRejection } from "@apar/core";
import type { ForwardingRejections } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Newest first: by received time, then by id, as the SQL ORDER BY received_at DESC, id DESC. */
const newestFirst = (a: ForwardingRejection, b: ForwardingRejection): number =>
  b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Rejected forwards in memory. */
export const memoryForwardingRejections = (access: Access): ForwardingRejections => ({
  add: (rejection) =>
    access.write((t) => {
      assertAbsent(t.forwardingRejections, rejection.id, "forwarding rejection id");
      t.forwardingRejections.set(rejection.id, copy(rejection));
    }),
  newestOfCompany: async (clientId, companyId, limit) => {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
    const mine = [...access.read().forwardingRejections.values()].filter(
      (r) => r.clientId === clientId && r.companyId === companyId,
    );
    return copy(mine.sort(newestFirst).slice(0, limit));
  },
  ofId: async (clientId, id) => {
    const rejection = access.read().forwardingRejections.get(id);
    return rejection?.clientId === clientId ? copy(rejection) : undefined;
  },
  removeOfCompany: (clientId, companyId) =>
    access.write((t) => {
      let removed = 0;
      for (const r of [...t.forwardingRejections.values()]) {
        if (r.clientId !== clientId || r.companyId !== companyId) continue;
        t.forwardingRejections.delete(r.id);
        removed += 1;
      }
      return removed;
    }),
});
