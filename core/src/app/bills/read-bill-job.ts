import type { ReadBillDeps, ReadBillJob } from "./deps.js";
import { failBillRead } from "./fail-read.js";
import { type ReadOutcome, readBill } from "./read-bill.js";

/** Which attempt of its job a run is. */
export interface Attempt {
  readonly attempts: number;
  readonly maxAttempts: number;
}

/**
 * One attempt of a read-bill job. A failure of the attempt (the database, the document store, anything the
 * reader does not answer for) is thrown so that the job is retried; on the last attempt the bill first goes to
 * ExtractionFailed with `bill.ocr_failed` naming the error, so that no bill waits in Extracting for a job
 * that will not run again.
 */
export const readBillAttempt = (deps: ReadBillDeps) => {
  const read = readBill(deps);
  const fail = failBillRead(deps);
  return async (job: ReadBillJob, attempt: Attempt): Promise<ReadOutcome> => {
    try {
      return await read(job);
    } catch (error) {
      if (attempt.attempts < attempt.maxAttempts) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const detail = `reading failed ${attempt.attempts} times, last: ${message}`.slice(0, 500);
      await fail(job, { reason: "unreadable", detail });
      throw error;
    }
  };
};
