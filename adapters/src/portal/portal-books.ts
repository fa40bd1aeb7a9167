import type { AccountingChart, AccountingExport, Actor, DomainError } from "@apar/core";
import type { ExportFile, ExportJson } from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** What the Books page needs, for one organisation: its chart, its exports, making and acknowledging one, a file. */
export interface PortalBooks {
  chart(scope: OrgScope): Promise<AccountingChart>;
  /** The newest exports, at most `limit`. */
  exports(scope: OrgScope, limit: number): Promise<readonly AccountingExport[]>;
  /** Records an export of a body as `POST /v1/accounting/exports` takes it (decoded and checked by core). */
  create(scope: OrgScope, actor: Actor, body: unknown): TE.TaskEither<DomainError, ExportJson>;
  acknowledge(scope: OrgScope, actor: Actor, id: string): TE.TaskEither<DomainError, AccountingExport>;
  file(scope: OrgScope, id: string): TE.TaskEither<DomainError, ExportFile>;
}
