import { createAuthenticator } from "@apar/adapters/http/index";
import { portalApiKeysOf } from "@apar/adapters/portal/core-api-keys";
import { portalAuditLogOf } from "@apar/adapters/portal/core-audit-log";
import { portalBooksOf } from "@apar/adapters/portal/core-books";
import { portalCompaniesOf } from "@apar/adapters/portal/core-companies";
import { portalImportsOf } from "@apar/adapters/portal/core-imports";
import { portalOrganisationsOf } from "@apar/adapters/portal/core-organisations";
import { portalPoliciesOf } from "@apar/adapters/portal/core-policies";
import { portalReportsOf } from "@apar/adapters/portal/core-reports";
import { portalReviewOf } from "@apar/adapters/portal/core-review";
import { portalSellerIdentitiesOf } from "@apar/adapters/portal/core-seller-identities";
import { portalPeopleOf, portalSignInOf } from "@apar/adapters/portal/core-sign-in";
import { portalWebhooksOf } from "@apar/adapters/portal/core-webhooks";
import { type PortalServices, portalRoutes } from "@apar/adapters/portal/index";
import { type OidcSignIn, oidcSignIn } from "@apar/adapters/portal/oidc";
import type { Clock } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import { loadSecretKey } from "./secret-key.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** The OpenID Connect provider of `APAR_OIDC_*`, when one is set (it is asked nothing until someone signs in). */
const oidcOf = (config: Config): OidcSignIn | undefined =>
  config.oidcIssuer === undefined || config.oidcClientId === undefined
    ? undefined
    : oidcSignIn({
        issuer: config.oidcIssuer,
        clientId: config.oidcClientId,
        ...(config.oidcClientSecret === undefined ? {} : { clientSecret: config.oidcClientSecret }),
        redirectUri: `${publicBaseUrl(config)}/portal/sign-in/oidc/callback`,
        name: config.oidcName,
      });

/**
 * The operator portal's pages. It re-checks its session's credential with the API's own authenticator, built on
 * first use from the services the api role resolved.
 */
export const portalModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RouteList).toResolvedValue(
      (clock: Clock) => {
        let authenticator: PortalServices["authenticate"] | undefined;
        const oidc = oidcOf(config);
        const fixed: Omit<
          PortalServices,
          | "webhooks"
          | "apiKeys"
          | "companies"
          | "sellerIdentities"
          | "review"
          | "policies"
          | "signIn"
          | "people"
          | "organisations"
          | "reports"
          | "imports"
          | "auditLog"
          | "books"
          | "uploads"
        > = {
          clock,
          headerPrefix: config.headerPrefix,
          authenticate: (headers, access) => {
            const { db, bearerTokens } = services();
            authenticator ??= createAuthenticator({
              stores: db.stores,
              clock,
              tokens: bearerTokens,
              headerPrefix: config.headerPrefix,
            });
            return authenticator(headers, access);
          },
          secretKey: () => loadSecretKey(config.secretKey, config.dataDir),
        };
        return portalRoutes(() => {
          const { db, ids, randomBytes, webhooks, inboundDomain, files, renderer, maxUploadBytes } = services();
          return {
            ...fixed,
            webhooks: portalWebhooksOf(webhooks),
            apiKeys: portalApiKeysOf({ db, clock, ids, randomBytes, stores: () => db.stores }),
            companies: portalCompaniesOf({ db, clock, ids, randomBytes }, inboundDomain),
            sellerIdentities: portalSellerIdentitiesOf({ db, clock }),
            review: portalReviewOf({ db, clock, ids, files }),
            policies: portalPoliciesOf({ db, clock, ids }),
            signIn: portalSignInOf({ db, clock, ids, randomBytes, headerPrefix: config.headerPrefix }, oidc),
            people: portalPeopleOf({ db, clock, ids, randomBytes, headerPrefix: config.headerPrefix }),
            organisations: portalOrganisationsOf(() => db.stores),
            reports: portalReportsOf({ db, clock, ids, renderer }),
            imports: portalImportsOf({ db, clock, ids }),
            auditLog: portalAuditLogOf({ stores: () => db.stores }),
            books: portalBooksOf({ db, clock, ids }),
            uploads: { files, maxBytes: maxUploadBytes },
          };
        });
      },
      [TOKENS.Clock],
    );
  });
