import {
  GENERATE_OCCURRENCE_JOB,
  type GenerateOccurrenceJob,
  type GenerationDeps,
  generateOccurrence,
  recordGenerationFailure,
} from "@apar/core/app";
import type { JobHandler } from "../jobs/worker.js";

/** What the generation job logs. */
export interface RecurringJobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The job handler of `recurring-invoice.generate`. A refusal of the invoices part is recorded by the use case
 * (event, schedule paused) and the job completes; a defect fails the attempt, and the last attempt also
 * records `recurring_invoice.generation_failed` (code `RecurringInvoice.GenerationError`) and pauses it.
 */
export const recurringJobHandlers = (deps: GenerationDeps, logger: RecurringJobLogger): Record<string, JobHandler> => {
  const generate = generateOccurrence(deps);
  return {
    [GENERATE_OCCURRENCE_JOB]: async (job) => {
      const payload = job.payload as GenerateOccurrenceJob;
      try {
        const outcome = await generate(payload);
        logger.info(
          {
            jobId: job.id,
            scheduleId: payload.scheduleId,
            occurrence: payload.occurrenceNumber,
            outcome: outcome.kind,
          },
          "recurring occurrence",
        );
      } catch (error) {
        if (job.attempts >= job.maxAttempts) {
          const message = error instanceof Error ? error.message : String(error);
          await recordGenerationFailure(deps)(payload, "RecurringInvoice.GenerationError", message, true);
          logger.warn({ jobId: job.id, scheduleId: payload.scheduleId, err: message }, "recurring occurrence gave up");
        }
        throw error;
      }
    },
  };
};
