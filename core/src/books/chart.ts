import type { FieldError } from "../shared/errors.js";

/**
 * What an account stands for in apar's books: money owed to suppliers and by customers, the bank, what bills cost,
 * what invoices earn, and the VAT paid on bills and charged on invoices.
 */
export const ACCOUNT_ROLES = [
  "payables",
  "receivables",
  "bank",
  "expenses",
  "revenue",
  "inputVat",
  "outputVat",
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The account code of each role: digits, all of one length (DATEV's Sachkontenlänge, 4 to 8). */
export type ChartAccounts = Readonly<Record<AccountRole, string>>;

/** What a DATEV Buchungsstapel's header needs from the organisation. */
export interface DatevSettings {
  /** Beraternummer: the tax adviser's number (4 to 7 digits); null until set (no DATEV file without it). */
  readonly consultantNumber: string | null;
  /** Mandantennummer: the organisation's number at its adviser (1 to 5 digits); null until set. */
  readonly clientNumber: string | null;
  /** The first day of the fiscal year, `MM-DD`. */
  readonly fiscalYearStart: string;
  /** Sachkontenrahmen: `03` (SKR03) or `04` (SKR04), two digits. */
  readonly chartOfAccounts: string;
  /** The header's WKZ: the currency the organisation keeps its books in. */
  readonly baseCurrency: string;
}

/** An organisation's chart mapping: which account each role books to, and its DATEV settings. */
export interface AccountingChart {
  readonly accounts: ChartAccounts;
  readonly datev: DatevSettings;
  /** Null while the organisation uses the defaults. */
  readonly updatedAt: Date | null;
}

/**
 * The defaults, SKR03 (the German standard chart most small firms and their advisers keep): 1600 trade payables
 * (Verbindlichkeiten aus Lieferungen und Leistungen), 1400 trade receivables (Forderungen aus Lieferungen und
 * Leistungen), 1200 bank, 4980 operating supplies (Sonstiger Betriebsbedarf: bills read from documents carry no
 * expense account of their own), 8400 revenue at the standard rate (Erlöse 19 % USt), 1576 input VAT (Abziehbare
 * Vorsteuer 19 %), 1776 output VAT (Umsatzsteuer 19 %).
 */
export const DEFAULT_ACCOUNTS: ChartAccounts = {
  payables: "1600",
  receivables: "1400",
  bank: "1200",
  expenses: "4980",
  revenue: "8400",
  inputVat: "1576",
  outputVat: "1776",
};

export const DEFAULT_DATEV: DatevSettings = {
  consultantNumber: null,
  clientNumber: null,
  fiscalYearStart: "01-01",
  chartOfAccounts: "03",
  baseCurrency: "EUR",
};

export const DEFAULT_CHART: AccountingChart = { accounts: DEFAULT_ACCOUNTS, datev: DEFAULT_DATEV, updatedAt: null };

const ACCOUNT = /^[0-9]{4,8}$/;
const CONSULTANT = /^[0-9]{4,7}$/;
const CLIENT = /^[0-9]{1,5}$/;
const CHART = /^[0-9]{2}$/;
const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for `MM-DD` naming a day every year has (not 02-29). */
const isMonthDay = (text: string): boolean => {
  const m = MONTH_DAY.exec(text);
  return m !== null && Number(m[2]) <= (MONTH_DAYS[Number(m[1]) - 1] ?? 0);
};

/**
 * What is wrong with a chart, field by field: each account 4 to 8 digits and all of one length (a DATEV file states
 * one Sachkontenlänge for every account), the adviser's numbers as DATEV takes them, a fiscal year start every year
 * has, a two-digit Sachkontenrahmen.
 */
export const chartErrors = (chart: Omit<AccountingChart, "updatedAt">): FieldError[] => {
  const errors: FieldError[] = [];
  for (const role of ACCOUNT_ROLES)
    if (!ACCOUNT.test(chart.accounts[role]) || /^0+$/.test(chart.accounts[role]))
      errors.push({
        field: `accounts.${role}`,
        code: "format",
        message: `accounts.${role} must be 4 to 8 digits, not all zeros`,
      });
  const lengths = new Set(ACCOUNT_ROLES.map((r) => chart.accounts[r].length));
  if (errors.length === 0 && lengths.size > 1)
    errors.push({
      field: "accounts",
      code: "length",
      message: `every account must have the same number of digits (DATEV's Sachkontenlänge); these have ${[...lengths].sort().join(", ")}`,
    });
  const { consultantNumber, clientNumber, fiscalYearStart, chartOfAccounts } = chart.datev;
  if (consultantNumber !== null && (!CONSULTANT.test(consultantNumber) || Number(consultantNumber) < 1001))
    errors.push({
      field: "datev.consultantNumber",
      code: "format",
      message: "datev.consultantNumber (Beraternummer) must be a number from 1001 to 9999999",
    });
  if (clientNumber !== null && (!CLIENT.test(clientNumber) || Number(clientNumber) < 1))
    errors.push({
      field: "datev.clientNumber",
      code: "format",
      message: "datev.clientNumber (Mandantennummer) must be a number from 1 to 99999",
    });
  if (!isMonthDay(fiscalYearStart))
    errors.push({
      field: "datev.fiscalYearStart",
      code: "format",
      message: "datev.fiscalYearStart must be a day of the year as MM-DD (02-29 is not in every year)",
    });
  if (!CHART.test(chartOfAccounts))
    errors.push({
      field: "datev.chartOfAccounts",
      code: "format",
      message: "datev.chartOfAccounts must be two digits (03 for SKR03, 04 for SKR04)",
    });
  return errors;
};

/**
 * The first day of the fiscal year `date` (YYYY-MM-DD) falls in, for a fiscal year starting on `start` (MM-DD).
 */
export const fiscalYearStartOf = (date: string, start: string): string => {
  const year = Number(date.slice(0, 4));
  const thisYear = `${String(year).padStart(4, "0")}-${start}`;
  return thisYear <= date ? thisYear : `${String(year - 1).padStart(4, "0")}-${start}`;
};
