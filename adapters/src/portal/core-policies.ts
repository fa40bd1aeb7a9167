import { type DomainError, decode, type RequestAuth } from "@apar/core";
import {
  type CoreDeps,
  createPolicy,
  deletePolicy,
  listPolicies,
  organisationMembers,
  PolicyBody,
  type PolicyJson,
  replacePolicy,
  searchSuppliers,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** How many of the organisation's suppliers the policy form offers (by name); the API takes any. */
export const SUPPLIER_CHOICES = 500;

/** A choice on the policy form: a supplier or an approver, by id with a name to show. */
export interface PortalChoice {
  readonly id: string;
  readonly name: string;
}

/** An organisation's policies and what the policy form offers to choose from. */
export interface PortalPolicySet {
  readonly organisation: PortalOrganisation;
  /** In evaluation order. */
  readonly policies: readonly PolicyJson[];
  /** The organisation's suppliers (at most `SUPPLIER_CHOICES`, by name). */
  readonly suppliers: readonly PortalChoice[];
  readonly moreSuppliers: boolean;
  /** The organisation's members, who may be named approvers. */
  readonly approvers: readonly PortalChoice[];
}

/**
 * The Approval policies pages' operations on core's policy use cases, for the caller's client (`auth.client`) and
 * one of its organisations. A foreign or missing organisation or policy answers the same DomainError (NotFound).
 */
export const portalPoliciesOf = (
  deps: CoreDeps<"approvalPolicies" | "users" | "suppliers" | "organisations" | "memberships">,
) => ({
  organisations: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]> =>
    TE.fromTask(async () => (await clientOrganisations(deps.db.stores, auth)).map(named)),
  list: (auth: RequestAuth, organisationId: string): TE.TaskEither<DomainError, PortalPolicySet> =>
    inOrganisation(deps.db.stores, auth, organisationId, ({ scope, organisation }) => async () => {
      const policies = await listPolicies(deps)(scope)();
      if (E.isLeft(policies)) return policies;
      const suppliers: PortalChoice[] = [];
      let after: string | undefined;
      let moreSuppliers = false;
      while (suppliers.length < SUPPLIER_CHOICES) {
        const page = await searchSuppliers(deps)(scope, undefined, {
          limit: Math.min(100, SUPPLIER_CHOICES - suppliers.length),
          ...(after === undefined ? {} : { after }),
        })();
        if (E.isLeft(page)) return page;
        suppliers.push(...page.right.items.map((s) => ({ id: s.id, name: s.name })));
        moreSuppliers = page.right.hasMore;
        after = page.right.items.at(-1)?.id;
        if (!page.right.hasMore || after === undefined) break;
      }
      const members = await organisationMembers(deps.db.stores, scope.clientId, scope.organisationId);
      return E.right({
        organisation: named(organisation),
        policies: policies.right,
        suppliers: suppliers.sort((a, b) => a.name.localeCompare(b.name)),
        moreSuppliers,
        approvers: members.map(({ user }) => ({ id: user.id, name: `${user.name} <${user.email}>` })),
      });
    }),
  /** Creates (no id) or replaces a policy with a body as `POST`/`PUT /v1/approval-policies` take it. */
  save: (
    auth: RequestAuth,
    organisationId: string,
    id: string | undefined,
    body: unknown,
  ): TE.TaskEither<DomainError, PolicyJson> =>
    inOrganisation(deps.db.stores, auth, organisationId, ({ scope }) => {
      const decoded = decode(PolicyBody, body);
      if (E.isLeft(decoded)) return TE.left(decoded.left);
      return id === undefined
        ? createPolicy(deps)(scope, decoded.right)
        : replacePolicy(deps)(scope, id, decoded.right);
    }),
  remove: (auth: RequestAuth, organisationId: string, id: string): TE.TaskEither<DomainError, void> =>
    inOrganisation(deps.db.stores, auth, organisationId, ({ scope }) => deletePolicy(deps)(scope, id)),
});

/** What the Approval policies pages need of core. */
export type PortalPolicies = ReturnType<typeof portalPoliciesOf>;
