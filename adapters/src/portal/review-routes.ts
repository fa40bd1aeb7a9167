import { type BillJson, type DomainError, isDomainError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { billDocumentAnswer } from "../http/bill-document.js";
import type { HttpReply, QueryParams, RouteContext, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import {
  actingInOrganisation,
  notAllowed,
  type PortalDeps,
  type Signed,
  signedInForm,
  signedInPage,
  userOf,
  withModule,
} from "./guard.js";
import { PAGE_HEADERS, page, redirect } from "./http.js";
import type { PortalQueue, PortalQueued } from "./portal-review.js";
import {
  AMOUNT_FIELDS,
  billHref,
  billNotFoundPage,
  billPage,
  type FieldErrors,
  fieldErrorsOf,
  type QueueNeighbours,
  queuePage,
  REVIEW_FIELDS,
  REVIEW_MESSAGES,
  REVIEW_SCRIPT,
  type ReviewForm,
  submittedMessage,
} from "./review-pages.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such bill of this client." };
const ACTION_RESPONSES = {
  "303": SEE_OTHER,
  "400": { ...HTML_RESPONSE, description: "An HTML page: the bill with what is not valid." },
  "403": FORBIDDEN_PAGE,
  "404": NOT_FOUND,
  "409": { ...HTML_RESPONSE, description: "An HTML page: the bill's state does not allow this (named)." },
} as const;
const BILL_QUERY = [
  { name: "organisationId", in: "query", required: true, schema: { type: "string", format: "uuid" } },
  { name: "id", in: "query", required: true, schema: { type: "string", format: "uuid" } },
] as const;
/** What an action's answer page says: the action (`done`), and the bill a submit decided. */
const DONE_QUERY = [
  { name: "done", in: "query", schema: { type: "string" } },
  { name: "decidedOrganisationId", in: "query", schema: { type: "string", format: "uuid" } },
  { name: "decidedId", in: "query", schema: { type: "string", format: "uuid" } },
] as const;

/** The bill page's headers: the portal's, plus its own script (shortcuts) and the document framed from here. */
const BILL_PAGE_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; frame-src 'self'; object-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const statusOf = (e: DomainError): number =>
  e.kind === "NotFound" ? 404 : e.kind === "Forbidden" ? 403 : e.kind === "BadRequest" ? 400 : 409;

/** The bill a form acts on. */
interface BillAt {
  readonly organisationId: string;
  readonly id: string;
}

/** The bill's ids from a query or form (a malformed id answers like a missing bill). */
const billAt = (get: (name: string) => string | undefined): BillAt | undefined => {
  const organisationId = idOf(get("organisationId"));
  const id = idOf(get("id"));
  return organisationId === undefined || id === undefined ? undefined : { organisationId, id };
};

/** The previous and next bill of the queue list the bill is in. */
const neighboursOf = (queue: PortalQueue, billId: string): QueueNeighbours => {
  for (const list of [queue.review, queue.approval]) {
    const at = list.findIndex((q) => q.bill.id === billId);
    if (at < 0) continue;
    const href = (q: PortalQueued | undefined) =>
      q === undefined ? undefined : billHref(q.organisation.id, q.bill.id);
    const previous = href(list[at - 1]);
    const next = href(list[at + 1]);
    return { ...(previous === undefined ? {} : { previous }), ...(next === undefined ? {} : { next }) };
  }
  return {};
};

/** The form's values as sent, for showing them again. */
const sentForm = (form: URLSearchParams): ReviewForm =>
  Object.fromEntries(REVIEW_FIELDS.map(([name]) => [name, form.get(name) ?? ""]));

/**
 * An amount as typed with a decimal comma or grouping ("671,15", "1.234,56", "1,234.56", "1 234,56") written with a
 * decimal point and no grouping; the last separator followed by one or two digits is the decimal one. Anything else
 * is left as typed (the API's check then says what is wrong).
 */
const decimalPointOf = (typed: string): string => {
  const compact = typed.replace(/[\s\u00a0\u202f']/g, "");
  const match = /^(-?)(\d+|\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?$/.exec(compact);
  // Grouping and decimal separators must differ ("1.234.56" is no amount): left as typed.
  if (match === null || (match[3] !== undefined && match[3] === match[4])) return typed;
  const [, sign, whole, , , fraction] = match;
  return `${sign}${(whole ?? "").replace(/[.,]/g, "")}${fraction === undefined ? "" : `.${fraction}`}`;
};

/**
 * The body PATCH /v1/bills/{id} takes, from the form: only the fields that differ from the bill (a correction
 * makes a field certain, so an untouched field keeps its reading's confidence); blank is null.
 */
const patchOf = (bill: BillJson, form: URLSearchParams): Record<string, string | null> => {
  const patch: Record<string, string | null> = {};
  for (const [name] of REVIEW_FIELDS) {
    const sent = form.get(name);
    if (sent === null) continue;
    const trimmed = sent.trim();
    const value = trimmed === "" ? null : AMOUNT_FIELDS.has(name) ? decimalPointOf(trimmed) : trimmed;
    if (value !== bill[name]) patch[name] = value;
  }
  return patch;
};

/** The review queue (the `ap` module): bills waiting for review or approval, each beside its document. */
export const reviewRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, billNotFoundPage(userOf(s)));
  const emptyQueue: PortalQueue = { review: [], approval: [], more: false };

  const ap = withModule("ap", (s, why) => queuePage(userOf(s), emptyQueue, deps().clock.now(), undefined, why));

  /**
   * Runs `then` as the caller acting in the bill's organisation, with the roles held there (the buttons and the
   * permission of the page or action are those): an organisation the caller does not act in answers as a missing bill.
   */
  const inBillOrganisation = async (
    ctx: RouteContext,
    s: Signed,
    at: BillAt,
    then: (s: Signed) => Promise<HttpReply>,
  ): Promise<HttpReply> => {
    const acting = await actingInOrganisation(deps, s, at.organisationId, ctx.operationId);
    if (isDomainError(acting)) return acting.kind === "NotFound" ? notFound(s) : notAllowed(acting);
    return then(acting);
  };

  const queueOf = async (s: Signed): Promise<PortalQueue> => {
    const queue = await run(deps().review.queue(s.auth));
    return E.isRight(queue) ? queue.right : emptyQueue;
  };

  const showBill = async (
    s: Signed,
    { organisationId, id: billId }: BillAt,
    status: number,
    form: ReviewForm,
    messages: { message?: string; error?: string; fieldErrors?: FieldErrors },
  ): Promise<HttpReply> => {
    const found = await run(deps().review.get(s.auth, organisationId, billId));
    if (E.isLeft(found)) return notFound(s);
    const neighbours = neighboursOf(await queueOf(s), billId);
    return page(status, billPage(userOf(s), found.right, neighbours, form, messages), BILL_PAGE_HEADERS);
  };

  /** Where to go after a bill leaves its queue: the bill after it in the same list, or the queue. */
  const afterward = async (s: Signed, billId: string, done: string): Promise<string> => {
    const next = neighboursOf(await queueOf(s), billId).next;
    return next === undefined ? `/portal/review?done=${done}` : `${next}&done=${done}`;
  };

  /** A form on a bill's page: the bill's ids from the form, then `act`. */
  const action = (
    path: string,
    operationId: string,
    summary: string,
    fields: readonly string[],
    act: (s: Signed, at: BillAt, form: URLSearchParams) => Promise<HttpReply>,
  ): RouteDef => ({
    ...PORTAL_ROUTE,
    method: "POST",
    path,
    operationId,
    summary,
    requestBody: formBody(["csrf", "organisationId", "id", ...fields]),
    responses: ACTION_RESPONSES,
    handler: signedInForm(deps, keys, (ctx, s, form) =>
      ap(async () => {
        const at = billAt((name) => form.get(name) ?? undefined);
        return at === undefined ? notFound(s) : inBillOrganisation(ctx, s, at, (acting) => act(acting, at, form));
      })(ctx, s),
    ),
  });

  /** A refused action: the bill's page again with the reason (and what was typed). */
  const refusedBy = (s: Signed, at: BillAt, e: DomainError, form: ReviewForm) => {
    if (e.kind === "NotFound") return notFound(s);
    const fieldErrors = fieldErrorsOf(e.errors ?? []);
    const marked = Object.keys(fieldErrors).length;
    return showBill(s, at, statusOf(e), form, {
      error:
        marked === 0
          ? explain(e)
          : `Not saved: ${marked === 1 ? "a field needs" : `${marked} fields need`} correcting (marked below).`,
      fieldErrors,
    });
  };

  /** Saves the fields that changed (nothing when none did), then `then`; a refusal shows the form as sent. */
  const savedThen =
    (then: (s: Signed, at: BillAt, form: URLSearchParams) => Promise<HttpReply>) =>
    async (s: Signed, at: BillAt, form: URLSearchParams): Promise<HttpReply> => {
      const found = await run(deps().review.get(s.auth, at.organisationId, at.id));
      if (E.isLeft(found)) return notFound(s);
      const patch = patchOf(found.right.bill, form);
      if (Object.keys(patch).length > 0) {
        const saved = await run(deps().review.correct(s.auth, at.organisationId, at.id, patch));
        if (E.isLeft(saved)) return refusedBy(s, at, saved.left, sentForm(form));
      }
      return then(s, at, form);
    };

  /**
   * Acts, then goes on to the next bill; `tell`: the next page names the bill acted on (after a submit, what the
   * policies decided for it).
   */
  const decide =
    (
      done: string,
      act: (s: Signed, at: BillAt, form: URLSearchParams) => TE.TaskEither<DomainError, BillJson>,
      tell = false,
    ) =>
    async (s: Signed, at: BillAt, form: URLSearchParams): Promise<HttpReply> => {
      const next = await afterward(s, at.id, done);
      const result = await run(act(s, at, form));
      if (E.isLeft(result)) return refusedBy(s, at, result.left, {});
      return redirect(
        tell
          ? `${next}&decidedOrganisationId=${encodeURIComponent(at.organisationId)}&decidedId=${encodeURIComponent(at.id)}`
          : next,
      );
    };

  /** What the page says after an action: what the policies decided for a submitted bill, else the action's words. */
  const messageOf = async (s: Signed, query: QueryParams): Promise<string | undefined> => {
    const done = query.get("done") ?? "";
    const decided = billAt((name) => query.get(`decided${name[0]?.toUpperCase()}${name.slice(1)}`) ?? undefined);
    if (done === "submitted" && decided !== undefined) {
      const found = await run(deps().review.get(s.auth, decided.organisationId, decided.id));
      if (E.isRight(found)) return submittedMessage(found.right.bill);
    }
    return REVIEW_MESSAGES[done];
  };

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/review",
      operationId: "portalReviewQueue",
      summary: "The review queue: the client's bills waiting for review or approval, oldest first",
      parameters: [...DONE_QUERY],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
      handler: signedInPage(
        deps,
        keys,
        ap(async (ctx, s) => {
          const queue = await run(deps().review.queue(s.auth));
          if (E.isLeft(queue))
            return page(400, queuePage(userOf(s), emptyQueue, deps().clock.now(), undefined, explain(queue.left)));
          return page(200, queuePage(userOf(s), queue.right, deps().clock.now(), await messageOf(s, ctx.query)));
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/review/bill",
      operationId: "portalReviewBill",
      summary: "A bill of the queue: its document beside its fields (low-confidence ones highlighted) and its actions",
      parameters: [...BILL_QUERY, ...DONE_QUERY],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": NOT_FOUND },
      handler: signedInPage(
        deps,
        keys,
        ap(async (ctx, s) => {
          const at = billAt((name) => ctx.query.get(name));
          if (at === undefined) return notFound(s);
          return inBillOrganisation(ctx, s, at, async (acting) => {
            const message = await messageOf(acting, ctx.query);
            return showBill(acting, at, 200, {}, message === undefined ? {} : { message });
          });
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/review/document",
      operationId: "portalReviewDocument",
      summary: "A bill's document, shown inline beside its fields",
      parameters: [...BILL_QUERY],
      responses: {
        "200": billDocumentAnswer("The bytes as received."),
        "303": SEE_OTHER,
        "403": FORBIDDEN_PAGE,
        "404": NOT_FOUND,
      },
      handler: signedInPage(
        deps,
        keys,
        ap(async (ctx, s) => {
          const at = billAt((name) => ctx.query.get(name));
          if (at === undefined) return notFound(s);
          const doc = await run(deps().review.document(s.auth, at.organisationId, at.id));
          if (E.isLeft(doc)) return notFound(s);
          return {
            status: 200,
            contentType: doc.right.mediaType,
            body: Buffer.from(doc.right.bytes),
            headers: {
              ...PAGE_HEADERS,
              "Content-Disposition": "inline",
              "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
              "X-Frame-Options": "SAMEORIGIN",
            },
          };
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/review.js",
      operationId: "portalReviewScript",
      summary: "The review page's keyboard shortcuts",
      responses: {
        "200": { description: "The script.", schema: { type: "string" }, mediaType: "text/javascript" },
      },
      handler: async () => ({
        status: 200,
        body: REVIEW_SCRIPT,
        contentType: "text/javascript; charset=utf-8",
        headers: { "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
      }),
    },
    action(
      "/portal/review/correct",
      "portalCorrectBill",
      "Save a bill's corrected fields (the same checks as PATCH /v1/bills/{id})",
      [],
      savedThen(async (_s, at) => redirect(billHref(at.organisationId, at.id, "saved"))),
    ),
    action(
      "/portal/review/submit",
      "portalSubmitBill",
      "Save a bill's corrected fields, then submit it to the approval policies",
      [],
      savedThen(decide("submitted", (s, at) => deps().review.submit(s.auth, at.organisationId, at.id), true)),
    ),
    action(
      "/portal/review/approve",
      "portalApproveBill",
      "Approve a bill waiting for approval",
      [],
      decide("approved", (s, at) => deps().review.approve(s.auth, at.organisationId, at.id)),
    ),
    action(
      "/portal/review/dismiss-duplicate",
      "portalDismissDuplicate",
      "Resolve a bill's duplicate flag: it is not a duplicate (as POST /v1/bills/{id}/dismiss-duplicate)",
      [],
      async (s, at) => {
        const done = await run(deps().review.dismissDuplicate(s.auth, at.organisationId, at.id));
        return E.isLeft(done)
          ? refusedBy(s, at, done.left, {})
          : redirect(billHref(at.organisationId, at.id, "dismissed"));
      },
    ),
    action(
      "/portal/review/void",
      "portalVoidBill",
      "Void a bill, e.g. a duplicate confirmed (as POST /v1/bills/{id}/void)",
      ["reason"],
      decide("voided", (s, at, form) => deps().review.void(s.auth, at.organisationId, at.id, form.get("reason") ?? "")),
    ),
    action(
      "/portal/review/reject",
      "portalRejectBill",
      "Reject a bill waiting for approval, with a reason",
      ["reason"],
      decide("rejected", (s, at, form) =>
        deps().review.reject(s.auth, at.organisationId, at.id, { reason: form.get("reason") ?? "" }),
      ),
    ),
  ];
};
