import type { DomainError, RequestAuth } from "@apar/core";
import type { CatalogueFile, CatalogueKind, CoreDeps, ImportReport } from "@apar/core/app";
import { exportCatalogue, importCatalogue } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { inOrganisation } from "./core-organisations.js";

/** The Import and export page's operations on core's import and export, for the signed-in caller's client. */
export const portalImportsOf = (deps: CoreDeps) => ({
  importCsv: (
    auth: RequestAuth,
    organisationId: string,
    kind: CatalogueKind,
    file: CatalogueFile,
    dryRun: boolean,
  ): TE.TaskEither<DomainError, ImportReport> =>
    inOrganisation(
      deps.db.stores,
      auth,
      organisationId,
      ({ scope }) =>
        () =>
          importCatalogue(deps)({ scope, actor: auth.actor, kind, file, dryRun }),
    ),
  exportCsv: (
    auth: RequestAuth,
    organisationId: string,
    kind: CatalogueKind,
  ): TE.TaskEither<DomainError, AsyncIterable<string>> =>
    inOrganisation(
      deps.db.stores,
      auth,
      organisationId,
      ({ scope }) =>
        async () =>
          E.right(exportCatalogue(deps)(scope, kind)),
    ),
});

/**
 * What the Import and export page needs, in one organisation the caller acts in (another client's, or one a person
 * is not a member of, answers NotFound as a missing one): the import or its dry run, and the export's chunks.
 */
export type PortalImports = ReturnType<typeof portalImportsOf>;
