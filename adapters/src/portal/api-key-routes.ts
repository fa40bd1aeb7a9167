import type { DomainError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { apiKeysPage, KEY_MESSAGES, keyNotFoundPage, newKeyPage } from "./api-key-pages.js";
import { type PortalDeps, type Signed, signedInForm, signedInPage, userOf } from "./guard.js";
import { page, redirect } from "./http.js";
import type { PortalKeys } from "./seal.js";
import { clearSecret, flashSecret, takeSecret } from "./secret-flash.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such API key of this client." };

/** The API keys page and its forms: list, create (the key shown once on the next page), revoke. */
export const apiKeyRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, keyNotFoundPage(userOf(s)));

  const listWith = async (s: Signed, status: number, form: Parameters<typeof apiKeysPage>[3]): Promise<HttpReply> => {
    const listed = await run(deps().apiKeys.list(s.auth));
    if (E.isLeft(listed))
      return page(400, apiKeysPage(userOf(s), [], deps().clock.now(), { error: explain(listed.left) }));
    return page(status, apiKeysPage(userOf(s), listed.right, deps().clock.now(), form));
  };

  const failedStatus = (e: DomainError): number => (e.kind === "Forbidden" ? 403 : e.kind === "Conflict" ? 409 : 400);

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/api-keys",
      operationId: "portalApiKeysPage",
      summary: "The API keys page: the client's keys and the form to create one",
      parameters: [{ name: "done", in: "query", schema: { type: "string" } }],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER },
      handler: signedInPage(deps, keys, (ctx, s) =>
        listWith(s, 200, { message: KEY_MESSAGES[ctx.query.get("done") ?? ""] }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/api-keys",
      operationId: "portalCreateApiKey",
      summary: "Create an API key of the client (the key is shown once on the next page)",
      requestBody: formBody(["csrf", "name"]),
      responses: {
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the name is not valid." },
        "403": FORBIDDEN_PAGE,
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const name = (form.get("name") ?? "").trim();
        if (name === "") return listWith(s, 400, { error: "Give the key a name, so that it can be told apart.", name });
        const created = await run(deps().apiKeys.create(s.auth, name));
        if (E.isLeft(created)) return listWith(s, failedStatus(created.left), { error: explain(created.left), name });
        const id = created.right.key.id;
        return redirect(`/portal/api-keys/new?id=${encodeURIComponent(id)}`, {
          "Set-Cookie": flashSecret(s.keys, deps().clock, {
            sid: s.session.sid,
            subscriptionId: id,
            secret: created.right.rawKey,
            secure: s.secure,
          }),
        });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/api-keys/new",
      operationId: "portalNewApiKeyPage",
      summary: "Shows a new API key once",
      parameters: [{ name: "id", in: "query", required: true, schema: { type: "string", format: "uuid" } }],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "404": NOT_FOUND },
      handler: signedInPage(deps, keys, async (ctx, s) => {
        const id = idOf(ctx.query.get("id"));
        const listed = await run(deps().apiKeys.list(s.auth));
        const key = E.isRight(listed) ? listed.right.find((k) => k.id === id) : undefined;
        if (id === undefined || key === undefined) return notFound(s);
        const rawKey = takeSecret(s.keys, deps().clock, ctx.headers.cookie, s.session.sid, id);
        return page(200, newKeyPage(userOf(s), key, rawKey), { "Set-Cookie": clearSecret(s.secure) });
      }),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/api-keys/revoke",
      operationId: "portalRevokeApiKey",
      summary: "Revoke an API key of the client at once",
      requestBody: formBody(["csrf", "id"]),
      responses: {
        "303": SEE_OTHER,
        "403": { ...HTML_RESPONSE, description: "An HTML page: no CSRF token, or a key that serves other clients." },
        "404": NOT_FOUND,
      },
      handler: signedInForm(deps, keys, async (_ctx, s, form) => {
        const id = idOf(form.get("id"));
        if (id === undefined) return notFound(s);
        const revoked = await run(deps().apiKeys.revoke(s.auth, id));
        if (E.isRight(revoked)) return redirect("/portal/api-keys?done=revoked");
        if (revoked.left.kind === "NotFound") return notFound(s);
        return listWith(s, failedStatus(revoked.left), { error: explain(revoked.left) });
      }),
    },
  ];
};
