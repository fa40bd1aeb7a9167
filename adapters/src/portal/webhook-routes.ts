import type { DomainError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import type { HttpReply, RouteContext, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { type PortalDeps, type Signed, signedInForm, signedInPage, userOf } from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalSubscription } from "./portal-webhooks.js";
import type { PortalKeys } from "./seal.js";
import { clearSecret, flashSecret, takeSecret } from "./secret-flash.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";
import {
  DONE_MESSAGES,
  detailPage,
  errorPage,
  listPage,
  notFoundPage,
  recoveredMessage,
  secretPage,
} from "./webhook-pages.js";

const detail = (id: string, done?: string): string =>
  `/portal/webhooks/subscription?id=${encodeURIComponent(id)}${done === undefined ? "" : `&done=${done}`}`;

/**
 * The `since` field of the recover form: a `datetime-local` value (the page shows times in UTC, so it is read as
 * UTC) or a full ISO instant; undefined when it is neither.
 */
export const sinceOf = (value: string | null): Date | undefined => {
  const text = (value ?? "").trim();
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text);
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(text);
  if (!local && !instant) return undefined;
  const at = new Date(local ? `${text}Z` : text);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

const ID_QUERY = [{ name: "id", in: "query", required: true, schema: { type: "string", format: "uuid" } }] as const;
const ACTION_RESPONSES = {
  "303": SEE_OTHER,
  "403": FORBIDDEN_PAGE,
  "404": { ...HTML_RESPONSE, description: "An HTML page: no such subscription." },
  "409": { ...HTML_RESPONSE, description: "An HTML page: the subscription's state does not allow this." },
} as const;

/** The Webhooks page and its forms. */
export const webhookRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, notFoundPage(userOf(s)));

  /** The detail page of a subscription, with a message or an error, at a status. */
  const showDetail = async (
    s: Signed,
    id: string,
    status: number,
    messages: { message?: string; error?: string },
  ): Promise<HttpReply> => {
    const subscription = await run(deps().webhooks.get(s.auth, id));
    if (E.isLeft(subscription))
      return subscription.left.kind === "NotFound" ? notFound(s) : failed(s, subscription.left);
    const deliveries = await run(deps().webhooks.deliveries(s.auth, id));
    if (E.isLeft(deliveries)) return failed(s, deliveries.left);
    return page(
      status,
      detailPage(userOf(s), subscription.right, deliveries.right, deps().webhooks.eventTypes, messages),
    );
  };

  const failed = (s: Signed, e: DomainError): HttpReply =>
    e.kind === "NotFound" ? notFound(s) : page(e.kind === "Conflict" ? 409 : 400, errorPage(userOf(s), explain(e)));

  /** A subscription action posted from the detail page: run it, then back to the page (or the error on it). */
  const subscriptionAction = (
    path: string,
    operationId: string,
    summary: string,
    act: (s: Signed, id: string) => TE.TaskEither<DomainError, unknown>,
    done: string,
  ): RouteDef => ({
    ...PORTAL_ROUTE,
    method: "POST",
    path,
    operationId,
    summary,
    requestBody: formBody(["csrf", "id"]),
    responses: ACTION_RESPONSES,
    handler: signedInForm(deps, keys, async (_ctx, s, form) => {
      const id = idOf(form.get("id"));
      if (id === undefined) return notFound(s);
      const result = await run(act(s, id));
      if (E.isRight(result)) return redirect(done === "deleted" ? "/portal/webhooks?done=deleted" : detail(id, done));
      if (result.left.kind === "NotFound") return notFound(s);
      return showDetail(s, id, result.left.kind === "Conflict" ? 409 : 400, { error: explain(result.left) });
    }),
  });

  const listWith = async (s: Signed, status: number, form: Parameters<typeof listPage>[3]): Promise<HttpReply> => {
    const subscriptions = await run(deps().webhooks.list(s.auth));
    if (E.isLeft(subscriptions)) return failed(s, subscriptions.left);
    return page(status, listPage(userOf(s), subscriptions.right, deps().webhooks.eventTypes, form));
  };

  /** Where a new secret goes: a flash cookie, then the page that shows it once. */
  const toSecretPage = (s: Signed, subscription: PortalSubscription | string, secret: string): HttpReply => {
    const subscriptionId = typeof subscription === "string" ? subscription : subscription.id;
    return redirect(`/portal/webhooks/secret?id=${encodeURIComponent(subscriptionId)}`, {
      "Set-Cookie": flashSecret(s.keys, deps().clock, { sid: s.session.sid, subscriptionId, secret, secure: s.secure }),
    });
  };

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/webhooks",
      operationId: "portalWebhooksPage",
      summary: "The Webhooks page: subscriptions and the form to create one",
      parameters: [{ name: "done", in: "query", schema: { type: "string" } }],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE },
      handler: signedInPage(deps, keys, (ctx: RouteContext, s) =>
        listWith(s, 200, { message: DONE_MESSAGES[ctx.query.get("done") ?? ""] }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/webhooks",
      operationId: "portalCreateWebhookSubscription",
      summary: "Create a webhook subscription (its secret is shown once on the next page)",
      requestBody: formBody(["csrf", "url"], { eventType: t.readonlyArray(t.string) }),
      responses: {
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the URL or the event types are not valid." },
        "403": FORBIDDEN_PAGE,
        "409": { ...HTML_RESPONSE, description: "An HTML page: the client has 10 subscriptions already." },
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const url = (form.get("url") ?? "").trim();
        const eventTypes = form.getAll("eventType");
        const created = await run(deps().webhooks.create(s.auth, { url, eventTypes }));
        if (E.isRight(created)) return toSecretPage(s, created.right.subscription, created.right.secret);
        return listWith(s, created.left.kind === "Conflict" ? 409 : 400, {
          error: explain(created.left),
          url,
          selected: eventTypes,
        });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/webhooks/secret",
      operationId: "portalWebhookSecretPage",
      summary: "Shows a new signing secret once",
      parameters: ID_QUERY,
      responses: {
        "200": HTML_RESPONSE,
        "303": SEE_OTHER,
        "404": { ...HTML_RESPONSE, description: "No such subscription." },
      },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const id = idOf(ctx.query.get("id"));
        if (id === undefined) return notFound(s);
        const subscription = await run(deps().webhooks.get(s.auth, id));
        if (E.isLeft(subscription)) return failed(s, subscription.left);
        const secret = takeSecret(s.keys, deps().clock, ctx.headers.cookie, s.session.sid, id);
        return page(200, secretPage(userOf(s), subscription.right, secret), { "Set-Cookie": clearSecret(s.secure) });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/webhooks/subscription",
      operationId: "portalWebhookSubscriptionPage",
      summary: "One subscription: event types, actions and its delivery log",
      parameters: [
        ...ID_QUERY,
        { name: "done", in: "query", schema: { type: "string" } },
        { name: "count", in: "query", schema: { type: "integer", minimum: 0 } },
      ],
      responses: {
        "200": HTML_RESPONSE,
        "303": SEE_OTHER,
        "404": { ...HTML_RESPONSE, description: "No such subscription." },
      },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const id = idOf(ctx.query.get("id"));
        if (id === undefined) return notFound(s);
        const done = ctx.query.get("done") ?? "";
        const message = done === "recovered" ? recoveredMessage(ctx.query.get("count")) : DONE_MESSAGES[done];
        return showDetail(s, id, 200, { message });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/webhooks/event-types",
      operationId: "portalUpdateWebhookEventTypes",
      summary: "Change a subscription's event types",
      requestBody: formBody(["csrf", "id"], { eventType: t.readonlyArray(t.string) }),
      responses: ACTION_RESPONSES,
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("id"));
        if (id === undefined) return notFound(s);
        const updated = await run(deps().webhooks.updateEventTypes(s.auth, id, form.getAll("eventType")));
        if (E.isRight(updated)) return redirect(detail(id, "saved"));
        if (updated.left.kind === "NotFound") return notFound(s);
        return showDetail(s, id, 400, { error: explain(updated.left) });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/webhooks/rotate-secret",
      operationId: "portalRotateWebhookSecret",
      summary: "Rotate a subscription's signing secret (the old one stops at once; the new one is shown once)",
      requestBody: formBody(["csrf", "id"]),
      responses: ACTION_RESPONSES,
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("id"));
        if (id === undefined) return notFound(s);
        const rotated = await run(deps().webhooks.rotateSecret(s.auth, id));
        if (E.isRight(rotated)) return toSecretPage(s, id, rotated.right.secret);
        return rotated.left.kind === "NotFound"
          ? notFound(s)
          : showDetail(s, id, 400, { error: explain(rotated.left) });
      }),
    },
    subscriptionAction(
      "/portal/webhooks/enable",
      "portalEnableWebhookSubscription",
      "Enable a subscription (resets its failure count)",
      (s, id) => deps().webhooks.enable(s.auth, id),
      "enabled",
    ),
    subscriptionAction(
      "/portal/webhooks/disable",
      "portalDisableWebhookSubscription",
      "Disable a subscription",
      (s, id) => deps().webhooks.disable(s.auth, id),
      "disabled",
    ),
    subscriptionAction(
      "/portal/webhooks/test",
      "portalSendWebhookTest",
      "Send a webhook.test event to one subscription",
      (s, id) => deps().webhooks.sendTest(s.auth, id),
      "tested",
    ),
    subscriptionAction(
      "/portal/webhooks/delete",
      "portalDeleteWebhookSubscription",
      "Delete a subscription and its delivery log",
      (s, id) => deps().webhooks.remove(s.auth, id),
      "deleted",
    ),
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/webhooks/recover",
      operationId: "portalRecoverWebhookDeliveries",
      summary: "Queue again every failed delivery of a subscription created since a time (UTC)",
      requestBody: formBody(["csrf", "id", "since"]),
      responses: {
        ...ACTION_RESPONSES,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the time is not valid." },
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("id"));
        if (id === undefined) return notFound(s);
        const since = sinceOf(form.get("since"));
        if (since === undefined)
          return showDetail(s, id, 400, { error: "Enter the time to recover from as a date and time (UTC)." });
        const recovered = await run(deps().webhooks.recover(s.auth, id, since));
        if (E.isRight(recovered)) return redirect(`${detail(id, "recovered")}&count=${recovered.right}`);
        if (recovered.left.kind === "NotFound") return notFound(s);
        return showDetail(s, id, 400, { error: explain(recovered.left) });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/webhooks/replay",
      operationId: "portalReplayWebhookDelivery",
      summary: "Replay a failed delivery (same event id, fresh attempts)",
      requestBody: formBody(["csrf", "id", "subscriptionId"]),
      responses: ACTION_RESPONSES,
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("id"));
        const subscriptionId = idOf(form.get("subscriptionId"));
        if (id === undefined || subscriptionId === undefined) return notFound(s);
        const replayed = await run(deps().webhooks.replay(s.auth, id));
        if (E.isRight(replayed)) return redirect(detail(subscriptionId, "replayed"));
        if (replayed.left.kind === "NotFound") return notFound(s);
        return showDetail(s, subscriptionId, replayed.left.kind === "Conflict" ? 409 : 400, {
          error: explain(replayed.left),
        });
      }),
    },
  ];
};
