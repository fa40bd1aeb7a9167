import { decode } from "@apar/core";
import {
  acknowledgeExport,
  type CoreDeps,
  chartOf,
  createExport,
  ExportBody,
  exportFile,
  listExports,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { PortalBooks } from "./portal-books.js";

/** The Books page's operations on core's use cases. */
export const portalBooksOf = (deps: CoreDeps): PortalBooks => ({
  chart: (scope) => chartOf(deps.db.stores, scope),
  exports: async (scope, limit) => {
    const page = await listExports(deps)(scope, { limit })();
    return E.isRight(page) ? page.right.items : [];
  },
  create: (scope, actor, body) => async () => {
    const decoded = decode(ExportBody, body);
    if (E.isLeft(decoded)) return decoded;
    const made = await createExport(deps)({ scope, actor, body: decoded.right })();
    return E.isLeft(made) ? made : E.right(made.right.record);
  },
  acknowledge: (scope, actor, id) => acknowledgeExport(deps)(scope, actor, id),
  file: (scope, id) => exportFile(deps)(scope, id),
});
