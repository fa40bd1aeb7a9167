import { type AuditEntry, chained, chainIdOf, matchesAuditFilter } from "@apar/core";
import type { AuditLog } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";

/** The audit log in memory, as the SQL store answers it (one writer at a time: appends need no lock). */
export const memoryAuditLog = (access: Access): AuditLog => ({
  append: (records) =>
    access.write((t) => {
      for (const record of records) {
        const chainId = chainIdOf(record);
        const head = t.auditChains.get(chainId);
        const entry = chained(record, chainId, head && { seq: head.lastSeq, hash: head.lastHash });
        t.auditEntries.set(entry.id, copy(entry));
        t.auditChains.set(chainId, {
          chainId,
          clientId: record.clientId,
          organisationId: record.organisationId,
          lastSeq: entry.seq,
          lastHash: entry.hash,
        });
      }
    }),
  async list(scope, filter, page) {
    const chains = new Set([scope.organisationId, scope.clientId]);
    const rows = [...access.read().auditEntries.values()]
      .filter(
        (e) =>
          chains.has(e.chainId) &&
          e.clientId === scope.clientId &&
          (page.after === undefined || e.id > page.after) &&
          matchesAuditFilter(e, filter),
      )
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    return { items: rows.slice(0, page.limit).map(copy), hasMore: rows.length > page.limit };
  },
  async heads(organisationId) {
    const all = [...access.read().auditChains.values()];
    const own = organisationId === undefined ? undefined : all.find((h) => h.chainId === organisationId);
    return all
      .filter(
        (h) => organisationId === undefined || (own !== undefined && [own.chainId, own.clientId].includes(h.chainId)),
      )
      .sort((a, b) => (a.chainId < b.chainId ? -1 : 1))
      .map(copy);
  },
  async chainEntries(chainId, afterSeq, limit) {
    const rows: AuditEntry[] = [...access.read().auditEntries.values()]
      .filter((e) => e.chainId === chainId && e.seq > afterSeq)
      .sort((a, b) => a.seq - b.seq);
    return rows.slice(0, limit).map(copy);
  },
});
