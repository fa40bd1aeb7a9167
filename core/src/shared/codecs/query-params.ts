import type * as t from "io-ts";
import { codec } from "./failure.js";
import { isIsoDate } from "./iso-date.js";
import { withSchema } from "./json-schema.js";

/** A query parameter that is one of `values`: `enumParam(BILL_STATES, "BillState")` (failure code `enum`). */
export const enumParam = <S extends string>(values: readonly S[], name: string): t.Type<S, S, unknown> => {
  const is = (u: unknown): u is S => (values as readonly unknown[]).includes(u);
  return withSchema(
    codec<S>(name, is, (u) => (is(u) ? { ok: u } : { code: "enum", message: `must be one of ${values.join(", ")}` })),
    { type: "string", enum: [...values] },
  );
};

/** A date query parameter (`IssueDateFrom=2026-01-31`): a real calendar date written `YYYY-MM-DD`. */
export const DateParam: t.Type<string, string, unknown> = withSchema(
  codec("DateParam", isIsoDate, (u) => (isIsoDate(u) ? { ok: u } : { code: "date", message: "must be YYYY-MM-DD" })),
  { type: "string", format: "date" },
);

/** A yes-or-no query parameter (`matched=false`): exactly `true` or `false` (failure code `boolean`). */
export const BooleanParam: t.Type<boolean, boolean, unknown> = withSchema(
  codec(
    "BooleanParam",
    (u): u is boolean => typeof u === "boolean",
    (u) =>
      u === "true" || u === true
        ? { ok: true }
        : u === "false" || u === false
          ? { ok: false }
          : { code: "boolean", message: "must be true or false" },
  ),
  { type: "boolean" },
);
