import type * as t from "io-ts";
import { type Check, codec } from "./failure.js";
import { checkInt32 } from "./int-from-string-or-number.js";
import { withSchema } from "./json-schema.js";

/**
 * A bounded integer query parameter such as `Limit`: absent means `fallback`; otherwise an int32 (number or
 * string) between `min` and `max`. Example: `limitParam(1, 100, 20)` for the spec's `Limit`.
 */
export const limitParam = (min: number, max: number, fallback: number): t.Type<number, number, unknown> =>
  withSchema(
    codec(
      `Limit(${min}..${max})`,
      (u): u is number => typeof u === "number" && Number.isInteger(u) && u >= min && u <= max,
      (u): Check<number> => {
        // An empty query value (`?Limit=`) is treated as absent, as browsers and curl users expect.
        if (u === undefined || u === null || u === "") return { ok: fallback };
        const n = checkInt32(u);
        if (!("ok" in n)) return n;
        return n.ok >= min && n.ok <= max ? n : { code: "range", message: `must be between ${min} and ${max}` };
      },
    ),
    { type: "integer", format: "int32", minimum: min, maximum: max, default: fallback },
  );

/** The spec's `Limit`: 1 to 100, default 20. */
export const Limit = limitParam(1, 100, 20);
