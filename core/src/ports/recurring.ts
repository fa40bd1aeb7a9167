import type { RecurringSchedule } from "../recurring/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Recurring-invoice schedules, within one organisation of one client (another's answer undefined). */
export interface RecurringSchedules {
  add(schedule: RecurringSchedule): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<RecurringSchedule | undefined>;
  /** The organisation's schedules in id order. */
  list(scope: OrgScope, page: PageRequest): Promise<Page<RecurringSchedule>>;
  /**
   * Replaces the schedule only while its stored `nextOccurrence` is still `expectedNextOccurrence`, so
   * two writers that read the same row cannot both advance it; answers whether it did.
   */
  update(schedule: RecurringSchedule, expectedNextOccurrence: number): Promise<boolean>;
  /** Active schedules of every tenant whose `nextRunAt` is at or before `now`, earliest first. */
  due(now: Date, limit: number): Promise<readonly RecurringSchedule[]>;
}
