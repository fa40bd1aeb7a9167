import { auditEntries, listAuditEvents } from "@apar/core/app";
import type { Stores } from "@apar/core/ports";
import * as TE from "fp-ts/lib/TaskEither.js";
import { EXPORT_PAGE } from "../http/audit-export.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalAuditLog } from "./portal-audit-log.js";

/** The Audit log pages' operations on core's queries, for the signed-in caller's client. */
export const portalAuditLogOf = (deps: {
  readonly stores: () => Pick<Stores, "organisations" | "auditLog">;
}): PortalAuditLog => ({
  organisations: (auth) => TE.fromTask(async () => (await clientOrganisations(deps.stores(), auth)).map(named)),
  page: (auth, organisationId, filter, page) =>
    inOrganisation(deps.stores(), auth, organisationId, ({ scope, organisation }) =>
      TE.fromTask(async () => ({
        organisation: named(organisation),
        page: await listAuditEvents(deps.stores().auditLog, scope, filter, page),
      })),
    ),
  entries: (auth, organisationId, filter) =>
    inOrganisation(deps.stores(), auth, organisationId, ({ scope }) =>
      TE.right(auditEntries(deps.stores().auditLog, scope, filter, EXPORT_PAGE)),
    ),
});
