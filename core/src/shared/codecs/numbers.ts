import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

/** Any whole number (`type: integer`): counts and sizes in views. */
export const Integer = withSchema(
  codec<number>(
    "Integer",
    (u): u is number => Number.isInteger(u),
    (u) => (Number.isInteger(u) ? { ok: u as number } : { code: "integer", message: "must be a whole number" }),
  ),
  { type: "integer" },
);

const isFraction = (u: unknown): u is number => typeof u === "number" && u >= 0 && u <= 1;

/** A number from 0 to 1 inclusive: a confidence. */
export const Fraction = withSchema(
  codec<number>("Fraction", isFraction, (u) =>
    isFraction(u) ? { ok: u } : { code: "range", message: "must be a number from 0 to 1" },
  ),
  { type: "number", minimum: 0, maximum: 1 },
);
