// The API's route modules, one per resource; each takes `RouteDeps<K>` and answers `RouteDef`s.
import type { RouteDef } from "../route.js";
import { apiKeyRoutes } from "./api-key-routes.js";
import { auditRoutes } from "./audit-routes.js";
import { authRoutes } from "./auth-routes.js";
import { clientRoutes } from "./client-routes.js";
import { forwardingRejectionRoutes } from "./forwarding-rejection-routes.js";
import { organisationRoutes } from "./organisation-routes.js";
import { sellerIdentityRoutes } from "./seller-identity-routes.js";
import type { TenancyRouteDeps } from "./support.js";

export type { RouteDeps, RouteServices } from "./deps.js";
export type { TenancyRouteDeps } from "./support.js";
export { apiKeyRoutes, authRoutes, clientRoutes, forwardingRejectionRoutes, organisationRoutes, sellerIdentityRoutes };

/** Every tenancy and auth route. */
export const tenancyRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  ...authRoutes(deps),
  ...clientRoutes(deps),
  ...organisationRoutes(deps),
  ...sellerIdentityRoutes(deps),
  ...apiKeyRoutes(deps),
  ...forwardingRejectionRoutes(deps),
  ...auditRoutes(deps),
];

/** Descriptions of the tags these routes use. */
export const TENANCY_TAG_DESCRIPTIONS = {
  auth: "Auth codes and their exchange for bearer tokens.",
  tenancy: "Clients, organisations, users, industries and client settings.",
  "api-keys": "A client's API keys.",
  audit: "The audit log: every change, who made it and each field before and after, chained by hash.",
  companies: "Companies and the forwards their forwarding addresses rejected.",
  settings: "The organisation's accounts-payable settings (read only) and the removed endpoints that changed them.",
} as const;
