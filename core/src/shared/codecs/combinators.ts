import * as t from "io-ts";
import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

/** `A` or null: `nullable(Uuid)` (the schema says `type: ["string", "null"]`). */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** One of a fixed list of strings: `oneOf(["Warn", "Block"] as const, "Severity")` (an `enum` in the schema). */
export const oneOf = <S extends string>(values: readonly S[], name: string) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<S, null>, name);

/** An integer from `min` to `max` inclusive (`type: integer` with its bounds in the schema). */
export const intIn = (min: number, max: number, name: string) => {
  const is = (u: unknown): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max;
  return withSchema(
    codec<number>(name, is, (u) =>
      is(u) ? { ok: u } : { code: "range", message: `must be an integer from ${min} to ${max}` },
    ),
    { type: "integer", minimum: min, maximum: max },
  );
};
