import type { DomainError, Organisation, RequestAuth } from "@apar/core";
import { agedPayables, agedReceivables, customerStatement, listCustomers, statementPdf } from "@apar/core/app";
import type { Clock, Ids, InvoiceRenderer, OrgScope, Stores, UnitOfWork } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalReports } from "./portal-reports.js";

/** The Reports pages' operations on core's report use cases, for the signed-in caller's client. */
export const portalReportsOf = (deps: {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
  readonly renderer: InvoiceRenderer;
}): PortalReports => {
  // An organisation the caller does not act in (another client's, or not a person's own) answers as a missing one.
  const within = <A>(
    auth: RequestAuth,
    organisationId: string,
    act: (at: { scope: OrgScope; organisation: Organisation }) => TE.TaskEither<DomainError, A>,
  ): TE.TaskEither<DomainError, A> => inOrganisation(deps.db.stores, auth, organisationId, act);
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
    organisations: (auth) => async () => E.right((await clientOrganisations(deps.db.stores, auth)).map(named)),
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
