import { type DomainError, isUuid } from "@apar/core";
import type * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** Runs a use case's task. */
export const run = async <A>(task: TE.TaskEither<DomainError, A>): Promise<E.Either<DomainError, A>> => task();

/** A readable sentence for a use case's failure (field errors listed). */
export const explain = (e: DomainError): string =>
  e.errors === undefined || e.errors.length === 0
    ? e.detail
    : `${e.detail} ${e.errors.map((f) => f.message).join("; ")}`;

/** The id field of a form or query, when it is a UUID (anything else answers like a missing one). */
export const idOf = (value: string | null | undefined): string | undefined =>
  isUuid(value ?? undefined) ? (value as string).toLowerCase() : undefined;
