import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import {
  GENERATE_OCCURRENCE_JOB,
  type GenerateOccurrenceJob,
  type GenerationDeps,
  generateOccurrence,
  recordGenerationFailure,
} from "./generate-occurrence.js";

/** The payload of `recurring-invoice.generate`. */
export const GenerateOccurrencePayload: t.Decoder<unknown, GenerateOccurrenceJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  scheduleId: t.string,
  occurrenceNumber: t.Int,
});

/**
 * `recurring-invoice.generate`. A refusal of the invoices part is recorded by the use case (event, schedule
 * paused) and the job completes; a defect fails the attempt, and the last attempt also records
 * `recurring_invoice.generation_failed` (code `RecurringInvoice.GenerationError`) and pauses it.
 */
export const generateOccurrenceJob: JobDefinition<
  typeof GENERATE_OCCURRENCE_JOB,
  GenerationDeps,
  GenerateOccurrenceJob
> = {
  type: GENERATE_OCCURRENCE_JOB,
  payload: GenerateOccurrencePayload,
  run: (deps) => {
    const generate = generateOccurrence(deps);
    const recordFailure = recordGenerationFailure(deps);
    return async (payload, job) => {
      try {
        const outcome = await generate(payload);
        return { scheduleId: payload.scheduleId, occurrence: payload.occurrenceNumber, outcome: outcome.kind };
      } catch (error) {
        if (job.attempts >= job.maxAttempts) {
          const message = error instanceof Error ? error.message : String(error);
          await recordFailure(payload, "RecurringInvoice.GenerationError", message, true);
        }
        throw error;
      }
    };
  },
};
