import type * as t from "io-ts";
import { type Check, codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INTEGER_STRING = /^-?\d+$/;

const isInt32 = (n: unknown): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;

/** Checks one value against the spec's "integer (int32; may be a string)" rule. */
export const checkInt32 = (u: unknown): Check<number> => {
  let n: number;
  if (typeof u === "number") n = u;
  else if (typeof u === "string" && INTEGER_STRING.test(u) && u.length <= 12) n = Number(u);
  else return { code: "integer", message: "must be a whole number" };
  if (!Number.isInteger(n)) return { code: "integer", message: "must be a whole number" };
  if (!isInt32(n)) return { code: "range", message: `must be between ${INT32_MIN} and ${INT32_MAX}` };
  return { ok: n === 0 ? 0 : n }; // -0 and "-0" are 0
};

/**
 * The spec's "integer (int32; may be serialised as a string matching an optional-minus integer pattern)".
 * Decodes `20`, `"20"` and `"-3"` to numbers; rejects `"2.5"`, `"1e3"`, `" 20"`, `""` and values outside int32.
 * Encodes as a number.
 */
export const IntFromStringOrNumber: t.Type<number, number, unknown> = withSchema(
  codec("IntFromStringOrNumber", isInt32, checkInt32),
  { type: ["integer", "string"], format: "int32", pattern: INTEGER_STRING.source },
);
