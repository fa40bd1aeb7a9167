import type { Bill } from "../bills/model.js";

/** The states a bill waiting for its organisation passes through: it is read at once, like any bill. */
export type CompanyBillState = "Extracting" | "PendingReview" | "ExtractionFailed";

/**
 * A bill received against a company that feeds several organisations: it has no organisation until someone
 * assigns it one. It carries what a bill carries (document, read fields) but lives apart from the bills, so
 * every organisation-scoped bill query keeps meaning what it says.
 */
export interface CompanyBill extends Omit<Bill, "organisationId" | "state"> {
  readonly companyId: string;
  readonly state: CompanyBillState;
}
