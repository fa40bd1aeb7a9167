import { type DomainError, type Organisation, oneOf } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
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
import { noPeoplePage, PEOPLE_MESSAGES, type PeopleView, peoplePage } from "./people-pages.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const ROLES_FIELD = { roles: t.readonlyArray(oneOf(["Admin", "Member", "Approver"] as const, "Role")) };
const REFUSED = {
  "400": { ...HTML_RESPONSE, description: "An HTML page: what was sent is not valid (named)." },
  "403": {
    ...HTML_RESPONSE,
    description: "An HTML page: no CSRF token, a role the caller may not give, or not an Admin.",
  },
  "404": { ...HTML_RESPONSE, description: "An HTML page: no such organisation or member of it." },
  "409": { ...HTML_RESPONSE, description: "An HTML page: the last Admin, or already a member." },
} as const;

/** The person signed in (an API key is nobody). */
const youOf = (s: Signed): string | undefined =>
  s.auth.principal.kind === "user" ? s.auth.principal.claims.userId : undefined;

/**
 * The People page: an organisation's members and their roles, inviting someone (the user, the membership and a
 * sign-in link by mail), changing roles and removing a member. Each acts in one organisation with the caller's roles
 * there: an organisation Admin manages their own organisations, a client administrator every one.
 */
export const peopleRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  /** The organisations whose People page the caller may open. */
  const administered = (s: Signed): Promise<Organisation[]> => organisationsFor(deps, s, "portalPeoplePage");

  /** The page of one organisation (the first one administered when none is asked for). */
  const show = async (
    s: Signed,
    organisationId: string | undefined,
    status: number,
    extra: Pick<PeopleView, "message" | "error" | "invite">,
  ): Promise<HttpReply> => {
    const organisations = await administered(s);
    const current =
      organisationId === undefined ? organisations[0] : organisations.find((o) => o.id === organisationId);
    if (current === undefined)
      return page(
        organisationId === undefined ? 200 : 404,
        noPeoplePage(
          userOf(s),
          organisationId === undefined
            ? "You administer no organisation of this client."
            : "No such organisation of this client, or you do not administer it.",
        ),
      );
    const people = await deps().people.list({ clientId: current.clientId, organisationId: current.id });
    return page(status, peoplePage(userOf(s), { organisations, current, people, you: youOf(s), ...extra }));
  };

  /** A form of the page: the caller acting in the form's organisation, then `act`; a refusal shows the page again. */
  const form = (
    path: string,
    operationId: string,
    summary: string,
    fields: readonly string[],
    act: (s: Signed, organisationId: string, form: URLSearchParams) => Promise<E.Either<DomainError, string>>,
    sent: (form: URLSearchParams) => Pick<PeopleView, "invite"> = () => ({}),
  ): RouteDef => ({
    ...PORTAL_ROUTE,
    method: "POST",
    path,
    operationId,
    summary,
    requestBody: formBody(["csrf", "organisationId", ...fields], ROLES_FIELD),
    responses: { "303": SEE_OTHER, ...REFUSED, "403": FORBIDDEN_PAGE },
    handler: signedInForm(deps, keys, async (ctx, s, f) => {
      const acting = await actingInAsked(deps, s, idOf(f.get("organisationId")), ctx.operationId, (id) =>
        show(s, id, 404, {}),
      );
      if (!("as" in acting)) return acting;
      const { organisationId } = acting;
      const done = await act(acting.as, organisationId, f);
      if (E.isRight(done))
        return redirect(`/portal/people?organisationId=${encodeURIComponent(organisationId)}&done=${done.right}`);
      return show(s, organisationId, refusalStatus(done.left), { error: explain(done.left), ...sent(f) });
    }),
  });

  const scopeOf = (s: Signed, organisationId: string) => ({ clientId: s.session.clientId, organisationId });
  const memberOf = (f: URLSearchParams) => idOf(f.get("userId")) ?? "";

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/people",
      operationId: "portalPeoplePage",
      summary: "The People page: an organisation's members and roles, and the form to invite someone",
      parameters: [...ORGANISATION_QUERY],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": REFUSED["404"] },
      handler: signedInPage(deps, keys, (ctx, s) => {
        const asked = ctx.query.get("organisationId");
        const message = PEOPLE_MESSAGES[ctx.query.get("done") ?? ""];
        return show(
          s,
          asked === undefined ? undefined : (idOf(asked) ?? ""),
          200,
          message === undefined ? {} : { message },
        );
      }),
    },
    form(
      "/portal/people/invite",
      "portalInvitePerson",
      "Invite someone to the organisation: the user (when new), the membership and a sign-in link by mail",
      ["email", "name"],
      async (s, organisationId, f) =>
        E.map(() => "invited")(
          await run(
            deps().people.invite(scopeOf(s, organisationId), {
              email: f.get("email") ?? "",
              name: f.get("name") ?? "",
              roles: f.getAll("roles"),
            }),
          ),
        ),
      (f) => ({ invite: { email: f.get("email") ?? "", name: f.get("name") ?? "", roles: f.getAll("roles") } }),
    ),
    form(
      "/portal/people/roles",
      "portalChangeRoles",
      "Change a member's roles (nobody gives themselves a role; the last Admin stays one)",
      ["userId"],
      async (s, organisationId, f) =>
        E.map(() => "roles")(
          await run(
            deps().people.changeRoles(scopeOf(s, organisationId), { userId: youOf(s) }, memberOf(f), f.getAll("roles")),
          ),
        ),
    ),
    form(
      "/portal/people/remove",
      "portalRemoveMember",
      "Remove a member from the organisation (the last Admin cannot be removed)",
      ["userId"],
      async (s, organisationId, f) =>
        E.map(() => "removed")(await run(deps().people.remove(scopeOf(s, organisationId), memberOf(f)))),
    ),
  ];
};
