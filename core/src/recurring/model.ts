import type { Cadence } from "./cadence.js";

/** A schedule's status. */
export const SCHEDULE_STATUSES = ["Active", "Paused", "Completed", "Cancelled"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** One line of the invoice every occurrence copies (passed to invoice creation as given). */
export type TemplateLine = Readonly<Record<string, unknown>>;

/** The invoice an occurrence creates. */
export interface InvoiceTemplate {
  readonly customerId: string;
  readonly currency: string | null;
  readonly lines: readonly TemplateLine[];
  readonly memo: string | null;
  /** The due date is the issue date plus this many days. */
  readonly dueDays: number;
}

/** A recurring-invoice schedule of an organisation. */
export interface RecurringSchedule {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly template: InvoiceTemplate;
  readonly cadence: Cadence;
  /** `YYYY-MM-DD`: the first occurrence's date and the anchor of every later one. */
  readonly startDate: string;
  /** `YYYY-MM-DD`, inclusive; null: no end date. */
  readonly endDate: string | null;
  /** Null: until stopped (or the end date). */
  readonly totalOccurrences: number | null;
  /** False: occurrences stay drafts. */
  readonly autoSend: boolean;
  /** The organisation's IANA zone when the schedule was made: dates are its wall-clock dates. */
  readonly timeZone: string;
  readonly status: ScheduleStatus;
  readonly occurrencesGenerated: number;
  /** The occurrence number (1-based, counted from the start date) generated next. */
  readonly nextOccurrence: number;
  /** When `nextOccurrence` is due; null once the schedule is Completed or Cancelled. */
  readonly nextRunAt: Date | null;
  readonly lastGeneratedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
