import type { Either } from "fp-ts/lib/Either.js";
import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import { type DomainError, type FieldError, validationError } from "../errors.js";
import { codeOf } from "./failure.js";

type AnyType = t.Decoder<unknown, unknown> & { readonly _tag?: string };

// Union and intersection members are entered under their index; that index is not part of the field's path.
const isMemberIndex = (parent: AnyType | undefined): boolean =>
  parent?._tag === "UnionType" || parent?._tag === "IntersectionType";

const pathOf = (context: t.Context, root: string): string => {
  const keys: string[] = [];
  for (let i = 1; i < context.length; i++) {
    if (!isMemberIndex(context[i - 1]?.type as AnyType | undefined)) keys.push(context[i]?.key ?? "");
  }
  return keys.length === 0 ? root : keys.join(".");
};

// What a plain io-ts type expects, said for people ("must be a string").
const expectation = (type: AnyType | undefined): string => {
  const any = type as (AnyType & { keys?: Record<string, unknown>; value?: unknown; name?: string }) | undefined;
  switch (any?._tag) {
    case "StringType":
      return "a string";
    case "NumberType":
      return "a number";
    case "BooleanType":
      return "true or false";
    case "NullType":
      return "null";
    case "UndefinedType":
    case "VoidType":
      return "absent";
    case "InterfaceType":
    case "PartialType":
    case "ExactType":
    case "StrictType":
    case "AnyDictionaryType":
    case "DictionaryType":
    case "ObjectType":
      return "an object";
    case "ArrayType":
    case "ReadonlyArrayType":
    case "AnyArrayType":
    case "TupleType":
      return "an array";
    case "KeyofType":
      return `one of ${Object.keys(any.keys ?? {}).join(", ")}`;
    case "LiteralType":
      return JSON.stringify(any.value);
    default:
      return `a valid ${any?.name ?? "value"}`;
  }
};

/**
 * Turns io-ts errors into one `FieldError` per field, with a dotted path (`lineItems.0.amount`).
 * Errors from our own codecs keep their code and message; plain io-ts types say what they expected.
 * A union's alternatives are merged ("must be a string or null").
 */
export const toFieldErrors = (errors: t.Errors, root = "body"): FieldError[] => {
  const byField = new Map<string, { coded?: FieldError; expected: string[]; missing: boolean }>();
  for (const error of errors) {
    const field = pathOf(error.context, root);
    const entry = byField.get(field) ?? { expected: [], missing: false };
    byField.set(field, entry);
    const code = codeOf(error);
    if (code !== undefined) {
      entry.coded ??= { field, code, message: `${field} ${error.message ?? "is not valid"}` };
    } else if (error.value === undefined) {
      entry.missing = true;
    } else {
      const expected = expectation(error.context[error.context.length - 1]?.type as AnyType | undefined);
      if (!entry.expected.includes(expected)) entry.expected.push(expected);
    }
  }
  // A union whose object alternative failed inside (`bankDetails.bic` unknown) says so; its other alternatives'
  // "must be null" would only mislead: an uncoded error on a field with errors beneath it is left out.
  const within = (field: string) =>
    [...byField.keys()].some((other) => other.startsWith(`${field}.`) || other.startsWith(`${field}[`));
  const entries = [...byField.entries()].filter(([field, entry]) => entry.coded !== undefined || !within(field));
  return entries.map(([field, entry]) => {
    if (entry.coded !== undefined) return entry.coded;
    if (entry.missing && entry.expected.length === 0)
      return { field, code: "required", message: `${field} is required` };
    return { field, code: "invalid", message: `${field} must be ${entry.expected.join(" or ")}` };
  });
};

/** Decodes `input` with `codec`; a failure is a `Request.Invalid` DomainError listing each bad field. */
export const decode = <A>(codec: t.Decoder<unknown, A>, input: unknown, root = "body"): Either<DomainError, A> =>
  E.mapLeft((errors: t.Errors) => validationError(toFieldErrors(errors, root)))(codec.decode(input));
