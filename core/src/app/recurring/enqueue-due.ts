import type { RecurringDeps } from "./deps.js";
import { GENERATE_OCCURRENCE_JOB, type GenerateOccurrenceJob, occurrenceJobKey } from "./generate-occurrence.js";

/** How many due schedules one tick enqueues at most (the next tick takes the rest). */
const BATCH = 500;

/**
 * One scheduler tick: enqueues the generation job of every due occurrence. It only enqueues; the job key
 * makes a second tick, a second scheduler instance or a retry enqueue nothing new. Answers how many
 * schedules were due.
 */
export const enqueueDueOccurrences =
  (deps: Pick<RecurringDeps<"jobs" | "recurringSchedules">, "db" | "clock">) => async (): Promise<number> => {
    const now = deps.clock.now();
    const due = await deps.db.stores.recurringSchedules.due(now, BATCH);
    for (const s of due) {
      const payload: GenerateOccurrenceJob = {
        clientId: s.clientId,
        organisationId: s.organisationId,
        scheduleId: s.id,
        occurrenceNumber: s.nextOccurrence,
      };
      await deps.db.stores.jobs.enqueue(
        { type: GENERATE_OCCURRENCE_JOB, payload, key: occurrenceJobKey(s.id, s.nextOccurrence), maxAttempts: 5 },
        now,
      );
    }
    return due.length;
  };
