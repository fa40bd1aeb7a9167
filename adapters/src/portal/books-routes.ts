import { hasModule, type Organisation } from "@apar/core";
import type { OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { streamBookFile } from "../books/book-files.js";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { BOOKS_MESSAGES, type BooksView, booksPage, type ExportForm, noBooksPage } from "./books-pages.js";
import {
  actingInAsked,
  ORGANISATION_QUERY,
  organisationsFor,
  type PortalDeps,
  refusalStatus,
  type Signed,
  signedInForm,
  signedInPage,
  userOf,
} from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const REFUSED = {
  "400": { ...HTML_RESPONSE, description: "An HTML page: what was sent is not valid (named)." },
  "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation, or no such export of it." },
  "409": { ...HTML_RESPONSE, description: "An HTML page: DATEV settings missing, or an amount DATEV cannot take." },
} as const;

/** The month so far: what the form offers first. */
const thisMonth = (now: Date): ExportForm => {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today, format: "csv", onlyNew: false };
};

/**
 * The Books page: an organisation's exports of the books (period, format), each file to download and to acknowledge,
 * and its chart. Everyone in the organisation reads it; administrators (and keys) export and acknowledge.
 */
export const booksRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  /** The organisations whose Books page the caller may open. */
  const readable = (s: Signed): Promise<Organisation[]> => organisationsFor(deps, s, "portalBooksPage");
  const scopeOf = (s: Signed, organisationId: string): OrgScope => ({ clientId: s.session.clientId, organisationId });

  /** The 403 page of a client whose plan has no books (the API's routes answer Module.NotEntitled). */
  const withoutBooks = (s: Signed): HttpReply | undefined =>
    s.auth.client !== undefined && hasModule(s.auth.client, "ap")
      ? undefined
      : page(403, noBooksPage(userOf(s), "The client's plan does not include the ap module, which the books need."));

  /** The page of one organisation (the first one the caller may read when none is asked for). */
  const show = async (
    s: Signed,
    organisationId: string | undefined,
    status: number,
    extra: Partial<Pick<BooksView, "message" | "error" | "form">>,
  ): Promise<HttpReply> => {
    const refused = withoutBooks(s);
    if (refused !== undefined) return refused;
    const organisations = await readable(s);
    const current =
      organisationId === undefined ? organisations[0] : organisations.find((o) => o.id === organisationId);
    if (current === undefined)
      return page(
        organisationId === undefined ? 200 : 404,
        noBooksPage(
          userOf(s),
          organisationId === undefined
            ? "You keep no organisation's books in this client."
            : "No such organisation of this client, or you may not read its books.",
        ),
      );
    const scope = scopeOf(s, current.id);
    const books = deps().books;
    return page(
      status,
      booksPage(userOf(s), {
        organisations,
        current,
        chart: await books.chart(scope),
        exports: await books.exports(scope, 20),
        form: extra.form ?? thisMonth(deps().clock.now()),
        ...(extra.message === undefined ? {} : { message: extra.message }),
        ...(extra.error === undefined ? {} : { error: extra.error }),
      }),
    );
  };

  /** The caller acting in the organisation named in the query or form, for `operationId`; or the answer refusing. */
  const acting = async (
    s: Signed,
    ctx: RouteContext,
    asked: string | null | undefined,
  ): Promise<{ readonly as: Signed; readonly organisationId: string } | HttpReply> => {
    const refused = withoutBooks(s);
    if (refused !== undefined) return refused;
    return actingInAsked(deps, s, idOf(asked), ctx.operationId, (id) => show(s, id, 404, {}));
  };

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/books",
      operationId: "portalBooksPage",
      summary: "The Books page: an organisation's exports of the books, the form to export a period, its chart",
      parameters: [...ORGANISATION_QUERY],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": REFUSED["404"] },
      handler: signedInPage(deps, keys, (ctx, s) => {
        const asked = ctx.query.get("organisationId");
        const message = BOOKS_MESSAGES[ctx.query.get("done") ?? ""];
        return show(
          s,
          asked === undefined ? undefined : (idOf(asked) ?? ""),
          200,
          message === undefined ? {} : { message },
        );
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/books/exports",
      operationId: "portalCreateBooksExport",
      summary: "Export the books of a period (CSV or DATEV), recording what the export carries",
      requestBody: formBody(["csrf", "organisationId", "from", "to", "format"], { onlyNew: t.string }),
      responses: { "303": SEE_OTHER, ...REFUSED, "403": FORBIDDEN_PAGE },
      handler: signedInForm(deps, keys, async (ctx, s, f) => {
        const who = await acting(s, ctx, f.get("organisationId"));
        if (!("as" in who)) return who;
        const form: ExportForm = {
          from: f.get("from") ?? "",
          to: f.get("to") ?? "",
          format: f.get("format") ?? "",
          onlyNew: f.get("onlyNew") === "true",
        };
        const made = await run(
          deps().books.create(scopeOf(s, who.organisationId), who.as.auth.actor, {
            from: form.from,
            to: form.to,
            format: form.format,
            onlyNew: form.onlyNew,
          }),
        );
        return E.isRight(made)
          ? redirect(`/portal/books?organisationId=${who.organisationId}&done=exported#export-${made.right.id}`)
          : show(s, who.organisationId, refusalStatus(made.left), { error: explain(made.left), form });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/books/exports/{id}/file",
      operationId: "portalBooksExportFile",
      summary: "Download an export's file (the same bytes every time)",
      parameters: [{ name: "organisationId", in: "query", required: true, schema: { type: "string", format: "uuid" } }],
      responses: {
        "200": { description: "The file (CSV or DATEV).", mediaType: "text/csv", schema: { type: "string" } },
        "303": SEE_OTHER,
        "403": FORBIDDEN_PAGE,
        "404": REFUSED["404"],
      },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const who = await acting(s, ctx, ctx.query.get("organisationId"));
        if (!("as" in who)) return who;
        const file = await run(deps().books.file(scopeOf(s, who.organisationId), idOf(ctx.params.id) ?? ""));
        if (E.isLeft(file)) return show(s, who.organisationId, 404, { error: explain(file.left) });
        const { record, entries } = file.right;
        await streamBookFile(ctx.res, { ...record, name: record.id.slice(0, 8), entries });
        return { status: 200 };
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/books/exports/{id}/acknowledge",
      operationId: "portalAcknowledgeBooksExport",
      summary: "Acknowledge an export (the accounting system took it): the match groups of its bills become Synced",
      requestBody: formBody(["csrf", "organisationId"]),
      responses: { "303": SEE_OTHER, ...REFUSED, "403": FORBIDDEN_PAGE },
      handler: signedInForm(deps, keys, async (ctx, s, f) => {
        const who = await acting(s, ctx, f.get("organisationId"));
        if (!("as" in who)) return who;
        const done = await run(
          deps().books.acknowledge(scopeOf(s, who.organisationId), who.as.auth.actor, idOf(ctx.params.id) ?? ""),
        );
        return E.isRight(done)
          ? redirect(`/portal/books?organisationId=${who.organisationId}&done=acknowledged`)
          : show(s, who.organisationId, refusalStatus(done.left), { error: explain(done.left) });
      }),
    },
  ];
};
