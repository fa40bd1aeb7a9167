import * as t from "io-ts";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { AGING_BUCKETS } from "./aging.js";
import type { AgingSide } from "./report-view.js";
import { STATEMENT_LINE_TYPES } from "./statement.js";

const Amount = documented(t.string, { description: "Decimal amount with the currency's minor digits" });
const Bucket = oneOf(AGING_BUCKETS, "AgingBucket");
const bucketAmounts = Object.fromEntries([...AGING_BUCKETS, "total"].map((b) => [b, Amount])) as Record<
  (typeof AGING_BUCKETS)[number] | "total",
  typeof Amount
>;

/** An aging report as its JSON answers it: rows per supplier (payables) or customer (receivables) and currency. */
export const AgingReportView = (side: AgingSide) => {
  const party = side === "payables" ? "supplier" : "customer";
  return t.type(
    {
      asOf: documented(IsoDate, { description: "The day the report is as of (its end)." }),
      buckets: t.readonlyArray(Bucket),
      rows: documented(
        t.readonlyArray(
          t.type({
            [`${party}Id`]: documented(nullable(Uuid), {
              description:
                side === "payables"
                  ? "Null for bills without a supplier record (grouped by name)."
                  : "Null without a customer record.",
            }),
            [`${party}Name`]: t.string,
            currency: t.string,
            ...bucketAmounts,
            documentCount: Integer,
          }),
        ),
        { description: `One row per ${party} and currency, by name.` },
      ),
      totals: documented(t.readonlyArray(t.type({ currency: t.string, ...bucketAmounts, documentCount: Integer })), {
        description: "One total per currency (currencies are never added together).",
      }),
    },
    side === "payables" ? "AgedPayables" : "AgedReceivables",
  );
};

/** One line of a statement: a movement of the balance and the balance after it. */
export const StatementLineView = t.type(
  {
    date: IsoDate,
    type: oneOf(STATEMENT_LINE_TYPES, "StatementLineType"),
    documentNumber: documented(nullable(t.string), { description: "The invoice's or credit note's number." }),
    invoiceNumber: documented(nullable(t.string), { description: "The invoice the line belongs to." }),
    dueDate: nullable(IsoDate),
    reference: nullable(t.string),
    amount: documented(Amount, { description: "Signed: an invoice raises the balance, the rest lower it." }),
    balance: Amount,
  },
  "StatementLine",
);

/** Who a statement is for, as its invoices name them (the customer's id is added for the API, never for the public page). */
const statementCustomerMembers = {
  name: t.string,
  email: nullable(t.string),
  address: nullable(t.string),
  country: nullable(t.string),
};

/** A statement of account with the given view of its customer. */
const statementView = <C extends t.Mixed>(customer: C, name: string) =>
  t.type(
    {
      customer,
      organisationName: t.string,
      from: IsoDate,
      to: IsoDate,
      currencies: t.readonlyArray(
        t.type({
          currency: t.string,
          openingBalance: Amount,
          lines: t.readonlyArray(StatementLineView),
          closingBalance: Amount,
          aging: documented(
            t.type(Object.fromEntries(AGING_BUCKETS.map((b) => [b, Amount])) as Record<string, typeof Amount>),
            { description: "What was still owed at the end of `to`, by days past due then." },
          ),
          overdue: documented(Amount, { description: "The buckets past due added up." }),
        }),
      ),
    },
    name,
  );

/** A customer's statement as its JSON answers it. */
export const CustomerStatementView = statementView(
  t.type({ id: Uuid, ...statementCustomerMembers }),
  "CustomerStatement",
);

/** The statement as its customer sees it on the public page: without apar's own id of the customer. */
export const PublicStatementView = statementView(t.type(statementCustomerMembers), "PublicStatement");
