/**
 * Expected failures are values of `DomainError`; defects are thrown.
 * `kind` says what sort of failure it is (the HTTP adapter maps it to a status),
 * `code` is the stable, grep-able code the spec and clients switch on (`Company.NotFound`).
 */
export type ErrorKind =
  | "BadRequest"
  | "Unauthenticated"
  | "Forbidden"
  | "NotFound"
  | "Conflict"
  | "Gone"
  | "TooLarge"
  | "UnsupportedMediaType"
  | "Unavailable";

/** One problem with one input field (`errors` member of a validation problem). */
export interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/** An expected failure of a use case. */
export interface DomainError {
  readonly _tag: "DomainError";
  readonly kind: ErrorKind;
  readonly code: string;
  readonly detail: string;
  readonly errors?: readonly FieldError[];
}

/** Builds a DomainError. */
export const domainError = (
  kind: ErrorKind,
  code: string,
  detail: string,
  errors?: readonly FieldError[],
): DomainError =>
  errors === undefined
    ? { _tag: "DomainError", kind, code, detail }
    : { _tag: "DomainError", kind, code, detail, errors };

/** True when a value is a DomainError. */
export const isDomainError = (u: unknown): u is DomainError =>
  typeof u === "object" && u !== null && (u as { _tag?: unknown })._tag === "DomainError";

/** A validation failure with per-field errors. */
export const validationError = (errors: readonly FieldError[], detail = "The request is not valid."): DomainError =>
  domainError("BadRequest", "Request.Invalid", detail, errors);

/** A missing (or foreign: tenancy answers the same) resource. */
export const notFound = (code: string, detail: string): DomainError => domainError("NotFound", code, detail);

/** A move the resource's state does not allow. */
export const conflict = (code: string, detail: string): DomainError => domainError("Conflict", code, detail);
