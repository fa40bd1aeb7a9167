import { documented, domainError, encodeIdCursor, isDomainError, pageRequest, toJsonSchema, Uuid } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import { billListFilter } from "../http/routes/bill-routes.js";
import { receiveDocument } from "../http/routes/bill-upload.js";
import { explain, idOf, run } from "./actions.js";
import {
  BILL_LIST_MESSAGES,
  type BillListQuery,
  type BillListRows,
  billListHref,
  billListPage,
} from "./bill-list-pages.js";
import {
  actingInOrganisation,
  notAllowed,
  type PortalDeps,
  refused,
  type Signed,
  signedInMultipart,
  signedInPage,
  userOf,
  withModule,
} from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

/** Rows a page of the list shows. */
export const BILL_LIST_ROWS = 50;

const LIST_QUERY = [
  { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } },
  { name: "state", in: "query", schema: { type: "string" } },
  { name: "supplier", in: "query", schema: { type: "string" } },
  { name: "invoiceDateFrom", in: "query", schema: { type: "string" } },
  { name: "invoiceDateTo", in: "query", schema: { type: "string" } },
  { name: "cursor", in: "query", schema: { type: "string" } },
  { name: "done", in: "query", schema: { type: "string" } },
] as const;

const UPLOAD_ERRORS: Readonly<Record<string, string>> = {
  TooLarge: "The document is larger than this service takes.",
  UnsupportedMediaType: "The document is not a PDF, PNG, JPEG, TIFF, WebP or e-invoice XML file.",
};

/** The Bills page (the `ap` module): one organisation's bills filtered and paged, and the upload of a new one. */
export const billListRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const organisationsOf = (s: Signed): Promise<readonly PortalOrganisation[]> =>
    deps()
      .organisations.list(s.auth)
      .then((list) => list.map((o) => ({ id: o.id, name: o.name, timeZone: o.timeZone })));

  const ap = withModule("ap", (s, why) =>
    billListPage(userOf(s), [], emptyQuery(""), undefined, deps().clock.now(), { error: why }),
  );

  /** The list as asked by the query; an organisation the caller does not act in answers 404 like a missing one. */
  const show = async (ctx: RouteContext, s: Signed): Promise<HttpReply> => {
    const organisations = await organisationsOf(s);
    const asked = ctx.query.get("organisationId");
    const organisationId = asked === undefined ? organisations[0]?.id : idOf(asked);
    const query: BillListQuery = {
      ...emptyQuery(organisationId ?? ""),
      state: ctx.query.get("state") ?? "",
      supplier: ctx.query.get("supplier") ?? "",
      invoiceDateFrom: ctx.query.get("invoiceDateFrom") ?? "",
      invoiceDateTo: ctx.query.get("invoiceDateTo") ?? "",
    };
    const done = ctx.query.get("done");
    const message = done === undefined ? undefined : BILL_LIST_MESSAGES[done];
    const now = deps().clock.now();
    const answer = (status: number, rows: BillListRows | undefined, error?: string) =>
      page(
        status,
        billListPage(userOf(s), organisations, query, rows, now, {
          ...(message === undefined ? {} : { message }),
          ...(error === undefined ? {} : { error }),
        }),
      );
    if (organisations.length === 0) return answer(200, undefined);
    if (organisationId === undefined) return answer(404, undefined, "No such organisation of this client.");
    const acting = await actingInOrganisation(deps, s, organisationId, ctx.operationId);
    if (isDomainError(acting))
      return acting.kind === "NotFound"
        ? answer(404, undefined, "No such organisation of this client.")
        : notAllowed(acting);
    // Blank fields of the form are no filter.
    const filter = billListFilter({
      get: (name) => {
        const value = ctx.query.get(name);
        return value === undefined || value.trim() === "" ? undefined : value;
      },
      getAll: (name) => ctx.query.getAll(name),
    });
    if (E.isLeft(filter)) return answer(400, undefined, explain(filter.left));
    const cursor = ctx.query.get("cursor");
    const request = pageRequest(cursor === "" ? undefined : cursor, BILL_LIST_ROWS);
    if (E.isLeft(request)) return answer(400, undefined, explain(request.left));
    const listed = await run(deps().review.list(acting.auth, organisationId, filter.right, request.right));
    if (E.isLeft(listed)) return answer(listed.left.kind === "NotFound" ? 404 : 400, undefined, explain(listed.left));
    const { organisation, bills } = listed.right;
    const last = bills.items.at(-1);
    return answer(200, {
      organisation,
      bills: bills.items,
      ...(bills.hasMore && last !== undefined ? { nextCursor: encodeIdCursor(last.id) } : {}),
    });
  };

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/bills",
      operationId: "portalBillList",
      summary: "The Bills page: an organisation's bills by state, supplier and invoice date, and the upload form",
      parameters: [...LIST_QUERY],
      responses: {
        "200": HTML_RESPONSE,
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the filter with what is not valid." },
        "403": FORBIDDEN_PAGE,
        "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation of this client." },
      },
      handler: signedInPage(deps, keys, ap(show)),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/bills/upload",
      operationId: "portalUploadBill",
      summary: "Uploads a document as a new bill of an organisation (as POST /v1/bills); it is read, then reviewed",
      stream: true,
      requestBody: {
        mediaType: "multipart/form-data",
        schema: toJsonSchema(
          t.type({
            csrf: t.string,
            organisationId: Uuid,
            file: documented(t.string, { contentMediaType: "application/octet-stream" }),
          }),
        ),
        description: "The form's fields, then the file: the fields must come before the file.",
      },
      responses: {
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: no file, or an empty one." },
        "403": FORBIDDEN_PAGE,
        "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation of this client." },
        "413": { ...HTML_RESPONSE, description: "An HTML page: the document is too large." },
        "415": { ...HTML_RESPONSE, description: "An HTML page: not a document apar reads." },
      },
      handler: signedInMultipart(deps, keys, (ctx, s, csrfSent) =>
        ap(async () => {
          const { files, maxBytes } = deps().uploads;
          const organisations = await organisationsOf(s);
          let organisationId = "";
          const forbidden = domainError("Forbidden", "Portal.FormRefused", "The form's security token is missing.");
          const missing = domainError("NotFound", "Organisation.NotFound", "The organisation does not exist.");
          // The form's token and organisation are checked before the file comes: no file of a refused form is kept.
          const received = await receiveDocument(ctx, files, maxBytes, (sent) => {
            if (!csrfSent(sent)) return forbidden;
            organisationId = idOf(sent.get("organisationId")) ?? "";
            return organisations.some((o) => o.id === organisationId) ? undefined : missing;
          });
          const asked = emptyQuery(organisationId);
          const failed = (status: number, error: string) =>
            page(status, billListPage(userOf(s), organisations, asked, undefined, deps().clock.now(), { error }));
          const noSuch = () => failed(404, "No such organisation of this client.");
          if (isDomainError(received)) {
            if (received.code === forbidden.code) return refused();
            return received.kind === "NotFound"
              ? noSuch()
              : failed(statusOfUpload(received.kind), UPLOAD_ERRORS[received.kind] ?? explain(received));
          }
          const acting = await actingInOrganisation(deps, s, organisationId, ctx.operationId);
          if (isDomainError(acting)) return acting.kind === "NotFound" ? noSuch() : notAllowed(acting);
          const uploaded = await run(deps().review.upload(acting.auth, organisationId, received.document));
          if (E.isLeft(uploaded))
            return uploaded.left.kind === "NotFound" ? noSuch() : failed(409, explain(uploaded.left));
          return redirect(`${billListHref(asked)}&done=uploaded`);
        })(ctx, s),
      ),
    },
  ];
};

const emptyQuery = (organisationId: string): BillListQuery => ({
  organisationId,
  state: "",
  supplier: "",
  invoiceDateFrom: "",
  invoiceDateTo: "",
});

const statusOfUpload = (kind: string): number =>
  kind === "TooLarge" ? 413 : kind === "UnsupportedMediaType" ? 415 : 400;
