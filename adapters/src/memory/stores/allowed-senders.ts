import type { AllowedSenders } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";

/** Companies' sender allowlists in memory, oldest first by id as the SQL store reads them. */
export const memoryAllowedSenders = (access: Access): AllowedSenders => ({
  add: (sender) =>
    access.write((t) => {
      assertAbsent(t.allowedSenders, sender.id, "allowed sender id");
      t.allowedSenders.set(sender.id, copy(sender));
    }),
  listOfCompany: async (clientId, companyId) =>
    copy(
      [...access.read().allowedSenders.values()]
        .filter((s) => s.clientId === clientId && s.companyId === companyId)
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    ),
  ofId: async (clientId, companyId, id) => {
    const sender = access.read().allowedSenders.get(id);
    return sender?.clientId === clientId && sender.companyId === companyId ? copy(sender) : undefined;
  },
  remove: (clientId, companyId, id) =>
    access.write((t) => {
      const sender = t.allowedSenders.get(id);
      if (sender?.clientId !== clientId || sender.companyId !== companyId) return false;
      t.allowedSenders.delete(id);
      return true;
    }),
  removeOfCompany: (clientId, companyId) =>
    access.write((t) => {
      let removed = 0;
      for (const s of [...t.allowedSenders.values()]) {
        if (s.clientId !== clientId || s.companyId !== companyId) continue;
        t.allowedSenders.delete(s.id);
        removed += 1;
      }
      return removed;
    }),
});
