import type { RecurringSchedule } from "@apar/core";
import type { OrgScope, RecurringSchedules } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (s: RecurringSchedule) =>
  s.clientId === scope.clientId && s.organisationId === scope.organisationId;

/** Recurring-invoice schedules in memory, as the SQL store answers them. */
export const memoryRecurringSchedules = (access: Access): RecurringSchedules => ({
  add: (schedule) =>
    access.write((t) => {
      assertAbsent(t.recurringSchedules, schedule.id, "recurring schedule id");
      t.recurringSchedules.set(schedule.id, copy(schedule));
    }),
  ofId: async (scope, id) => {
    const s = access.read().recurringSchedules.get(id);
    return s !== undefined && inScope(scope)(s) ? copy(s) : undefined;
  },
  list: async (scope, page) =>
    copy(keysetPage([...access.read().recurringSchedules.values()].filter(inScope(scope)), (s) => s.id, page)),
  update: (schedule, expected) =>
    access.write((t) => {
      const stored = t.recurringSchedules.get(schedule.id);
      if (stored === undefined || !inScope(schedule)(stored) || stored.nextOccurrence !== expected) return false;
      t.recurringSchedules.set(schedule.id, copy(schedule));
      return true;
    }),
  due: async (now, limit) =>
    copy(
      [...access.read().recurringSchedules.values()]
        .filter((s) => s.status === "Active" && s.nextRunAt !== null && s.nextRunAt.getTime() <= now.getTime())
        .sort((a, b) => (a.nextRunAt?.getTime() ?? 0) - (b.nextRunAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1))
        .slice(0, limit),
    ),
});
