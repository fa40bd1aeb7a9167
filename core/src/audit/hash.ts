import { createHash } from "node:crypto";
import type { AuditEntry, AuditRecord } from "./model.js";

/** The `prevHash` of a chain's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * Canonical JSON: object members sorted by name, no whitespace, `undefined` members left out. The same value always
 * encodes to the same text, and decoding that text and encoding it again gives it back (what verification relies on).
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  if (typeof value === "object") {
    const members = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${members.join(",")}}`;
  }
  throw new TypeError(`cannot encode a ${typeof value}`);
};

/** What an entry's hash covers: every field but the hash itself. */
const hashed = (entry: Omit<AuditEntry, "hash">) => ({
  id: entry.id,
  chainId: entry.chainId,
  seq: entry.seq,
  clientId: entry.clientId,
  organisationId: entry.organisationId,
  occurredAt: entry.occurredAt.toISOString(),
  actor: { type: entry.actor.type, id: entry.actor.id, via: entry.actor.via },
  type: entry.type,
  resource: { type: entry.resourceType, id: entry.resourceId },
  changes: entry.changes,
  requestId: entry.requestId,
  prevHash: entry.prevHash,
});

/** SHA-256 (hex) of the entry's canonical encoding, its `prevHash` included. */
export const entryHash = (entry: Omit<AuditEntry, "hash">): string =>
  createHash("sha256")
    .update(canonicalJson(hashed(entry)))
    .digest("hex");

/** The record as the entry after `previous` (seq and hash) in its chain; the first of a chain when none. */
export const chained = (
  record: AuditRecord,
  chainId: string,
  previous: { readonly seq: number; readonly hash: string } | undefined,
): AuditEntry => {
  const unhashed = {
    ...record,
    chainId,
    seq: (previous?.seq ?? 0) + 1,
    prevHash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: entryHash(unhashed) };
};
