import {
  type AgingReport,
  AgingReportView,
  agingReportCsv,
  agingReportJson,
  type CustomerStatement,
  CustomerStatementView,
  type DomainError,
  IsoDate,
  toJsonSchema,
  validationError,
} from "@apar/core";
import { agedPayables, agedReceivables, customerStatement, type StatementPeriod, statementPdf } from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { queryFilter } from "../query-filter.js";
import type { HttpReply, JsonSchema, ParameterDef, RouteContext, RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { fileReply } from "./document-file-routes.js";
import { AR_ACCESS } from "./invoice-routes.js";
import { idOf, orgScope } from "./support.js";

/** What the report routes use. */
export type ReportRouteDeps = RouteDeps<"db" | "clock" | "ids" | "renderer">;

const TAG = "reports";
const AP_ACCESS = { scope: "organisation", module: "ap" } as const;

/** A statement's period: `from` and `to`, both optional. */
const PERIOD = queryFilter({
  from: { codec: IsoDate, description: "First day (inclusive); default 89 days before `to`." },
  to: { codec: IsoDate, description: "Last day (inclusive); default today in the organisation's time zone." },
});

/** The statement period of `from` and `to`, or the problem naming the malformed ones. */
const periodOf = (ctx: RouteContext): E.Either<DomainError, StatementPeriod> => PERIOD.decode(ctx.query);

/** An aging report's day. */
const AGING = queryFilter({
  asOf: {
    codec: IsoDate,
    description: "The day (YYYY-MM-DD) to age at, at its end; default today in the organisation's time zone.",
  },
});

/** `csv` when `format=csv` or the Accept header asks for CSV and not JSON; a bad `format` is a problem. */
const formatOf = (ctx: RouteContext): E.Either<DomainError, "json" | "csv"> => {
  const format = ctx.query.get("format")?.toLowerCase();
  if (format === "json" || format === "csv") return E.right(format);
  if (format !== undefined)
    return E.left(validationError([{ field: "format", code: "enum", message: "format must be json or csv" }]));
  const accept = String(ctx.headers.accept ?? "");
  return E.right(/text\/csv/i.test(accept) && !/application\/json/i.test(accept) ? "csv" : "json");
};

const CSV_SCHEMA: JsonSchema = {
  type: "string",
  description:
    "Header `As of,<Supplier|Customer> ID,<Supplier|Customer>,Currency,Current,1-30,31-60,61-90,Over 90,Total,Documents`, a line per row, then a `Total` line per currency; CRLF line ends.",
};

const AGING_PARAMETERS: readonly ParameterDef[] = [
  ...AGING.parameters,
  {
    name: "format",
    in: "query",
    description: "json (default) or csv; without it, `Accept: text/csv` asks for CSV.",
    schema: { type: "string", enum: ["json", "csv"] },
  },
];

const PERIOD_PARAMETERS = PERIOD.parameters;

/** A customer statement's JSON schema (the public page's JSON has the same shape). */
const STATEMENT_SCHEMA = toJsonSchema(CustomerStatementView);

/** An aging report as JSON, or as CSV (a file named by the report and day). */
const agingReply =
  (name: string, report: (scope: OrgScope, asOf?: string) => TE.TaskEither<DomainError, AgingReport>) =>
  async (ctx: RouteContext): Promise<HttpReply | DomainError> => {
    const filter = AGING.decode(ctx.query);
    if (E.isLeft(filter)) return filter.left;
    const format = formatOf(ctx);
    if (E.isLeft(format)) return format.left;
    const result = await report(orgScope(ctx).scope, filter.right.asOf)();
    if (E.isLeft(result)) return result.left;
    if (format.right === "json") return { status: 200, body: agingReportJson(result.right) };
    return {
      status: 200,
      contentType: "text/csv; charset=utf-8",
      headers: { "Content-Disposition": `attachment; filename="${name}-${result.right.asOf}.csv"` },
      body: Buffer.from(agingReportCsv(result.right), "utf8"),
    };
  };

const missingCustomer = { description: "`Customer.NotFound`: no such customer in the organisation." };

/** The aged payables and receivables, and a customer's statement (JSON and PDF). */
export const reportRoutes = (deps: ReportRouteDeps): RouteDef[] => {
  /** The path's customer's statement for the query's period, answered by `answer`. */
  const statementReply =
    (answer: (scope: OrgScope, statement: CustomerStatement) => TE.TaskEither<DomainError, HttpReply>) =>
    async (ctx: RouteContext): Promise<HttpReply | DomainError> => {
      const period = periodOf(ctx);
      if (E.isLeft(period)) return period.left;
      const { scope } = orgScope(ctx);
      const statement = await customerStatement(deps())(scope, idOf(ctx), period.right)();
      const reply = E.isLeft(statement) ? statement : await answer(scope, statement.right)();
      return E.isLeft(reply) ? reply.left : reply.right;
    };
  return [
    {
      method: "GET",
      path: "/v1/reports/aged-payables",
      operationId: "getAgedPayables",
      summary: "What the organisation owes its suppliers as of a day, by days past due, per supplier and currency",
      description:
        "Bills that are liabilities (NeedsApproval, Approved, Scheduled, PaymentInProgress, PartiallyPaid; a bill paid after `asOf` counts as it was then) with what they still owed at the end of `asOf` after payments and supplier credits dated by then. Bills dated after `asOf` are left out. Buckets: current (due on `asOf` or later), 1-30, 31-60, 61-90 and over 90 days past due.",
      tags: [TAG],
      access: AP_ACCESS,
      parameters: AGING_PARAMETERS,
      responses: {
        "200": {
          description: "The report.",
          schema: toJsonSchema(AgingReportView("payables")),
          alternatives: { "text/csv": CSV_SCHEMA },
        },
        "400": { description: "`Request.Invalid`: asOf is not a date, or format is not json or csv." },
      },
      handler: agingReply("aged-payables", (scope, asOf) => agedPayables(deps())(scope, asOf)),
    },
    {
      method: "GET",
      path: "/v1/reports/aged-receivables",
      operationId: "getAgedReceivables",
      summary: "What customers owe the organisation as of a day, by days past due, per customer and currency",
      description:
        "Issued invoices with an amount outstanding at the end of `asOf` after the payments and credit notes dated by then (an invoice voided after `asOf` still counts). Invoices issued after `asOf` are left out. Buckets as for aged payables.",
      tags: [TAG],
      access: AR_ACCESS,
      parameters: AGING_PARAMETERS,
      responses: {
        "200": {
          description: "The report.",
          schema: toJsonSchema(AgingReportView("receivables")),
          alternatives: { "text/csv": CSV_SCHEMA },
        },
        "400": { description: "`Request.Invalid`: asOf is not a date, or format is not json or csv." },
      },
      handler: agingReply("aged-receivables", (scope, asOf) => agedReceivables(deps())(scope, asOf)),
    },
    {
      method: "GET",
      path: "/v1/customers/{id}/statement",
      operationId: "getCustomerStatement",
      summary: "A customer's statement of account for a period: balances, lines, what is overdue",
      description:
        "Per currency: the balance at the start of `from`, every invoice, credit note, payment and void dated in the period with the running balance, the balance at the end of `to`, and what was still owed then by days past due.",
      tags: ["customers"],
      access: AR_ACCESS,
      parameters: PERIOD_PARAMETERS,
      responses: {
        "200": { description: "The statement.", schema: STATEMENT_SCHEMA },
        "400": {
          description:
            "`Request.Invalid`: a date is malformed or from is after to; `Statement.TooManyLines`: the period holds more than 5000 lines.",
        },
        "404": missingCustomer,
      },
      handler: statementReply((_scope, statement) => async () => E.right({ status: 200, body: statement })),
    },
    {
      method: "GET",
      path: "/v1/customers/{id}/statement/pdf",
      operationId: "getCustomerStatementPdf",
      summary: "A customer's statement of account for a period, as a PDF",
      tags: ["customers"],
      access: AR_ACCESS,
      parameters: PERIOD_PARAMETERS,
      responses: {
        "200": { description: "The PDF.", mediaType: "application/pdf", schema: { type: "string", format: "binary" } },
        "400": { description: "As the statement's JSON." },
        "404": missingCustomer,
      },
      handler: statementReply((scope, statement) => async () => {
        const file = await statementPdf(deps())(scope, statement)();
        return E.isLeft(file) ? file : E.right(fileReply(file.right));
      }),
    },
  ];
};

// Exported by name: the import scanner of test/architecture reads an `export const` up to its first `;`.
export { periodOf };

/** The reports tag of the OpenAPI document. */
export const REPORT_TAG_DESCRIPTIONS = {
  reports:
    "Aged payables and receivables as of any day: what is owed, by days past due (current, 1-30, 31-60, 61-90, over 90), per supplier or customer and currency; JSON or CSV.",
} as const;
