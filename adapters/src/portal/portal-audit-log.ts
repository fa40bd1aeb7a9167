import type { AuditEntry, AuditFilter, DomainError, RequestAuth } from "@apar/core";
import type { Page, PageRequest } from "@apar/core/ports";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/**
 * What the Audit log pages need, for the caller's client (`auth.client`): its organisations, a page of one's log,
 * and the whole log streamed for an export. A foreign or missing organisation answers NotFound.
 */
export interface PortalAuditLog {
  organisations(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]>;
  page(
    auth: RequestAuth,
    organisationId: string,
    filter: AuditFilter,
    page: PageRequest,
  ): TE.TaskEither<DomainError, { readonly organisation: PortalOrganisation; readonly page: Page<AuditEntry> }>;
  /** Every entry the filter selects, read a page at a time as they are taken. */
  entries(
    auth: RequestAuth,
    organisationId: string,
    filter: AuditFilter,
  ): TE.TaskEither<DomainError, AsyncIterable<AuditEntry>>;
}
