import type * as t from "io-ts";
import { codec } from "./failure.js";
import { withSchema } from "./json-schema.js";

const length = (s: string): number => [...s].length; // code points, as people count characters

/** A string trimmed of surrounding white space, not empty after trimming, at most `max` characters. */
export const NonEmptyTrimmedString = (max: number): t.Type<string, string, unknown> =>
  withSchema(
    codec(
      `NonEmptyTrimmedString(${max})`,
      (u): u is string => typeof u === "string" && u.length > 0 && u === u.trim() && length(u) <= max,
      (u) => {
        if (typeof u !== "string") return { code: "string", message: "must be a string" };
        const s = u.trim();
        if (s.length === 0) return { code: "empty", message: "must not be empty" };
        if (length(s) > max) return { code: "too_long", message: `must be at most ${max} characters` };
        return { ok: s };
      },
    ),
    { type: "string", minLength: 1, maxLength: max },
  );

// Deliberately plain: one @, no spaces, a dotted domain. Deliverability is proven by sending, not by regex.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

/** True when `u` looks like a deliverable email address (`name@example.com`). */
export const isEmail = (u: unknown): u is string => typeof u === "string" && u.length <= 254 && EMAIL.test(u);

/** An email address, trimmed and lower-cased so that one mailbox has one spelling in the stores. */
export const Email: t.Type<string, string, unknown> = withSchema(
  codec("Email", isEmail, (u) => {
    const s = typeof u === "string" ? u.trim().toLowerCase() : u;
    return isEmail(s) ? { ok: s } : { code: "email", message: "must be an email address such as name@example.com" };
  }),
  { type: "string", format: "email", maxLength: 254 },
);
