import { formatCalendarDate, parseCalendarDate } from "../recurring/calendar-date.js";
import { localDateOf } from "../recurring/zoned-time.js";
import type { Currency } from "../shared/currencies.js";
import { addAmounts, isPositiveAmount, subtractAmounts, sumAmounts, wireAmount } from "../shared/money.js";

/**
 * Aging: what each document still owed at the end of a day (`asOf`), put in a bucket by how many days it was past
 * its due date then, summed per party (supplier, customer) and currency. Currencies are never added together.
 */

/** The buckets, in order: not yet due (due on asOf or later), then days past due 1-30, 31-60, 61-90, over 90. */
export const AGING_BUCKETS = ["current", "days1To30", "days31To60", "days61To90", "over90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Amounts per bucket (canonical decimal strings). */
export type BucketAmounts = Readonly<Record<AgingBucket, string>>;

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The date `days` days after `date` (negative: before). */
export const shiftDate = (date: string, days: number): string =>
  new Date((dayNumber(date) + days) * MS_PER_DAY).toISOString().slice(0, 10);

/** The bucket of a document due on `dueDate`, seen at the end of `asOf`: due that very day is still current. */
export const bucketOf = (dueDate: string, asOf: string): AgingBucket => {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return "current";
  if (late <= 30) return "days1To30";
  if (late <= 60) return "days31To60";
  if (late <= 90) return "days61To90";
  return "over90";
};

/**
 * The business date of a recorded time: a date (`YYYY-MM-DD`) as it is, midnight UTC as the date it names, any
 * other instant as the calendar date it falls on in the organisation's time zone.
 */
export const businessDateOf = (at: string | Date, timeZone: string): string => {
  const text = typeof at === "string" ? at : at.toISOString();
  if (parseCalendarDate(text) !== undefined) return text;
  // A date given as a date is kept as its UTC midnight (a payment's `paidAt`, a statement's booking date): that
  // instant names the date it was written as, whatever the zone.
  if (MIDNIGHT_UTC.test(text)) return text.slice(0, 10);
  return formatCalendarDate(localDateOf(new Date(text), timeZone));
};

const MIDNIGHT_UTC = /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/;

/** Something that lowered what a document owes (a payment, a credit), on a business date. */
export interface Reduction {
  readonly date: string;
  readonly amount: string;
}

/** A bill or an invoice as aging sees it: who owes whom, how much, since and until when. */
export interface AgingItem {
  /** Groups the report's rows: a supplier or customer record's id, or a supplier's name when it has none. */
  readonly partyKey: string;
  readonly partyId: string | null;
  readonly partyName: string;
  readonly currency: Currency;
  readonly issueDate: string;
  readonly dueDate: string;
  readonly total: string;
  readonly reductions: readonly Reduction[];
  /** The date it was voided (it owed nothing from then on), or null. */
  readonly voidedOn: string | null;
}

/** What the item still owed at the end of `asOf` (above zero), or undefined: not issued yet, voided, settled. */
export const owedAt = (item: AgingItem, asOf: string): string | undefined => {
  if (item.issueDate > asOf) return undefined;
  if (item.voidedOn !== null && item.voidedOn <= asOf) return undefined;
  const reduced = sumAmounts(item.reductions.filter((r) => r.date <= asOf).map((r) => r.amount));
  const owed = subtractAmounts(item.total, reduced);
  return isPositiveAmount(owed) ? owed : undefined;
};

/** One row of an aging report: a party in one currency. */
export interface AgingRow {
  readonly partyId: string | null;
  readonly partyName: string;
  readonly currency: Currency;
  readonly buckets: BucketAmounts;
  readonly total: string;
  readonly documentCount: number;
}

/** The sums of one currency over every party. */
export interface AgingTotal {
  readonly currency: Currency;
  readonly buckets: BucketAmounts;
  readonly total: string;
  readonly documentCount: number;
}

interface Sums {
  readonly buckets: Record<AgingBucket, string>;
  total: string;
  documentCount: number;
}

const emptySums = (): Sums => ({
  buckets: { current: "0", days1To30: "0", days31To60: "0", days61To90: "0", over90: "0" },
  total: "0",
  documentCount: 0,
});

const addTo = (sums: Sums, bucket: AgingBucket, owed: string) => {
  sums.buckets[bucket] = addAmounts(sums.buckets[bucket], owed);
  sums.total = addAmounts(sums.total, owed);
  sums.documentCount += 1;
};

/** An aging table being filled: memory grows with parties and currencies, never with documents. */
export interface AgingTable {
  /** Counts the item if it owed something at the end of the table's day; answers what it owed. */
  add(item: AgingItem): string | undefined;
  /** Rows by party name (then id, then currency). */
  rows(): AgingRow[];
  /** One total per currency, by currency code. */
  totals(): AgingTotal[];
}

/** A new aging table as of the end of `asOf`. */
export const agingTable = (asOf: string): AgingTable => {
  const rows = new Map<
    string,
    Sums & { partyId: string | null; partyName: string; named: string; currency: Currency }
  >();
  const totals = new Map<Currency, Sums>();
  return {
    add(item) {
      const owed = owedAt(item, asOf);
      if (owed === undefined) return undefined;
      const bucket = bucketOf(item.dueDate, asOf);
      const key = `${item.partyKey}\u0000${item.currency}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { ...emptySums(), partyId: item.partyId, partyName: item.partyName, named: "", currency: item.currency };
        rows.set(key, row);
      }
      // The party's name as its newest document gives it (a supplier or customer may have been renamed since).
      if (item.issueDate >= row.named) {
        row.partyName = item.partyName;
        row.named = item.issueDate;
      }
      addTo(row, bucket, owed);
      let total = totals.get(item.currency);
      if (total === undefined) {
        total = emptySums();
        totals.set(item.currency, total);
      }
      addTo(total, bucket, owed);
      return owed;
    },
    rows: () =>
      [...rows.values()]
        .map((r) => ({
          partyId: r.partyId,
          partyName: r.partyName,
          currency: r.currency,
          buckets: { ...r.buckets },
          total: r.total,
          documentCount: r.documentCount,
        }))
        .sort(
          (a, b) =>
            a.partyName.localeCompare(b.partyName, "en") ||
            (a.partyId ?? "").localeCompare(b.partyId ?? "") ||
            a.currency.localeCompare(b.currency),
        ),
    totals: () =>
      [...totals.entries()]
        .map(([currency, t]) => ({
          currency,
          buckets: { ...t.buckets },
          total: t.total,
          documentCount: t.documentCount,
        }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
};

/** Bucket amounts written with their currency's minor digits (`"0.00"`, JPY `"0"`). */
export const wireBuckets = (buckets: BucketAmounts, currency: Currency): BucketAmounts => ({
  current: wireAmount(buckets.current, currency),
  days1To30: wireAmount(buckets.days1To30, currency),
  days31To60: wireAmount(buckets.days31To60, currency),
  days61To90: wireAmount(buckets.days61To90, currency),
  over90: wireAmount(buckets.over90, currency),
});
