import type { DomainError, RequestAuth } from "@apar/core";
import type { CatalogueFile, CatalogueKind, ImportReport } from "@apar/core/app";
import type * as TE from "fp-ts/lib/TaskEither.js";

/**
 * What the Import and export page needs, in one organisation the caller acts in (another client's, or one a person
 * is not a member of, answers NotFound as a missing one): the import or its dry run, and the export's chunks.
 */
export interface PortalImports {
  importCsv(
    auth: RequestAuth,
    organisationId: string,
    kind: CatalogueKind,
    file: CatalogueFile,
    dryRun: boolean,
  ): TE.TaskEither<DomainError, ImportReport>;
  exportCsv(
    auth: RequestAuth,
    organisationId: string,
    kind: CatalogueKind,
  ): TE.TaskEither<DomainError, AsyncIterable<string>>;
}
