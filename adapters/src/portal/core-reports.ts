import type { AgingReport, CustomerStatement, DomainError, Organisation, RequestAuth } from "@apar/core";
import type { RenderedFile, StatementPeriod } from "@apar/core/app";
import {
  agedPayables,
  agedReceivables,
  type CoreDeps,
  customerStatement,
  listCustomers,
  statementPdf,
} from "@apar/core/app";
import type { InvoiceRenderer, OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalCustomer, PortalReport } from "./portal-reports.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** The Reports pages' operations on core's report use cases, for the signed-in caller's client. */
export const portalReportsOf = (deps: CoreDeps & { readonly renderer: InvoiceRenderer }) => {
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
    organisations:
      (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]> =>
      async () =>
        E.right((await clientOrganisations(deps.db.stores, auth)).map(named)),
    agedPayables: (
      auth: RequestAuth,
      organisationId: string,
      asOf: string | undefined,
    ): TE.TaskEither<DomainError, PortalReport<AgingReport>> =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, agedPayables(deps)(scope, asOf)),
      ),
    agedReceivables: (
      auth: RequestAuth,
      organisationId: string,
      asOf: string | undefined,
    ): TE.TaskEither<DomainError, PortalReport<AgingReport>> =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, agedReceivables(deps)(scope, asOf)),
      ),
    /** The organisation's first customers by creation (at most 100), to choose a statement's. */
    customers: (auth: RequestAuth, organisationId: string): TE.TaskEither<DomainError, readonly PortalCustomer[]> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const page = await listCustomers(deps)(scope, undefined, { limit: 100 })();
        return E.isLeft(page) ? page : E.right(page.right.items.map((c) => ({ id: c.id, name: c.name })));
      }),
    statement: (
      auth: RequestAuth,
      organisationId: string,
      customerId: string,
      period: StatementPeriod,
    ): TE.TaskEither<DomainError, PortalReport<CustomerStatement>> =>
      within(auth, organisationId, ({ scope, organisation }) =>
        reported(organisation, customerStatement(deps)(scope, customerId, period)),
      ),
    statementPdf: (
      auth: RequestAuth,
      organisationId: string,
      customerId: string,
      period: StatementPeriod,
    ): TE.TaskEither<DomainError, RenderedFile> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const statement = await customerStatement(deps)(scope, customerId, period)();
        return E.isLeft(statement) ? statement : statementPdf(deps)(scope, statement.right)();
      }),
  };
};

/**
 * What the Reports pages need, for the caller's client: the organisations the caller may read, and each one's aged
 * payables, aged receivables and customer statements. An organisation of another client, or one a person is not a
 * member of (client administrators and API keys read every one of the client), answers NotFound as a missing one.
 */
export type PortalReports = ReturnType<typeof portalReportsOf>;
