import { wireAmount } from "../shared/money.js";
import { AGING_BUCKETS, type AgingRow, type AgingTotal, type BucketAmounts, wireBuckets } from "./aging.js";

/** Whose report: what the organisation owes its suppliers, or what its customers owe it. */
export type AgingSide = "payables" | "receivables";

/** An aging report as computed: its day, rows per party and currency, totals per currency. */
export interface AgingReport {
  readonly side: AgingSide;
  readonly asOf: string;
  readonly rows: readonly AgingRow[];
  readonly totals: readonly AgingTotal[];
}

const PARTY: Readonly<Record<AgingSide, { readonly id: string; readonly name: string }>> = {
  payables: { id: "supplierId", name: "supplierName" },
  receivables: { id: "customerId", name: "customerName" },
};

const amounts = (buckets: BucketAmounts, total: string, currency: AgingRow["currency"]) => ({
  ...wireBuckets(buckets, currency),
  total: wireAmount(total, currency),
});

/**
 * The report's JSON: `rows` (`supplierId`/`supplierName` or `customerId`/`customerName`, `currency`, the five
 * buckets, `total`, `documentCount`) and `totals` per currency. Amounts carry their currency's minor digits.
 */
export const agingReportJson = (report: AgingReport) => {
  const party = PARTY[report.side];
  return {
    asOf: report.asOf,
    buckets: AGING_BUCKETS,
    rows: report.rows.map((r) => ({
      [party.id]: r.partyId,
      [party.name]: r.partyName,
      currency: r.currency,
      ...amounts(r.buckets, r.total, r.currency),
      documentCount: r.documentCount,
    })),
    totals: report.totals.map((t) => ({
      currency: t.currency,
      ...amounts(t.buckets, t.total, t.currency),
      documentCount: t.documentCount,
    })),
  };
};
export type AgingReportJson = ReturnType<typeof agingReportJson>;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading apostrophe. Amounts are
 * written by the caller and never start so, except a minus sign, which they keep.
 */
export const csvField = (value: string, amount = false): string => {
  const safe = !amount && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const CSV_BUCKETS = ["Current", "1-30", "31-60", "61-90", "Over 90"] as const;

/**
 * The report as CSV: a header, one line per party and currency, then one `Total` line per currency (no party id).
 * Lines end with CRLF.
 */
export const agingReportCsv = (report: AgingReport): string => {
  const party = report.side === "payables" ? ["Supplier ID", "Supplier"] : ["Customer ID", "Customer"];
  const line = (fields: readonly string[], amountsFrom: number) =>
    `${fields.map((f, i) => csvField(f, i >= amountsFrom)).join(",")}\r\n`;
  const figures = (buckets: BucketAmounts, total: string, currency: AgingRow["currency"], count: number) => {
    const wired = amounts(buckets, total, currency);
    return [...AGING_BUCKETS.map((b) => wired[b]), wired.total, String(count)];
  };
  return [
    line(["As of", ...party, "Currency", ...CSV_BUCKETS, "Total", "Documents"], 99),
    ...report.rows.map((r) =>
      line(
        [
          report.asOf,
          r.partyId ?? "",
          r.partyName,
          r.currency,
          ...figures(r.buckets, r.total, r.currency, r.documentCount),
        ],
        4,
      ),
    ),
    ...report.totals.map((t) =>
      line([report.asOf, "", "Total", t.currency, ...figures(t.buckets, t.total, t.currency, t.documentCount)], 4),
    ),
  ].join("");
};
