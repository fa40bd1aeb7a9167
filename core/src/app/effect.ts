import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** Lifts store work into a TaskEither: its rejection stays a defect (the task rejects), never a DomainError. */
export const attempt =
  <A>(work: () => Promise<A>): TE.TaskEither<never, A> =>
  () =>
    work().then(E.right);
