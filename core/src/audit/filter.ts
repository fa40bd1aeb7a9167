import type { AuditEntry, AuditFilter } from "./model.js";

/**
 * The smallest UUID v7 of a millisecond. An entry's id carries the time it was recorded, so a period is a range of
 * ids: `from` inclusive is `id >= periodBound(from)`, `to` exclusive is `id < periodBound(to)`.
 */
export const periodBound = (at: Date): string => {
  const hex = Math.max(0, Math.min(at.getTime(), 2 ** 48 - 1))
    .toString(16)
    .padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
};

/** True when the entry passes every filter given (ids compared as the stores compare them, bytewise). */
export const matchesAuditFilter = (entry: AuditEntry, filter: AuditFilter): boolean =>
  (filter.actorType === undefined || entry.actor.type === filter.actorType) &&
  (filter.actorId === undefined || entry.actor.id === filter.actorId) &&
  (filter.resourceType === undefined || entry.resourceType === filter.resourceType) &&
  (filter.resourceId === undefined || entry.resourceId === filter.resourceId) &&
  (filter.type === undefined || entry.type === filter.type) &&
  (filter.from === undefined || entry.id >= periodBound(filter.from)) &&
  (filter.to === undefined || entry.id < periodBound(filter.to));
