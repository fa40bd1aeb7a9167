import type { AccountingChart, AccountingExport, Actor, DomainError, ExportJson } from "@apar/core";
import { decode } from "@apar/core";
import type { ExportFile } from "@apar/core/app";
import {
  acknowledgeExport,
  type CoreDeps,
  chartOf,
  createExport,
  ExportBody,
  exportFile,
  listExports,
} from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** The Books page's operations on core's use cases. */
export const portalBooksOf = (deps: CoreDeps) => ({
  chart: (scope: OrgScope): Promise<AccountingChart> => chartOf(deps.db.stores, scope),
  /** The newest exports, at most `limit`. */
  exports: async (scope: OrgScope, limit: number): Promise<readonly AccountingExport[]> => {
    const page = await listExports(deps)(scope, { limit })();
    return E.isRight(page) ? page.right.items : [];
  },
  /** Records an export of a body as `POST /v1/accounting/exports` takes it (decoded and checked by core). */
  create:
    (scope: OrgScope, actor: Actor, body: unknown): TE.TaskEither<DomainError, ExportJson> =>
    async () => {
      const decoded = decode(ExportBody, body);
      if (E.isLeft(decoded)) return decoded;
      const made = await createExport(deps)({ scope, actor, body: decoded.right })();
      return E.isLeft(made) ? made : E.right(made.right.record);
    },
  acknowledge: (scope: OrgScope, actor: Actor, id: string): TE.TaskEither<DomainError, AccountingExport> =>
    acknowledgeExport(deps)(scope, actor, id),
  file: (scope: OrgScope, id: string): TE.TaskEither<DomainError, ExportFile> => exportFile(deps)(scope, id),
});

/** What the Books page needs, for one organisation: its chart, its exports, making and acknowledging one, a file. */
export type PortalBooks = ReturnType<typeof portalBooksOf>;
