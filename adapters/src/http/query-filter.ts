import { type DomainError, decodeQuery, type QueryParam, type QueryValues, toJsonSchema } from "@apar/core";
import type * as E from "fp-ts/lib/Either.js";
import type { ParameterDef, QueryParams } from "./route.js";

/** One query parameter of a filter: the codec of its value, whether it is required and, for people, what it means. */
export type FilterParam = QueryParam;

/** A list's filters: their parameters (the document's) and their decoding (a request's), from one statement. */
export interface QueryFilter<A> {
  readonly parameters: readonly ParameterDef[];
  /** The filter's values (absent parameters left out), or one `Request.Invalid` naming every bad parameter. */
  decode(query: QueryParams): E.Either<DomainError, A>;
}

/**
 * Query filters stated once, as codecs: each parameter's schema is its codec's, and a value the codec refuses is
 * a field error named after the parameter (`State must be one of ...`); decoding is core's `decodeQuery`. Example:
 * `queryFilter({ State: { codec: enumParam(BILL_STATES, "BillState") } })`.
 */
export const queryFilter = <P extends Readonly<Record<string, FilterParam>>>(
  params: P,
): QueryFilter<QueryValues<P>> => ({
  parameters: Object.entries(params).map(([name, p]) => ({
    name,
    in: "query",
    ...(p.required === true ? { required: true } : {}),
    ...(p.description === undefined ? {} : { description: p.description }),
    schema: toJsonSchema(p.codec),
  })),
  decode: (query) => decodeQuery(params, query),
});
