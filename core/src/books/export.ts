import type { Actor } from "../events/envelope.js";
import type { AccountingChart } from "./chart.js";
import type { JournalEntry } from "./journal.js";

/** The files the books are exported as: apar's journal CSV, and DATEV's Buchungsstapel. */
export const BOOK_FORMATS = ["csv", "datev"] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

/**
 * An export of the books: the journal entries of a period (every one, or those no earlier export carried), kept as
 * they were written so that its file reads the same whenever it is downloaded, and, once the receiving system has
 * taken them, acknowledged (which sets the match groups of its bills Synced).
 */
export interface AccountingExport {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  /** The period, business dates (YYYY-MM-DD), both included. */
  readonly from: string;
  readonly to: string;
  readonly format: BookFormat;
  /** True: entries an earlier export of the organisation carried were left out. */
  readonly onlyNew: boolean;
  /** The chart as it was when the export was made (its accounts are in the entries; DATEV's header reads it). */
  readonly chart: AccountingChart;
  readonly entryCount: number;
  readonly lineCount: number;
  readonly createdAt: Date;
  readonly createdBy: Actor;
  readonly acknowledgedAt: Date | null;
  readonly acknowledgedBy: Actor | null;
  /** How many match groups the acknowledgement set Synced. */
  readonly matchGroupsSynced: number;
}

/** An entry as an export carried it: its place in the file (from 1) and the entry. */
export interface ExportedEntry {
  readonly seq: number;
  readonly entry: JournalEntry;
}
