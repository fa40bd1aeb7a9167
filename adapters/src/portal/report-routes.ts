import { type DomainError, isIsoDate } from "@apar/core";
import type { StatementPeriod } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, QueryParams, RouteDef } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { type PortalDeps, type Signed, signedInPage, userOf, withModule } from "./guard.js";
import { PAGE_HEADERS, page } from "./http.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import { agingPage, REPORT_PATHS, type StatementChoice, statementPage } from "./report-pages.js";
import type { PortalKeys } from "./seal.js";
import { HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const statusOf = (e: DomainError): number => (e.kind === "NotFound" ? 404 : e.kind === "BadRequest" ? 400 : 409);
const ORGANISATION = { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } } as const;
const date = (name: string, description: string) =>
  ({ name, in: "query", description, schema: { type: "string", format: "date" } }) as const;
const RESPONSES = {
  "200": HTML_RESPONSE,
  "303": SEE_OTHER,
  "400": { ...HTML_RESPONSE, description: "An HTML page: a date is not valid." },
  "403": { ...HTML_RESPONSE, description: "An HTML page: the role or the client's plan does not allow it." },
  "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation (or customer) the caller may read." },
} as const;

/** A date of the query: absent, valid, or the sentence saying it is not. */
const dateOf = (q: QueryParams, name: string): E.Either<string, string | undefined> => {
  const v = q.get(name);
  return v === undefined || v === ""
    ? E.right(undefined)
    : isIsoDate(v)
      ? E.right(v)
      : E.left(`${name} must be a date.`);
};

/** The organisation asked for, else the first the caller may read. */
const chosen = (q: QueryParams, organisations: readonly PortalOrganisation[]): string | undefined =>
  q.get("organisationId") === undefined ? organisations[0]?.id : idOf(q.get("organisationId"));

/** The Reports pages: aged payables (the `ap` module), aged receivables and customer statements (`ar`). */
export const reportRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const organisationsOf = async (s: Signed) => {
    const listed = await run(deps().reports.organisations(s.auth));
    return E.isLeft(listed) ? [] : listed.right;
  };

  const aging = (side: "payables" | "receivables") =>
    withModule(side === "payables" ? "ap" : "ar", (s, why) =>
      agingPage(userOf(s), side, [], undefined, { error: why }),
    )(async (ctx, s): Promise<HttpReply> => {
      const organisations = await organisationsOf(s);
      const asOf = dateOf(ctx.query, "asOf");
      if (E.isLeft(asOf)) return page(400, agingPage(userOf(s), side, organisations, undefined, { error: asOf.left }));
      const organisationId = chosen(ctx.query, organisations);
      if (organisationId === undefined) {
        const status = organisations.length === 0 ? 200 : 404;
        return page(
          status,
          agingPage(
            userOf(s),
            side,
            organisations,
            undefined,
            status === 404 ? { error: "No such organisation." } : {},
          ),
        );
      }
      const report = await run(
        (side === "payables" ? deps().reports.agedPayables : deps().reports.agedReceivables)(
          s.auth,
          organisationId,
          asOf.right,
        ),
      );
      if (E.isLeft(report))
        return page(
          statusOf(report.left),
          agingPage(userOf(s), side, organisations, undefined, { error: explain(report.left) }),
        );
      return page(200, agingPage(userOf(s), side, organisations, report.right));
    });

  /** The statement's choice from the query, with the organisation's customers; or the page refusing it. */
  const choiceOf = async (
    s: Signed,
    q: QueryParams,
  ): Promise<E.Either<{ status: number; choice: StatementChoice; error: string }, StatementChoice>> => {
    const organisations = await organisationsOf(s);
    const organisationId = chosen(q, organisations);
    const from = dateOf(q, "from");
    const to = dateOf(q, "to");
    const customers =
      organisationId === undefined ? E.right([]) : await run(deps().reports.customers(s.auth, organisationId));
    const choice: StatementChoice = {
      organisations,
      organisationId,
      customers: E.isRight(customers) ? customers.right : [],
      customerId: idOf(q.get("customerId")),
      from: E.isRight(from) ? from.right : undefined,
      to: E.isRight(to) ? to.right : undefined,
    };
    if (E.isLeft(from) || E.isLeft(to))
      return E.left({ status: 400, choice, error: [from, to].flatMap((d) => (E.isLeft(d) ? [d.left] : [])).join(" ") });
    if ((organisationId === undefined && organisations.length > 0) || E.isLeft(customers))
      return E.left({ status: 404, choice, error: "No such organisation." });
    return E.right(choice);
  };

  const refused = (s: Signed, status: number, choice: StatementChoice, error: string): HttpReply =>
    page(status, statementPage(userOf(s), choice, undefined, { error }));

  /** A statement route: the choice read from the query (or the page refusing it), then `act` with its period. */
  const withChoice = (act: (s: Signed, choice: StatementChoice, period: StatementPeriod) => Promise<HttpReply>) =>
    signedInPage(
      deps,
      keys,
      statement(async (ctx, s) => {
        const choice = await choiceOf(s, ctx.query);
        if (E.isLeft(choice)) return refused(s, choice.left.status, choice.left.choice, choice.left.error);
        const c = choice.right;
        return act(s, c, {
          ...(c.from === undefined ? {} : { from: c.from }),
          ...(c.to === undefined ? {} : { to: c.to }),
        });
      }),
    );

  const agingRoute = (side: "payables" | "receivables", operationId: string, party: string): RouteDef => ({
    ...PORTAL_ROUTE,
    method: "GET",
    path: REPORT_PATHS[side],
    operationId,
    summary: `Aged ${side} of an organisation as of a day: per ${party} and currency, by days past due`,
    parameters: [ORGANISATION, date("asOf", "Default today in the organisation's time zone.")],
    responses: RESPONSES,
    handler: signedInPage(deps, keys, aging(side)),
  });

  const statement = withModule("ar", (s, why) =>
    statementPage(
      userOf(s),
      {
        organisations: [],
        organisationId: undefined,
        customers: [],
        customerId: undefined,
        from: undefined,
        to: undefined,
      },
      undefined,
      { error: why },
    ),
  );

  return [
    agingRoute("payables", "portalAgedPayablesPage", "supplier"),
    agingRoute("receivables", "portalAgedReceivablesPage", "customer"),
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: REPORT_PATHS.statement,
      operationId: "portalCustomerStatementPage",
      summary: "A customer's statement of account for a period",
      parameters: [
        ORGANISATION,
        { name: "customerId", in: "query", schema: { type: "string", format: "uuid" } },
        date("from", "Default 89 days before `to`."),
        date("to", "Default today."),
      ],
      responses: RESPONSES,
      handler: withChoice(async (s, c, period) => {
        if (c.organisationId === undefined || c.customerId === undefined)
          return page(200, statementPage(userOf(s), c, undefined));
        const found = await run(deps().reports.statement(s.auth, c.organisationId, c.customerId, period));
        if (E.isLeft(found)) return refused(s, statusOf(found.left), c, explain(found.left));
        const shown = found.right.report;
        // A customer beyond the first hundred is still the one chosen.
        const customers = c.customers.some((x) => x.id === shown.customer.id)
          ? c.customers
          : [{ id: shown.customer.id, name: shown.customer.name }, ...c.customers];
        return page(200, statementPage(userOf(s), { ...c, customers, from: shown.from, to: shown.to }, shown));
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: `${REPORT_PATHS.statement}.pdf`,
      operationId: "portalCustomerStatementPdf",
      summary: "A customer's statement of account for a period, as a PDF",
      parameters: [
        ORGANISATION,
        { name: "customerId", in: "query", required: true, schema: { type: "string", format: "uuid" } },
        date("from", "Default 89 days before `to`."),
        date("to", "Default today."),
      ],
      responses: {
        ...RESPONSES,
        "200": { description: "The PDF.", mediaType: "application/pdf", schema: { type: "string", format: "binary" } },
      },
      handler: withChoice(async (s, c, period) => {
        if (c.organisationId === undefined || c.customerId === undefined)
          return refused(s, 404, c, "Choose a customer.");
        const file = await run(deps().reports.statementPdf(s.auth, c.organisationId, c.customerId, period));
        if (E.isLeft(file)) return refused(s, statusOf(file.left), c, explain(file.left));
        return {
          status: 200,
          contentType: "application/pdf",
          body: Buffer.from(file.right.bytes),
          headers: { ...PAGE_HEADERS, "Content-Disposition": `attachment; filename="${file.right.filename}"` },
        };
      }),
    },
  ];
};
