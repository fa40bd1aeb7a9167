import type * as t from "io-ts";
import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `u` is a UUID string in the 8-4-4-4-12 hex form (any version, either case). A regular expression, not
 * a loop over `charCodeAt`: ids arrive as strings of every representation V8 has (sliced from a header or path,
 * read from a row, concatenated), and a loop's loads then go through the generic inline cache; callgrind counted
 * the loop dearer in apar than the expression it replaced.
 */
export const isUuid = (u: unknown): u is string => typeof u === "string" && UUID.test(u);

/** A UUID string (any version), decoded to lower case so that stored and presented ids compare equal. */
export const Uuid: t.Type<string, string, unknown> = withSchema(
  codec("Uuid", isUuid, (u) => (isUuid(u) ? { ok: u.toLowerCase() } : { code: "uuid", message: "must be a UUID" })),
  { type: "string", format: "uuid" },
);
