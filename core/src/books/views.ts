import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { ACCOUNT_ROLES, type AccountingChart } from "./chart.js";
import { type AccountingExport, BOOK_FORMATS } from "./export.js";

const AccountCode = documented(t.string, { pattern: "^[0-9]{4,8}$" });

/** An organisation's chart mapping as the API answers it. */
export const ChartView = t.type(
  {
    accounts: documented(
      t.type(Object.fromEntries(ACCOUNT_ROLES.map((r) => [r, AccountCode])) as Record<string, typeof AccountCode>),
      {
        description: "The account of each role (SKR03 by default).",
      },
    ),
    datev: t.type({
      consultantNumber: documented(nullable(t.string), { description: "Beraternummer." }),
      clientNumber: documented(nullable(t.string), { description: "Mandantennummer." }),
      fiscalYearStart: documented(t.string, { description: "MM-DD." }),
      chartOfAccounts: documented(t.string, { description: "Sachkontenrahmen: 03 or 04." }),
      baseCurrency: t.string,
    }),
    updatedAt: documented(nullable(IsoDateTime), { description: "Null while the defaults apply." }),
  },
  "AccountingChart",
);

/** A chart mapping as the API answers it. */
export const chartView = (c: AccountingChart): t.TypeOf<typeof ChartView> => ({
  ...c,
  updatedAt: c.updatedAt?.toISOString() ?? null,
});

/** An export of the books as the API answers it (the route adds where its file is). */
export const ExportView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    from: IsoDate,
    to: IsoDate,
    format: oneOf(BOOK_FORMATS, "BookFormat"),
    onlyNew: t.boolean,
    entryCount: Integer,
    lineCount: Integer,
    createdAt: IsoDateTime,
    createdBy: ActorCodec,
    acknowledgedAt: nullable(IsoDateTime),
    acknowledgedBy: nullable(ActorCodec),
    matchGroupsSynced: Integer,
  },
  "AccountingExport",
);

/** An export as the API answers it. */
export type ExportJson = t.TypeOf<typeof ExportView>;

export const exportJson = (e: AccountingExport): ExportJson => ({
  id: e.id,
  organisationId: e.organisationId,
  from: e.from,
  to: e.to,
  format: e.format,
  onlyNew: e.onlyNew,
  entryCount: e.entryCount,
  lineCount: e.lineCount,
  createdAt: e.createdAt.toISOString(),
  createdBy: e.createdBy,
  acknowledgedAt: e.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: e.acknowledgedBy,
  matchGroupsSynced: e.matchGroupsSynced,
});
