import { createAuthenticator, type RouteDef } from "@apar/adapters/http/index";
import { portalApiKeysOf } from "@apar/adapters/portal/core-api-keys";
import { portalCompaniesOf } from "@apar/adapters/portal/core-companies";
import { portalPoliciesOf } from "@apar/adapters/portal/core-policies";
import { portalReviewOf } from "@apar/adapters/portal/core-review";
import { portalSellerIdentitiesOf } from "@apar/adapters/portal/core-seller-identities";
import { portalWebhooksOf } from "@apar/adapters/portal/core-webhooks";
import { type PortalServices, portalRoutes } from "@apar/adapters/portal/index";
import type { Clock } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import type { Config } from "./config.js";
import { loadSecretKey } from "./secret-key.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/**
 * The operator portal's pages. It re-checks its session's credential with the API's own authenticator, built on
 * first use from the services the api role resolved.
 */
export const portalModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<readonly RouteDef[]>(TOKENS.RouteList).toResolvedValue(
      (clock: Clock) => {
        let authenticator: PortalServices["authenticate"] | undefined;
        const fixed: Omit<
          PortalServices,
          "webhooks" | "apiKeys" | "companies" | "sellerIdentities" | "review" | "policies"
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
          const { db, ids, randomBytes, webhooks, inboundDomain, files } = services();
          return {
            ...fixed,
            webhooks: portalWebhooksOf(webhooks),
            apiKeys: portalApiKeysOf({ db, clock, ids, randomBytes, stores: () => db.stores }),
            companies: portalCompaniesOf({ db, clock, ids, randomBytes }, inboundDomain),
            sellerIdentities: portalSellerIdentitiesOf({ db, clock }),
            review: portalReviewOf({ db, clock, ids, files }),
            policies: portalPoliciesOf({ db, clock, ids }),
          };
        });
      },
      [TOKENS.Clock],
    );
  });
