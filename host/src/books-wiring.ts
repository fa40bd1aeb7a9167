import { booksRoutes } from "@apar/adapters/http/routes/books-routes";
import { ContainerModule } from "inversify";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** The books: the chart mapping, the journal and its exports (CSV and DATEV). */
export const booksModule = (services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RouteList).toConstantValue(booksRoutes(services));
  });
