import type { Actor } from "../events/envelope.js";

/** Draft -> Issued -> PartiallyApplied -> Applied (and back down when applications are reversed). */
export const SUPPLIER_CREDIT_STATUSES = ["Draft", "Issued", "PartiallyApplied", "Applied"] as const;
export type SupplierCreditStatus = (typeof SUPPLIER_CREDIT_STATUSES)[number];

/** Part of a credit note set against a bill. */
export interface CreditApplication {
  readonly id: string;
  readonly billId: string;
  /** Decimal string, above zero. */
  readonly amount: string;
  readonly status: "Applied" | "Reversed";
  readonly appliedAt: string;
  readonly reversedAt: string | null;
  readonly actor: Actor;
}

/** A credit a supplier grants the organisation, applied against that supplier's bills. */
export interface SupplierCreditNote {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly supplierId: string;
  readonly number: string | null;
  readonly currency: string;
  /** What the note holds (decimal string, above zero). */
  readonly amount: string;
  readonly reason: string | null;
  readonly issueDate: string | null;
  readonly status: SupplierCreditStatus;
  readonly applications: readonly CreditApplication[];
  readonly issuedAt: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
