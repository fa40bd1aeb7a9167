import * as E from "fp-ts/lib/Either.js";
import { makeEvent } from "../../events/make-event.js";
import type { StoreName, Stores } from "../../ports/stores.js";
import { occurrenceDate } from "../../recurring/cadence.js";
import { addDays, formatCalendarDate } from "../../recurring/calendar-date.js";
import type { RecurringSchedule } from "../../recurring/model.js";
import { advanceAfterGeneration, storedDate } from "../../recurring/schedule-rules.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { OccurrenceInvoices, RecurringDeps } from "./deps.js";
import { scheduleJson } from "./schedule-json.js";

/** The job type of one occurrence's generation. */
export const GENERATE_OCCURRENCE_JOB = "recurring-invoice.generate";

/** The payload of a generation job. */
export interface GenerateOccurrenceJob extends OrgScope {
  readonly scheduleId: string;
  readonly occurrenceNumber: number;
}

/** The dedupe key of an occurrence's job: one generation per occurrence, whoever enqueues it and how often. */
export const occurrenceJobKey = (scheduleId: string, occurrenceNumber: number): string =>
  `recurring:${scheduleId}:${occurrenceNumber}`;

/** What a generation did. */
export type GenerationOutcome =
  | { readonly kind: "generated"; readonly invoiceId: string }
  /** The schedule is gone, not Active, or already past this occurrence (a retry of a committed run). */
  | { readonly kind: "skipped" }
  /** The invoices part refused: the event is written and the schedule paused. */
  | { readonly kind: "failed"; readonly error: DomainError };

/** Thrown inside the unit of work to roll the invoice back when the invoices part refuses. */
class Refused extends Error {
  constructor(readonly error: DomainError) {
    super(error.detail);
  }
}

/** What a generation needs. */
export interface GenerationDeps<K extends StoreName = StoreName> extends RecurringDeps<K> {
  readonly invoices: OccurrenceInvoices;
}

const invoiceOf = (s: RecurringSchedule) => {
  const issue = occurrenceDate(storedDate(s.startDate), s.cadence, s.nextOccurrence);
  return {
    template: s.template,
    issueDate: formatCalendarDate(issue),
    dueDate: formatCalendarDate(addDays(issue, s.template.dueDays)),
    scheduleId: s.id,
    occurrenceNumber: s.nextOccurrence,
    send: s.autoSend,
  };
};

/**
 * Generates one occurrence: the invoice (sent when the schedule says so) and the schedule's advance commit in
 * one unit of work, and only while the schedule still points at this occurrence, so a retry or a second
 * job for it changes nothing. A refusal of the invoices part rolls the invoice back, pauses the schedule and
 * emits `recurring_invoice.generation_failed`; a defect throws (the job is retried).
 */
export const generateOccurrence =
  (deps: GenerationDeps) =>
  async (job: GenerateOccurrenceJob): Promise<GenerationOutcome> => {
    const scope: OrgScope = { clientId: job.clientId, organisationId: job.organisationId };
    try {
      return await deps.db.run(async (stores) => {
        const schedule = await stores.recurringSchedules.ofId(scope, job.scheduleId);
        const now = deps.clock.now();
        if (
          schedule === undefined ||
          schedule.status !== "Active" ||
          schedule.nextOccurrence !== job.occurrenceNumber ||
          schedule.nextRunAt === null ||
          schedule.nextRunAt.getTime() > now.getTime()
        ) {
          return { kind: "skipped" } as const;
        }
        const created = await deps.invoices.generate(stores, scope, invoiceOf(schedule));
        if (E.isLeft(created)) throw new Refused(created.left);
        if (!(await stores.recurringSchedules.update(advanceAfterGeneration(schedule, now), job.occurrenceNumber))) {
          throw new Error(`schedule ${schedule.id} moved while occurrence ${job.occurrenceNumber} was generated`);
        }
        return { kind: "generated", invoiceId: created.right.id } as const;
      });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      await recordGenerationFailure(deps)(job, error.error.code, error.error.detail, true);
      return { kind: "failed", error: error.error };
    }
  };

/**
 * Writes `recurring_invoice.generation_failed` for an occurrence (and pauses the schedule when `pause`, so it
 * does not fail again unattended). Also called by the job handler when a defect used up the job's attempts.
 */
export const recordGenerationFailure =
  (deps: RecurringDeps<"events" | "recurringSchedules">) =>
  (job: GenerateOccurrenceJob, errorCode: string, errorMessage: string, pause: boolean): Promise<void> =>
    deps.db.run(async (stores: Pick<Stores, "events" | "recurringSchedules">) => {
      const scope: OrgScope = { clientId: job.clientId, organisationId: job.organisationId };
      const schedule = await stores.recurringSchedules.ofId(scope, job.scheduleId);
      if (schedule === undefined) return;
      const now = deps.clock.now();
      const after: RecurringSchedule =
        pause && schedule.status === "Active" && schedule.nextOccurrence === job.occurrenceNumber
          ? { ...schedule, status: "Paused", updatedAt: now }
          : schedule;
      if (after !== schedule) await stores.recurringSchedules.update(after, schedule.nextOccurrence);
      await stores.events.append([
        makeEvent({
          ids: deps.ids,
          clock: deps.clock,
          type: "recurring_invoice.generation_failed",
          clientId: job.clientId,
          organisationId: job.organisationId,
          actor: { type: "system", id: null },
          data: {
            schedule: scheduleJson(after),
            occurrenceNumber: job.occurrenceNumber,
            errorCode,
            errorMessage,
          },
        }),
      ]);
    });
