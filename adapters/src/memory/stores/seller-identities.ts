import type { SellerIdentities } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";

const key = (scope: { clientId: string; organisationId: string }) => `${scope.clientId} ${scope.organisationId}`;

/** Seller identities in memory, as the SQL store answers them. */
export const memorySellerIdentities = (access: Access): SellerIdentities => ({
  ofOrganisation: async (scope) => copy(access.read().sellerIdentities.get(key(scope))),
  save: (scope, identity) =>
    access.write((t) => {
      t.sellerIdentities.set(key(scope), copy(identity));
    }),
});
