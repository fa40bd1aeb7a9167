import type { PortalOrganisation } from "./portal-seller-identities.js";

/** A customer to choose a statement for. */
export interface PortalCustomer {
  readonly id: string;
  readonly name: string;
}

/** A report with the organisation it is of. */
export interface PortalReport<A> {
  readonly organisation: PortalOrganisation;
  readonly report: A;
}
