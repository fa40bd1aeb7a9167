import { type DomainError, notFound, type Organisation, type RequestAuth } from "@apar/core";
import { agedPayables, agedReceivables, customerStatement, listCustomers, statementPdf } from "@apar/core/app";
import type { Clock, Ids, InvoiceRenderer, OrgScope, Stores, UnitOfWork } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalReports } from "./portal-reports.js";

/**
 * True when the caller reads every organisation of the client (an API key, a client administrator), or is a member
 * of this one: a person's organisation roles hold in their own organisations only.
 */
const reads = (auth: RequestAuth, organisationId: string): boolean =>
  auth.principal.kind !== "user" ||
  auth.clientAdministrator ||
  auth.principal.claims.memberships.some((m) => m.organisationId === organisationId);

/** The Reports pages' operations on core's report use cases, for the signed-in caller's client. */
export const portalReportsOf = (deps: {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
  readonly renderer: InvoiceRenderer;
}): PortalReports => {
  const within = <A>(
    auth: RequestAuth,
    organisationId: string,
    act: (at: { scope: OrgScope; organisation: Organisation }) => TE.TaskEither<DomainError, A>,
  ): TE.TaskEither<DomainError, A> =>
    reads(auth, organisationId)
      ? inOrganisation(deps.db.stores, auth, organisationId, act)
      : async () => E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
  const reported =
    <A>(
      organisation: Organisation,
      task: TE.TaskEither<DomainError, A>,
    ): TE.TaskEither<DomainError, { organisation: ReturnType<typeof named>; report: A }> =>
    async () => {
      const report = await task();
      return E.isLeft(report) ? report : E.right({ organisation: named(organisation), report: report.right });
    };
  return {
    organisations: (auth) => async () =>
      E.right((await clientOrganisations(deps.db.stores, auth)).filter((o) => reads(auth, o.id)).map(named)),
    agedPayables: (auth, organisationId, asOf) =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, agedPayables(deps)(scope, asOf)),
      ),
    agedReceivables: (auth, organisationId, asOf) =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, agedReceivables(deps)(scope, asOf)),
      ),
    customers: (auth, organisationId) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const page = await listCustomers(deps)(scope, undefined, { limit: 100 })();
        return E.isLeft(page) ? page : E.right(page.right.items.map((c) => ({ id: c.id, name: c.name })));
      }),
    statement: (auth, organisationId, customerId, period) =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, customerStatement(deps)(scope, customerId, period)),
      ),
    statementPdf: (auth, organisationId, customerId, period) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const statement = await customerStatement(deps)(scope, customerId, period)();
        return E.isLeft(statement) ? statement : statementPdf(deps)(scope, statement.right)();
      }),
  };
};
