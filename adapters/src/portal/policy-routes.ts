import type { DomainError } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import type { HttpReply, RouteDef } from "../http/route.js";
import { formBody } from "../http/route.js";
import { explain, idOf, run } from "./actions.js";
import { type PortalDeps, type Signed, signedInForm, signedInPage, userOf, withModule } from "./guard.js";
import { page, redirect } from "./http.js";
import {
  formOfPolicy,
  POLICY_MESSAGES,
  type PolicyForm,
  policiesHref,
  policiesPage,
  policyNotFoundPage,
  policyOrganisationsPage,
  policyPage,
} from "./policy-pages.js";
import type { PortalKeys } from "./seal.js";
import { FORBIDDEN_PAGE, HTML_RESPONSE, PORTAL_ROUTE, SEE_OTHER } from "./sign-in-routes.js";

const NOT_FOUND = { ...HTML_RESPONSE, description: "An HTML page: no such organisation or policy of this client." };

/** The form as sent, for showing it again. */
const sentForm = (form: URLSearchParams): PolicyForm => ({
  name: form.get("name") ?? "",
  priorityOrder: form.get("priorityOrder") ?? "",
  action: form.get("action") ?? "",
  active: form.get("active") === "on",
  supplierIds: form.getAll("supplierIds"),
  supplierStanding: form.get("supplierStanding") ?? "Any",
  amountGte: form.get("amountGte") ?? "",
  amountLte: form.get("amountLte") ?? "",
  currency: form.get("currency") ?? "",
  minConfidence: form.get("minConfidence") ?? "",
  duplicateFlagged: form.get("duplicateFlagged") ?? "",
  bankDetailsChanged: form.get("bankDetailsChanged") ?? "",
  matchStatuses: form.getAll("matchStatuses"),
  approverUserIds: form.getAll("approverUserIds"),
  approvalsRequired: form.get("approvalsRequired") ?? "",
});

/** A whole number as a number; anything else as typed, for core's codec to name. */
const numberOr = (value: string): number | string => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
const tri = (value: string): boolean | null => (value === "true" ? true : value === "false" ? false : null);

/**
 * The body POST and PUT /v1/approval-policies take, from the form: blank bounds are null, unticked lists empty,
 * approvers only for "ask for approval"; core's codec and use case then check every member as for the API.
 */
const bodyOf = (f: PolicyForm): Record<string, unknown> => {
  const blankNull = (v: string) => (v.trim() === "" ? null : v.trim());
  return {
    name: f.name.trim(),
    priorityOrder: numberOr(f.priorityOrder.trim()),
    action: f.action,
    active: f.active,
    supplierIds: f.supplierIds,
    supplierStanding: f.supplierStanding,
    amountGte: blankNull(f.amountGte),
    amountLte: blankNull(f.amountLte),
    currency: blankNull(f.currency)?.toUpperCase() ?? null,
    minConfidence: f.minConfidence.trim() === "" ? null : numberOr(f.minConfidence.trim()),
    duplicateFlagged: tri(f.duplicateFlagged),
    bankDetailsChanged: tri(f.bankDetailsChanged),
    matchStatuses: f.matchStatuses,
    approverUserIds: f.action === "AlwaysReview" ? f.approverUserIds : [],
    approvalsRequired: f.approvalsRequired.trim() === "" ? 1 : numberOr(f.approvalsRequired.trim()),
  };
};

/** The Approval policies pages (the `ap` module): each organisation's policies, and a form per policy. */
export const policyRoutes = (deps: PortalDeps, keys: () => Promise<PortalKeys>): RouteDef[] => {
  const notFound = (s: Signed): HttpReply => page(404, policyNotFoundPage(userOf(s)));
  const ap = withModule("ap", (s, why) => policyOrganisationsPage(userOf(s), [], why));

  /** The policy form (new without `id`), with the organisation's choices; NotFound for a foreign one. */
  const showForm = async (
    s: Signed,
    organisationId: string,
    id: string | undefined,
    status: number,
    sent?: { form: PolicyForm; error: string },
  ): Promise<HttpReply> => {
    const set = await run(deps().policies.list(s.auth, organisationId));
    if (E.isLeft(set)) return notFound(s);
    const policy = id === undefined ? undefined : set.right.policies.find((p) => p.id === id);
    if (id !== undefined && policy === undefined) return notFound(s);
    const next = Math.min(1000, Math.max(0, ...set.right.policies.map((p) => p.priorityOrder + 10)));
    const form = sent?.form ?? formOfPolicy(policy, set.right.policies.length === 0 ? 10 : next);
    return page(status, policyPage(userOf(s), set.right, id, form, sent?.error));
  };

  const refused = (s: Signed, organisationId: string, id: string | undefined, form: URLSearchParams, e: DomainError) =>
    e.kind === "NotFound"
      ? notFound(s)
      : showForm(s, organisationId, id, 400, { form: sentForm(form), error: explain(e) });

  return [
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/approval-policies",
      operationId: "portalApprovalPoliciesPage",
      summary: "The organisations' approval policies: the list of organisations, or one organisation's policies",
      parameters: [
        { name: "organisationId", in: "query", schema: { type: "string", format: "uuid" } },
        { name: "done", in: "query", schema: { type: "string" } },
      ],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": NOT_FOUND },
      handler: signedInPage(
        deps,
        keys,
        ap(async (ctx, s) => {
          const asked = ctx.query.get("organisationId");
          if (asked === undefined) {
            const listed = await run(deps().policies.organisations(s.auth));
            return E.isLeft(listed) ? notFound(s) : page(200, policyOrganisationsPage(userOf(s), listed.right));
          }
          const id = idOf(asked);
          const set = id === undefined ? undefined : await run(deps().policies.list(s.auth, id));
          if (set === undefined || E.isLeft(set)) return notFound(s);
          return page(
            200,
            policiesPage(userOf(s), set.right, { message: POLICY_MESSAGES[ctx.query.get("done") ?? ""] }),
          );
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "GET",
      path: "/portal/approval-policies/policy",
      operationId: "portalApprovalPolicyPage",
      summary: "An approval policy's form: a new one (no id) or a stored one",
      parameters: [
        { name: "organisationId", in: "query", required: true, schema: { type: "string", format: "uuid" } },
        { name: "id", in: "query", schema: { type: "string", format: "uuid" } },
      ],
      responses: { "200": HTML_RESPONSE, "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": NOT_FOUND },
      handler: signedInPage(
        deps,
        keys,
        ap(async (ctx, s) => {
          const organisationId = idOf(ctx.query.get("organisationId"));
          const asked = ctx.query.get("id");
          const id = asked === undefined ? undefined : idOf(asked);
          if (organisationId === undefined || (asked !== undefined && id === undefined)) return notFound(s);
          return showForm(s, organisationId, id, 200);
        }),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/approval-policies/policy",
      operationId: "portalSaveApprovalPolicy",
      summary: "Create or replace an approval policy (the same checks as POST and PUT /v1/approval-policies)",
      requestBody: formBody(["csrf", "organisationId", "name", "priorityOrder", "action"]),
      responses: {
        "303": SEE_OTHER,
        "400": { ...HTML_RESPONSE, description: "An HTML page: the form with what is not valid." },
        "403": FORBIDDEN_PAGE,
        "404": NOT_FOUND,
      },
      handler: signedInForm(deps, keys, (ctx, s, form) =>
        ap(async () => {
          const organisationId = idOf(form.get("organisationId"));
          const asked = form.get("id");
          const id = asked === null ? undefined : idOf(asked);
          if (organisationId === undefined || (asked !== null && id === undefined)) return notFound(s);
          const saved = await run(deps().policies.save(s.auth, organisationId, id, bodyOf(sentForm(form))));
          if (E.isRight(saved)) return redirect(policiesHref(organisationId, "saved"));
          return refused(s, organisationId, id, form, saved.left);
        })(ctx, s),
      ),
    },
    {
      ...PORTAL_ROUTE,
      method: "POST",
      path: "/portal/approval-policies/delete",
      operationId: "portalDeleteApprovalPolicy",
      summary: "Delete an approval policy",
      requestBody: formBody(["csrf", "organisationId", "id"]),
      responses: { "303": SEE_OTHER, "403": FORBIDDEN_PAGE, "404": NOT_FOUND },
      handler: signedInForm(deps, keys, (ctx, s, form) =>
        ap(async () => {
          const organisationId = idOf(form.get("organisationId"));
          const id = idOf(form.get("id"));
          if (organisationId === undefined || id === undefined) return notFound(s);
          const deleted = await run(deps().policies.remove(s.auth, organisationId, id));
          return E.isLeft(deleted) ? notFound(s) : redirect(policiesHref(organisationId, "deleted"));
        })(ctx, s),
      ),
    },
  ];
};
