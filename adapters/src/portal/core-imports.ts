import { exportCatalogue, importCatalogue } from "@apar/core/app";
import type { Clock, Db, Ids } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { inOrganisation } from "./core-organisations.js";
import type { PortalImports } from "./portal-imports.js";

/** The Import and export page's operations on core's import and export, for the signed-in caller's client. */
export const portalImportsOf = (deps: {
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: Ids;
}): PortalImports => ({
  importCsv: (auth, organisationId, kind, file, dryRun) =>
    inOrganisation(
      deps.db.stores,
      auth,
      organisationId,
      ({ scope }) =>
        () =>
          importCatalogue(deps)({ scope, actor: auth.actor, kind, file, dryRun }),
    ),
  exportCsv: (auth, organisationId, kind) =>
    inOrganisation(
      deps.db.stores,
      auth,
      organisationId,
      ({ scope }) =>
        async () =>
          E.right(exportCatalogue(deps)(scope, kind)),
    ),
});
