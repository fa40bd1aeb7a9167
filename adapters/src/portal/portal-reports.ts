import type { AgingReport, CustomerStatement, DomainError, RequestAuth } from "@apar/core";
import type { RenderedFile, StatementPeriod } from "@apar/core/app";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** A customer to choose a statement for. */
export interface PortalCustomer {
  readonly id: string;
  readonly name: string;
}

/** A report with the organisation it is of. */
export interface PortalReport<A> {
  readonly organisation: PortalOrganisation;
  readonly report: A;
}

/**
 * What the Reports pages need, for the caller's client: the organisations the caller may read, and each one's aged
 * payables, aged receivables and customer statements. An organisation of another client, or one a person is not a
 * member of (client administrators and API keys read every one of the client), answers NotFound as a missing one.
 */
export interface PortalReports {
  organisations(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]>;
  agedPayables(
    auth: RequestAuth,
    organisationId: string,
    asOf: string | undefined,
  ): TE.TaskEither<DomainError, PortalReport<AgingReport>>;
  agedReceivables(
    auth: RequestAuth,
    organisationId: string,
    asOf: string | undefined,
  ): TE.TaskEither<DomainError, PortalReport<AgingReport>>;
  /** The organisation's first customers by creation (at most 100), to choose a statement's. */
  customers(auth: RequestAuth, organisationId: string): TE.TaskEither<DomainError, readonly PortalCustomer[]>;
  statement(
    auth: RequestAuth,
    organisationId: string,
    customerId: string,
    period: StatementPeriod,
  ): TE.TaskEither<DomainError, PortalReport<CustomerStatement>>;
  statementPdf(
    auth: RequestAuth,
    organisationId: string,
    customerId: string,
    period: StatementPeriod,
  ): TE.TaskEither<DomainError, RenderedFile>;
}
