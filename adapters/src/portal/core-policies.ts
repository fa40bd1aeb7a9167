import { decode } from "@apar/core";
import {
  createPolicy,
  deletePolicy,
  listPolicies,
  organisationMembers,
  PolicyBody,
  replacePolicy,
  searchSuppliers,
} from "@apar/core/app";
import type { Clock, Ids, Stores, UnitOfWork } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalChoice, PortalPolicies } from "./portal-policies.js";

/** How many of the organisation's suppliers the policy form offers (by name); the API takes any. */
export const SUPPLIER_CHOICES = 500;

/** The Approval policies pages' operations on core's policy use cases, for the signed-in caller's client. */
export const portalPoliciesOf = (deps: {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
}): PortalPolicies => ({
  organisations: (auth) => TE.fromTask(async () => (await clientOrganisations(deps.db.stores, auth)).map(named)),
  list: (auth, organisationId) =>
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
  save: (auth, organisationId, id, body) =>
    inOrganisation(deps.db.stores, auth, organisationId, ({ scope }) => {
      const decoded = decode(PolicyBody, body);
      if (E.isLeft(decoded)) return TE.left(decoded.left);
      return id === undefined
        ? createPolicy(deps)(scope, decoded.right)
        : replacePolicy(deps)(scope, id, decoded.right);
    }),
  remove: (auth, organisationId, id) =>
    inOrganisation(deps.db.stores, auth, organisationId, ({ scope }) => deletePolicy(deps)(scope, id)),
});
