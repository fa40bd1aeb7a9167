import type { AuditEntry, AuditFilter, DomainError, RequestAuth } from "@apar/core";
import { auditEntries, listAuditEvents } from "@apar/core/app";
import type { Page, PageRequest, Stores } from "@apar/core/ports";
import * as TE from "fp-ts/lib/TaskEither.js";
import { EXPORT_PAGE } from "../http/audit-export.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** The Audit log pages' operations on core's queries, for the signed-in caller's client. */
export const portalAuditLogOf = (deps: { readonly stores: () => Pick<Stores, "organisations" | "auditLog"> }) => ({
  organisations: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]> =>
    TE.fromTask(async () => (await clientOrganisations(deps.stores(), auth)).map(named)),
  page: (
    auth: RequestAuth,
    organisationId: string,
    filter: AuditFilter,
    page: PageRequest,
  ): TE.TaskEither<DomainError, { readonly organisation: PortalOrganisation; readonly page: Page<AuditEntry> }> =>
    inOrganisation(deps.stores(), auth, organisationId, ({ scope, organisation }) =>
      TE.fromTask(async () => ({
        organisation: named(organisation),
        page: await listAuditEvents(deps.stores().auditLog, scope, filter, page),
      })),
    ),
  /** Every entry the filter selects, read a page at a time as they are taken. */
  entries: (
    auth: RequestAuth,
    organisationId: string,
    filter: AuditFilter,
  ): TE.TaskEither<DomainError, AsyncIterable<AuditEntry>> =>
    inOrganisation(deps.stores(), auth, organisationId, ({ scope }) =>
      TE.right(auditEntries(deps.stores().auditLog, scope, filter, EXPORT_PAGE)),
    ),
});

/**
 * What the Audit log pages need, for the caller's client (`auth.client`): its organisations, a page of one's log,
 * and the whole log streamed for an export. A foreign or missing organisation answers NotFound.
 */
export type PortalAuditLog = ReturnType<typeof portalAuditLogOf>;
