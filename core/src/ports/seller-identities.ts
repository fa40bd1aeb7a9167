import type { OrgScope } from "../shared/scope.js";
import type { SellerIdentity } from "../tenancy/seller-identity.js";

/** Each organisation's seller identity (another organisation's answers undefined). */
export interface SellerIdentities {
  ofOrganisation(scope: OrgScope): Promise<SellerIdentity | undefined>;
  /** Replaces the organisation's identity. */
  save(scope: OrgScope, identity: SellerIdentity): Promise<void>;
}
