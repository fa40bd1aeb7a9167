import * as t from "io-ts";
import { ACCOUNT_ROLES, BOOK_FORMATS } from "../../books/index.js";
import { closedType, documented, IsoDate, nullable, oneOf } from "../../shared/codecs/index.js";
import { CurrencyCode } from "../../shared/currencies.js";

const Code = documented(t.string, { pattern: "^[0-9]{4,8}$" });

/** The accounts of PUT /v1/accounting/chart: any role left out takes its default. */
const AccountsBody = closedType(
  {},
  Object.fromEntries(ACCOUNT_ROLES.map((r) => [r, Code])) as Record<(typeof ACCOUNT_ROLES)[number], typeof Code>,
  "ChartAccountsBody",
);

const DatevBody = closedType(
  {},
  {
    consultantNumber: nullable(documented(t.string, { pattern: "^[0-9]{4,7}$" })),
    clientNumber: nullable(documented(t.string, { pattern: "^[0-9]{1,5}$" })),
    fiscalYearStart: documented(t.string, { pattern: "^[0-9]{2}-[0-9]{2}$" }),
    chartOfAccounts: documented(t.string, { pattern: "^[0-9]{2}$" }),
    baseCurrency: CurrencyCode,
  },
  "DatevSettingsBody",
);

/** The body of PUT /v1/accounting/chart: the whole mapping, members left out take the defaults. */
export const ChartBody = documented(closedType({}, { accounts: AccountsBody, datev: DatevBody }, "ChartBody"), {
  description:
    "Account codes are 4 to 8 digits, all of one length (DATEV's Sachkontenlänge). The DATEV settings are what a " +
    "Buchungsstapel's header states: Beraternummer, Mandantennummer, the fiscal year's first day (MM-DD), the " +
    "Sachkontenrahmen (03 or 04) and the currency of the books.",
});
export type ChartBody = t.TypeOf<typeof ChartBody>;

/** The body of POST /v1/accounting/exports. */
export const ExportBody = documented(
  closedType(
    { from: IsoDate, to: IsoDate, format: oneOf(BOOK_FORMATS, "BookFormat") },
    { onlyNew: t.boolean },
    "ExportBody",
  ),
  {
    description:
      "The period's business dates, both included (at most 366 days). onlyNew leaves out the entries an " +
      "acknowledged export already carried (a late bill of a month already booked).",
  },
);
export type ExportBody = t.TypeOf<typeof ExportBody>;
