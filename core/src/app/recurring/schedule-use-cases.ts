import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { firstOccurrenceFrom } from "../../recurring/cadence.js";
import { compareDates, formatCalendarDate, parseCalendarDate } from "../../recurring/calendar-date.js";
import type { RecurringSchedule } from "../../recurring/model.js";
import { RECURRING_SCHEDULE_MACHINE, type ScheduleTrigger } from "../../recurring/schedule-machine.js";
import { pointAt, storedDate } from "../../recurring/schedule-rules.js";
import { localDateOf } from "../../recurring/zoned-time.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { transition } from "../../shared/state-machine.js";
import { customerFor } from "../invoices/draft-lines.js";
import type { RecurringDeps } from "./deps.js";
import type { CreateScheduleBody, UpdateScheduleBody } from "./schedule-body.js";

/** The answer for a missing schedule (or another organisation's). */
export const scheduleNotFound = (): DomainError =>
  notFound("RecurringInvoice.NotFound", "The recurring invoice does not exist.");

const today = (deps: RecurringDeps<never>, timeZone: string) => localDateOf(deps.clock.now(), timeZone);

/** Checks the dates of a schedule: start not before today (in its zone), end not before start. */
const checkDates = (s: RecurringSchedule, now: Date, checkStart: boolean): DomainError | undefined => {
  const start = storedDate(s.startDate);
  if (checkStart && compareDates(start, localDateOf(now, s.timeZone)) < 0) {
    return validationError([
      {
        field: "startDate",
        code: "range",
        message: `must be today (${formatCalendarDate(localDateOf(now, s.timeZone))}) or later`,
      },
    ]);
  }
  const end = s.endDate === null ? undefined : parseCalendarDate(s.endDate);
  if (end !== undefined && compareDates(end, start) < 0) {
    return validationError([{ field: "endDate", code: "range", message: "must be on or after startDate" }]);
  }
  return undefined;
};

/** Creates an Active schedule; its first occurrence is due at the start of `startDate` in the organisation's zone. */
export const createSchedule =
  (deps: RecurringDeps<"customers" | "organisations" | "recurringSchedules">) =>
  (scope: OrgScope, body: CreateScheduleBody): TE.TaskEither<DomainError, RecurringSchedule> =>
  () =>
    deps.db.run(async (s) => {
      const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
      if (organisation === undefined) throw new Error("the request's organisation is gone");
      const now = deps.clock.now();
      const draft: RecurringSchedule = {
        id: deps.ids.next(),
        ...scope,
        template: {
          customerId: body.customerId.toLowerCase(),
          currency: body.currency ?? null,
          lines: body.lineItems,
          memo: body.memo ?? null,
          dueDays: body.dueDays ?? 30,
        },
        cadence: body.cadence,
        startDate: body.startDate,
        endDate: body.endDate ?? null,
        totalOccurrences: body.totalOccurrences ?? null,
        autoSend: body.autoSend ?? false,
        timeZone: organisation.timeZone,
        status: "Active",
        occurrencesGenerated: 0,
        nextOccurrence: 1,
        nextRunAt: null,
        lastGeneratedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      const invalid = checkDates(draft, now, true);
      if (invalid !== undefined) return E.left(invalid);
      const customer = await customerFor(s, scope, draft.template.customerId);
      if (E.isLeft(customer)) return customer;
      const schedule = pointAt(draft, 1, now);
      await s.recurringSchedules.add(schedule);
      return E.right(schedule);
    });

/** A schedule of the organisation. */
export const getSchedule =
  (deps: RecurringDeps<"recurringSchedules">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, RecurringSchedule> =>
  async () => {
    const schedule = await deps.db.stores.recurringSchedules.ofId(scope, id);
    return schedule === undefined ? E.left(scheduleNotFound()) : E.right(schedule);
  };

/** One page of the organisation's schedules. */
export const listSchedules =
  (deps: RecurringDeps<"recurringSchedules">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<RecurringSchedule>> =>
  async () =>
    E.right(await deps.db.stores.recurringSchedules.list(scope, page));

/**
 * Changes the members given of an Active or Paused schedule. The cadence and start date change only before
 * the first invoice (they anchor every occurrence); the next occurrence is recomputed from the new rules.
 */
export const updateSchedule =
  (deps: RecurringDeps<"customers" | "recurringSchedules">) =>
  (scope: OrgScope, id: string, body: UpdateScheduleBody): TE.TaskEither<DomainError, RecurringSchedule> =>
  () =>
    deps.db.run(async (s) => {
      const schedule = await s.recurringSchedules.ofId(scope, id);
      if (schedule === undefined) return E.left(scheduleNotFound());
      const changing = transition(RECURRING_SCHEDULE_MACHINE, schedule.status, "change", undefined);
      if (E.isLeft(changing)) return changing;
      const reanchors = body.cadence !== undefined || body.startDate !== undefined;
      if (reanchors && schedule.occurrencesGenerated > 0) {
        return E.left(
          conflict(
            "RecurringInvoice.AlreadyStarted",
            "The cadence and start date cannot change after the first invoice.",
          ),
        );
      }
      const now = deps.clock.now();
      const changed: RecurringSchedule = {
        ...schedule,
        template: {
          customerId: body.customerId?.toLowerCase() ?? schedule.template.customerId,
          currency: body.currency === undefined ? schedule.template.currency : body.currency,
          lines: body.lineItems ?? schedule.template.lines,
          memo: body.memo === undefined ? schedule.template.memo : body.memo,
          dueDays: body.dueDays ?? schedule.template.dueDays,
        },
        cadence: body.cadence ?? schedule.cadence,
        startDate: body.startDate ?? schedule.startDate,
        endDate: body.endDate === undefined ? schedule.endDate : body.endDate,
        totalOccurrences: body.totalOccurrences === undefined ? schedule.totalOccurrences : body.totalOccurrences,
        autoSend: body.autoSend ?? schedule.autoSend,
      };
      const invalid = checkDates(changed, now, body.startDate !== undefined);
      if (invalid !== undefined) return E.left(invalid);
      if (body.customerId !== undefined) {
        const customer = await customerFor(s, scope, changed.template.customerId);
        if (E.isLeft(customer)) return customer;
      }
      // A paused schedule stays paused; resume recomputes its next occurrence.
      const pointed = pointAt(changed, reanchors ? 1 : changed.nextOccurrence, now);
      const result: RecurringSchedule =
        schedule.status === "Paused" && pointed.status !== "Completed" ? { ...pointed, status: "Paused" } : pointed;
      if (!(await s.recurringSchedules.update(result, schedule.nextOccurrence))) return E.left(busy());
      return E.right(result);
    });

const busy = (): DomainError =>
  conflict("RecurringInvoice.Busy", "The recurring invoice changed at the same time (an occurrence ran); try again.");

/** Moves a schedule on `trigger` through its machine, applying `change`, or answers 409 naming its status. */
const move =
  (
    trigger: ScheduleTrigger,
    change: (deps: RecurringDeps<never>, s: RecurringSchedule, now: Date) => RecurringSchedule,
  ) =>
  (deps: RecurringDeps<"recurringSchedules">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, RecurringSchedule> =>
  () =>
    deps.db.run(async (s) => {
      const schedule = await s.recurringSchedules.ofId(scope, id);
      if (schedule === undefined) return E.left(scheduleNotFound());
      const moved = transition(RECURRING_SCHEDULE_MACHINE, schedule.status, trigger, undefined);
      if (E.isLeft(moved)) return moved;
      const changed = change(deps, schedule, deps.clock.now());
      if (!(await s.recurringSchedules.update(changed, schedule.nextOccurrence))) return E.left(busy());
      return E.right(changed);
    });

/** Pauses an Active schedule: nothing is generated until it is resumed. */
export const pauseSchedule = move("pause", (_d, s, now) => ({
  ...s,
  status: "Paused",
  updatedAt: now,
}));

/** Resumes a Paused schedule; occurrences whose date passed while it was paused are skipped, not generated. */
export const resumeSchedule = move("resume", (deps, s, now) =>
  pointAt(
    { ...s, status: "Active" },
    firstOccurrenceFrom(storedDate(s.startDate), s.cadence, s.nextOccurrence, today(deps, s.timeZone)),
    now,
  ),
);

/** Cancels an Active or Paused schedule for good. */
export const cancelSchedule = move("cancel", (_d, s, now) => ({
  ...s,
  status: "Cancelled",
  nextRunAt: null,
  updatedAt: now,
}));
