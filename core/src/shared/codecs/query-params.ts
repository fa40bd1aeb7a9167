import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import { type DomainError, type FieldError, validationError } from "../errors.js";
import { type Check, codec } from "./failure.js";
import { toFieldErrors } from "./field-errors.js";
import { isIsoDate } from "./iso-date.js";
import { type JsonSchema, withSchema } from "./json-schema.js";

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

/**
 * A text query parameter as typed into a filter form: trimmed, blank as absent (`undefined`), at most `max`
 * characters (failure code `invalid`), then read by `read`. Example: `queryText("Day", 10, isDay, readDay, schema)`.
 */
export const queryText = <A>(
  name: string,
  max: number,
  is: (u: unknown) => u is A,
  read: (text: string) => Check<A>,
  schema: JsonSchema,
): t.Type<A | undefined, A | undefined, unknown> =>
  withSchema(
    codec(
      name,
      (u): u is A | undefined => u === undefined || is(u),
      (u): Check<A | undefined> => {
        if (typeof u !== "string") return { code: "invalid", message: "must be text" };
        const text = u.trim();
        if (text.length > max) return { code: "invalid", message: `is at most ${max} characters` };
        return text === "" ? { ok: undefined } : read(text);
      },
    ),
    { ...schema, maxLength: max },
  );

/** Text typed into a filter form: trimmed, blank as absent, at most `max` characters. Example: `QueryText(64)`. */
export const QueryText = (max: number): t.Type<string | undefined, string | undefined, unknown> =>
  queryText(
    `QueryText(${max})`,
    max,
    (u): u is string => typeof u === "string" && u !== "" && u === u.trim() && u.length <= max,
    (text) => ({ ok: text }),
    { type: "string" },
  );

/** One query parameter: the codec of its value, whether a request must give it, and for people, what it means. */
export interface QueryParam {
  readonly codec: t.Mixed;
  readonly description?: string;
  /** Absent: a `required` field error; optional unless `true`. */
  readonly required?: boolean;
}

type ValueOf<F> = F extends { codec: infer C extends t.Mixed } ? Exclude<t.TypeOf<C>, undefined> : never;
type RequiredValues<P> = { readonly [K in keyof P as P[K] extends { required: true } ? K : never]: ValueOf<P[K]> };
type OptionalValues<P> = { readonly [K in keyof P as P[K] extends { required: true } ? never : K]?: ValueOf<P[K]> };

/** The values of a query's parameters `P`: the required ones, and those optional ones that were given. */
export type QueryValues<P> = RequiredValues<P> & OptionalValues<P>;

/**
 * A query's values by its parameters' codecs (`get` answers a parameter's text): absent parameters, and those
 * their codec decodes to `undefined` (a blank filter), are left out; or one `Request.Invalid` naming every bad one.
 */
export const decodeQuery = <P extends Readonly<Record<string, QueryParam>>>(
  params: P,
  query: { get(name: string): string | undefined },
): E.Either<DomainError, QueryValues<P>> => {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, p] of Object.entries(params)) {
    const raw = query.get(name);
    if (raw === undefined) {
      if (p.required === true) errors.push({ field: name, code: "required", message: `${name} is required` });
      continue;
    }
    const decoded = p.codec.decode(raw);
    if (E.isLeft(decoded)) errors.push(...toFieldErrors(decoded.left, name));
    else if (decoded.right !== undefined) values[name] = decoded.right;
  }
  return errors.length > 0 ? E.left(validationError(errors)) : E.right(values as QueryValues<P>);
};
