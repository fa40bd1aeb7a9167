import { canonicalJson } from "./hash.js";
import type { AuditChanges } from "./model.js";

/** What a secret's value is written as. */
export const REDACTED_VALUE = "[redacted]";

/** Fields whose values never enter the log: a change to them shows as `[redacted]` on both sides. */
const REDACTED: ReadonlySet<string> = new Set(["keyHash", "codeHash", "tokenHash", "publicToken", "sealedSecret"]);

/** Fields every update moves with it: the entry's own time says when. */
const IGNORED: ReadonlySet<string> = new Set(["updatedAt"]);

/** A value longer than this (as JSON) is kept as its length and digest-free summary (documents' text, big lines). */
const MAX_VALUE_CHARS = 16_384;

/** The value as JSON gives it back (dates as ISO text, undefined members gone), secrets redacted, big ones cut. */
const plain = (value: unknown): unknown => {
  if (value === undefined) return null;
  const json = JSON.parse(JSON.stringify(value, (key, v) => (REDACTED.has(key) ? REDACTED_VALUE : v)) ?? "null");
  const size = canonicalJson(json).length;
  return size > MAX_VALUE_CHARS ? `[${size} characters, not kept]` : json;
};

/**
 * The fields that differ between two states of a record (`null` for a side where it did not exist), each with its
 * value before and after, names prefixed with `prefix` (a part of a resource kept apart: `approval.`).
 */
export const diff = (
  before: object | null | undefined,
  after: object | null | undefined,
  prefix = "",
): AuditChanges => {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(field)) continue;
    const was = plain(b[field]);
    const is = plain(a[field]);
    if (canonicalJson(was) === canonicalJson(is)) continue;
    if (REDACTED.has(field)) changes[`${prefix}${field}`] = { before: REDACTED_VALUE, after: REDACTED_VALUE };
    else changes[`${prefix}${field}`] = { before: before == null ? null : was, after: after == null ? null : is };
  }
  return changes;
};

/** One named value as a change (a count, a whole sub-record), secrets redacted. */
export const change = (before: unknown, after: unknown): { readonly before: unknown; readonly after: unknown } => ({
  before: plain(before),
  after: plain(after),
});
