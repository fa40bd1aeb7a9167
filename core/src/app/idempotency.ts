import * as E from "fp-ts/lib/Either.js";
import type { IdempotencyKeys } from "../ports/idempotency.js";
import type { Stores } from "../ports/stores.js";
import { conflict, type DomainError } from "../shared/errors.js";
import type { OrgScope } from "../shared/scope.js";
import type { CoreDeps } from "./deps.js";

/** An Idempotency-Key header and a hash of what the request asked. */
export interface IdempotencyRequest {
  readonly key: string;
  readonly requestHash: string;
}

/**
 * An idempotency key and a hash of what the request asked, with the caller's name for the operation (keys are
 * unique per operation and organisation) and the status it answers, remembered with the answer. The caller
 * (an HTTP route) decides both: `POST /v1/bills` and 202, `POST /v1/invoices/payments` and 201.
 */
export interface OperationIdempotency extends IdempotencyRequest {
  readonly operation: string;
  readonly status: number;
}

/** The operation a use case remembers answers under and the status it answers: the caller (an adapter) names both. */
export type OperationName = Pick<OperationIdempotency, "operation" | "status">;

/** Where keys of one operation live: a key is unique per client and scope (`POST /v1/bills <organisationId>`). */
export interface IdempotencyPlace {
  readonly clientId: string;
  readonly scope: string;
}

/** The answer a request was given, as remembered under its key. */
export interface RememberedAnswer {
  readonly status: number;
  readonly response: unknown;
}

const keyReused = (): DomainError =>
  conflict("Idempotency.KeyReused", "This Idempotency-Key was used for a different request.");

/**
 * Runs `work` once per key. A repeat with the same key and request answers the first answer again (through
 * `replayed`); the same key with another request is 409 `Idempotency.KeyReused`; when two requests race on one
 * key, the loser's unit of work rolls back (the key is unique) and it answers as the winner did.
 */
export const oncePerKey = async <A>(
  keys: IdempotencyKeys,
  place: IdempotencyPlace,
  request: IdempotencyRequest | undefined,
  replayed: (answer: RememberedAnswer) => A,
  work: () => Promise<E.Either<DomainError, A>>,
): Promise<E.Either<DomainError, A>> => {
  const replay = async (): Promise<E.Either<DomainError, A> | undefined> => {
    if (request === undefined) return undefined;
    const seen = await keys.find(place.clientId, place.scope, request.key);
    if (seen === undefined) return undefined;
    return seen.requestHash === request.requestHash ? E.right(replayed(seen)) : E.left(keyReused());
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  try {
    return await work();
  } catch (error) {
    const raced = await replay();
    if (raced !== undefined) return raced;
    throw error;
  }
};

/** Remembers an answer under the request's key (when it has one), in the unit of work that made the answer. */
export const rememberAnswer = async (
  keys: IdempotencyKeys,
  place: IdempotencyPlace,
  request: IdempotencyRequest | undefined,
  answer: RememberedAnswer,
  now: Date,
): Promise<void> => {
  if (request === undefined) return;
  await keys.add({ ...place, key: request.key, requestHash: request.requestHash, ...answer, createdAt: now });
};

/** Where an operation's keys live for one organisation: `POST /v1/bills <organisationId>`. */
export const operationPlace = (scope: OrgScope, request: OperationIdempotency | undefined): IdempotencyPlace => ({
  clientId: scope.clientId,
  scope: `${request?.operation ?? ""} ${scope.organisationId}`,
});

/** Remembers `response` with the operation's status under the request's key (when it has one). */
export const rememberResponse = (
  keys: IdempotencyKeys,
  place: IdempotencyPlace,
  request: OperationIdempotency | undefined,
  response: unknown,
  now: Date,
): Promise<void> =>
  request === undefined
    ? Promise.resolve()
    : rememberAnswer(keys, place, request, { status: request.status, response }, now);

/**
 * The use case's deps with its unit of work run once per Idempotency-Key: a repeat of the request answers the
 * first answer again, remembered in the unit of work that made it (so a retry after a lost answer never makes a
 * second credit note). For use cases that run one unit of work answering an Either (a draft, an issue, an
 * application); without a key, the deps as they are.
 */
export const keyedDeps = <D extends CoreDeps<"idempotencyKeys">>(
  deps: D,
  scope: OrgScope,
  idempotency: OperationIdempotency | undefined,
): D => {
  if (idempotency === undefined) return deps;
  const place = operationPlace(scope, idempotency);
  const run = <A>(work: (s: Stores) => Promise<A>): Promise<A> =>
    oncePerKey(
      deps.db.stores.idempotencyKeys,
      place,
      idempotency,
      (seen) => seen.response,
      () =>
        deps.db.run(async (s) => {
          const answer = (await work(s as unknown as Stores)) as E.Either<DomainError, unknown>;
          if (E.isRight(answer))
            await rememberResponse(s.idempotencyKeys, place, idempotency, answer.right, deps.clock.now());
          return answer;
        }),
    ) as Promise<A>;
  return { ...deps, db: { ...deps.db, stores: deps.db.stores, run } };
};
