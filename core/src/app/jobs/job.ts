import type { Either } from "fp-ts/lib/Either.js";
import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import type { Job } from "../../ports/jobs.js";
import { toFieldErrors } from "../../shared/codecs/field-errors.js";

/** What a job's run answers: facts for the worker's log line (never read back). */
export type JobReport = Readonly<Record<string, unknown>>;

/**
 * A job, declared once beside its use case: its type, the codec of its payload, and what running it does
 * given its dependencies. Throwing fails the attempt (retried while attempts are left).
 */
export interface JobDefinition<T extends string, D, P> {
  readonly type: T;
  readonly payload: t.Decoder<unknown, P>;
  readonly run: (deps: D) => (payload: P, job: Job) => Promise<JobReport>;
}

// biome-ignore lint/suspicious/noExplicitAny: the list holds definitions of every dependency and payload type.
export type AnyJobDefinition = JobDefinition<string, any, any>;

/** A job definition given its dependencies: the worker decodes a payload, then runs it. */
export interface RunnableJob {
  readonly type: string;
  /** The payload decoded to a run, or why it cannot be (a malformed payload is never retried). */
  readonly prepare: (job: Job) => Either<string, () => Promise<JobReport>>;
}

/** The dependencies of every job of a list, by type. */
export type JobDepsOf<L extends readonly AnyJobDefinition[]> = {
  readonly [J in L[number] as J["type"]]: J extends { readonly run: (deps: infer D) => unknown } ? D : never;
};

/** Says what is wrong with a payload, one field at a time. */
export const payloadProblem = (errors: t.Errors): string =>
  `malformed payload: ${toFieldErrors(errors, "payload")
    .map((e) => e.message)
    .join("; ")}`;

/** Gives one definition its dependencies. */
export const runnableJob = <T extends string, D, P>(definition: JobDefinition<T, D, P>, deps: D): RunnableJob => {
  const run = definition.run(deps);
  return {
    type: definition.type,
    prepare: (job) =>
      E.bimap(payloadProblem, (payload: P) => () => run(payload, job))(definition.payload.decode(job.payload)),
  };
};

/** Gives every definition of a list its dependencies (the type checker asks for each one's). */
export const runnableJobs = <L extends readonly AnyJobDefinition[]>(list: L, deps: JobDepsOf<L>): RunnableJob[] =>
  list.map((definition) => runnableJob(definition, (deps as Record<string, unknown>)[definition.type]));
