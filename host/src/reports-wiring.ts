import { reportRoutes } from "@apar/adapters/http/routes/report-routes";
import { ContainerModule } from "inversify";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** The reports part: aged payables and receivables, customer statements (JSON, CSV, PDF). */
export const reportsModule = (services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RouteList).toConstantValue(reportRoutes(services));
  });
