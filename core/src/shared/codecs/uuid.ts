import type * as t from "io-ts";
import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

const isHexCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * True when `u` is a UUID string in the 8-4-4-4-12 hex form (any version, either case). Scanned by hand, not by a
 * regular expression: ids are checked several times on every request.
 */
export const isUuid = (u: unknown): u is string => {
  if (typeof u !== "string" || u.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = u.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 45 : !isHexCode(c)) return false;
  }
  return true;
};

/** A UUID string (any version), decoded to lower case so that stored and presented ids compare equal. */
export const Uuid: t.Type<string, string, unknown> = withSchema(
  codec("Uuid", isUuid, (u) => (isUuid(u) ? { ok: u.toLowerCase() } : { code: "uuid", message: "must be a UUID" })),
  { type: "string", format: "uuid" },
);
