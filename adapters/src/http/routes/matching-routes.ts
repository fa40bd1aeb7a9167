import type { RouteDef } from "../route.js";
import { matchGroupRoutes } from "./match-group-routes.js";
import { matchToleranceRoutes } from "./match-tolerance-routes.js";
import { matchingDocumentRoutes } from "./matching-document-routes.js";
import type { MatchingRouteDeps } from "./matching-support.js";

export type { MatchingRouteDeps };

/** Purchase orders, delivery notes, match groups (allocations, resolutions) and the organisation's tolerances. */
export const matchingRoutes = (deps: MatchingRouteDeps): RouteDef[] => [
  ...matchingDocumentRoutes(deps),
  ...matchGroupRoutes(deps),
  ...matchToleranceRoutes(deps),
];
