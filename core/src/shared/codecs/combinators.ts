import * as t from "io-ts";

/** `A` or null: `nullable(Uuid)` (the schema says `type: ["string", "null"]`). */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** One of a fixed list of strings: `oneOf(["Warn", "Block"] as const, "Severity")` (an `enum` in the schema). */
export const oneOf = <S extends string>(values: readonly S[], name: string) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<S, null>, name);
