// The operator portal: server-rendered pages and forms under /portal, signed in per person or by key.
import type { RouteDef } from "../http/route.js";
import { apiKeyRoutes } from "./api-key-routes.js";
import { auditLogRoutes } from "./audit-log-routes.js";
import { billListRoutes } from "./bill-list-routes.js";
import { booksRoutes } from "./books-routes.js";
import { companyRoutes } from "./company-routes.js";
import { keysOf, type PortalDeps } from "./guard.js";
import { importRoutes } from "./import-routes.js";
import { peopleRoutes } from "./people-routes.js";
import { personSignInRoutes } from "./person-sign-in-routes.js";
import { policyRoutes } from "./policy-routes.js";
import { reportRoutes } from "./report-routes.js";
import { reviewRoutes } from "./review-routes.js";
import { sellerIdentityRoutes } from "./seller-identity-routes.js";
import { signInRoutes } from "./sign-in-routes.js";
import { webhookRoutes } from "./webhook-routes.js";

export type { PortalApiKeys } from "./core-api-keys.js";
export type { PortalAuditLog } from "./core-audit-log.js";
export type { PortalBooks } from "./core-books.js";
export type { PortalCompanies } from "./core-companies.js";
export type { PortalImports } from "./core-imports.js";
export type { PortalOrganisations } from "./core-organisations.js";
export type { PortalChoice, PortalPolicies, PortalPolicySet } from "./core-policies.js";
export type { PortalReports } from "./core-reports.js";
export type { PortalReview } from "./core-review.js";
export type { PortalSellerIdentities } from "./core-seller-identities.js";
export type { PortalPeople, PortalSignIn } from "./core-sign-in.js";
export type { PortalWebhooks } from "./core-webhooks.js";
export type { PortalDeps, PortalServices } from "./guard.js";
export type { PortalApiKey } from "./portal-api-keys.js";
export type { PortalCompany, PortalCompanyDetail } from "./portal-companies.js";
export type { PortalCustomer, PortalReport } from "./portal-reports.js";
export type { PortalDocument, PortalQueue, PortalQueued } from "./portal-review.js";
export type { PortalOrganisation } from "./portal-seller-identities.js";
export type { PortalDelivery, PortalSubscription } from "./portal-webhooks.js";

/** Every route of the operator portal under `/portal` (HTML pages and forms). */
export const portalRoutes = (deps: PortalDeps): RouteDef[] => {
  const keys = keysOf(deps);
  return [
    ...signInRoutes(deps, keys),
    ...personSignInRoutes(deps, keys),
    ...webhookRoutes(deps, keys),
    ...apiKeyRoutes(deps, keys),
    ...companyRoutes(deps, keys),
    ...sellerIdentityRoutes(deps, keys),
    ...reviewRoutes(deps, keys),
    ...billListRoutes(deps, keys),
    ...policyRoutes(deps, keys),
    ...peopleRoutes(deps, keys),
    ...reportRoutes(deps, keys),
    ...importRoutes(deps, keys),
    ...auditLogRoutes(deps, keys),
    ...booksRoutes(deps, keys),
  ];
};

/** The portal's tag in the OpenAPI document. */
export const PORTAL_TAG_DESCRIPTIONS = {
  portal: "The operator portal's HTML pages and forms (session cookie and CSRF token; not for API clients).",
} as const;
