import { type DomainError, type FieldError, toFieldErrors, toJsonSchema, validationError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import type { ParameterDef, QueryParams } from "./route.js";

/** One query parameter of a filter: the codec of its value and, for people, what it means. */
export interface FilterParam {
  readonly codec: t.Mixed;
  readonly description?: string;
  /** Whether the request must give it (absent: a `required` field error); optional unless `true`. */
  readonly required?: boolean;
}

type Required<P> = { readonly [K in keyof P as P[K] extends { required: true } ? K : never]: ValueOf<P[K]> };
type Optional<P> = { readonly [K in keyof P as P[K] extends { required: true } ? never : K]?: ValueOf<P[K]> };
type ValueOf<F> = F extends { codec: infer C extends t.Mixed } ? t.TypeOf<C> : never;

/** A list's filters: their parameters (the document's) and their decoding (a request's), from one statement. */
export interface QueryFilter<A> {
  readonly parameters: readonly ParameterDef[];
  /** The filter's values (absent parameters left out), or one `Request.Invalid` naming every bad parameter. */
  decode(query: QueryParams): E.Either<DomainError, A>;
}

/**
 * Query filters stated once, as codecs: each parameter's schema is its codec's, and a value the codec refuses is
 * a field error named after the parameter (`State must be one of ...`). Example:
 * `queryFilter({ State: { codec: enumParam(BILL_STATES, "BillState") } })`.
 */
export const queryFilter = <P extends Readonly<Record<string, FilterParam>>>(
  params: P,
): QueryFilter<Required<P> & Optional<P>> => ({
  parameters: Object.entries(params).map(([name, p]) => ({
    name,
    in: "query",
    ...(p.required === true ? { required: true } : {}),
    ...(p.description === undefined ? {} : { description: p.description }),
    schema: toJsonSchema(p.codec),
  })),
  decode: (query) => {
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
      else values[name] = decoded.right;
    }
    return errors.length > 0 ? E.left(validationError(errors)) : E.right(values as never);
  },
});
