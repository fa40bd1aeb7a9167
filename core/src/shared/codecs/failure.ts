import * as t from "io-ts";

/** A validation error that also carries a stable code for `FieldError.code`. */
export interface CodedValidationError extends t.ValidationError {
  readonly code: string;
}

/** The outcome of checking one input value: the decoded value, or a code and a human message. */
export type Check<A> = { readonly ok: A } | { readonly code: string; readonly message: string };

/** A validation error that carries a code (`invalid`, `range`, ...) and a message for people. */
export const codedError = (u: unknown, c: t.Context, code: string, message: string): CodedValidationError => ({
  value: u,
  context: c,
  message,
  code,
});

/** A failed validation with one coded error. */
export const failure = <A>(u: unknown, c: t.Context, code: string, message: string): t.Validation<A> =>
  t.failures([codedError(u, c, code, message)]);

/** The code a validation error carries, if one of our codecs made it. */
export const codeOf = (error: t.ValidationError): string | undefined => {
  const code = (error as Partial<CodedValidationError>).code;
  return typeof code === "string" ? code : undefined;
};

/** Builds a codec from a type guard and a check that decodes or explains (io-ts's `t.Type`, less ceremony). */
export const codec = <A, O = A>(
  name: string,
  is: (u: unknown) => u is A,
  check: (u: unknown) => Check<NoInfer<A>>,
  encode: (a: A) => O = (a) => a as unknown as O,
): t.Type<A, O, unknown> =>
  new t.Type<A, O, unknown>(
    name,
    is,
    (u, c) => {
      const result = check(u);
      if ("ok" in result) return t.success(result.ok);
      return u === undefined ? failure(u, c, "required", "is required") : failure(u, c, result.code, result.message);
    },
    encode,
  );
