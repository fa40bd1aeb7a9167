import type { Actor } from "../events/envelope.js";
import { isZeroAmount, subtractAmounts } from "../shared/money.js";

/** What a policy does with a bill it matches. */
export const POLICY_ACTIONS = ["AutoApprove", "AlwaysReview", "AutoVoid"] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** A supplier's standing with the organisation: New has fewer than NEW_SUPPLIER_APPROVED_BILLS approved bills. */
export const SUPPLIER_STANDINGS = ["Any", "New", "Established"] as const;
export type SupplierStanding = (typeof SUPPLIER_STANDINGS)[number];

/** A supplier with fewer approved bills than this is New (a bill without a supplier record is New too). */
export const NEW_SUPPLIER_APPROVED_BILLS = 3;

/** A bill's match-group status as a policy sees it (`None`: the bill has no match group). */
export const POLICY_MATCH_STATUSES = ["None", "Open", "Variance", "Resolved", "Synced"] as const;
export type PolicyMatchStatus = (typeof POLICY_MATCH_STATUSES)[number];

/** The conditions of a policy; null or empty means "any". */
export interface PolicyConditions {
  /** Empty: every supplier. */
  readonly supplierIds: readonly string[];
  readonly supplierStanding: SupplierStanding;
  /** Decimal strings, inclusive bounds on the bill's total. */
  readonly amountGte: string | null;
  readonly amountLte: string | null;
  /** ISO 4217 code the bill's currency must have. */
  readonly currency: string | null;
  /** The bill's extraction confidence must be at least this (0 to 1); beyond the hosted service's fields. */
  readonly minConfidence: number | null;
  /** true: only flagged bills; false: only unflagged ones; null: either. */
  readonly duplicateFlagged: boolean | null;
  /**
   * true: only bills whose bank details name an account the supplier is not known by (the fraud signal); false:
   * only those without; null: either. A flagged bill is never auto-approved by a policy that leaves this null.
   */
  readonly bankDetailsChanged: boolean | null;
  /** The bill's match-group status must be one of these (empty: any). */
  readonly matchStatuses: readonly PolicyMatchStatus[];
}

/** An approval policy of an organisation. Each change makes a new version. */
export interface ApprovalPolicy extends PolicyConditions {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly name: string;
  /** 0 to 1000, lower first. */
  readonly priorityOrder: number;
  readonly active: boolean;
  readonly action: PolicyAction;
  /** For AlwaysReview: who may approve (empty: the organisation's administrators). */
  readonly approverUserIds: readonly string[];
  /** For AlwaysReview: distinct approvals needed (quorum). */
  readonly approvalsRequired: number;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a policy's conditions are checked against: facts about the bill at submit time. */
export interface BillFacts {
  readonly supplierId: string | null;
  readonly supplierStanding: Exclude<SupplierStanding, "Any">;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly confidence: number | null;
  readonly duplicateFlagged: boolean;
  readonly bankDetailsChanged: boolean;
  /** The bill would be paid to its supplier's confirmed account (false: no auto-approval, whatever a policy says). */
  readonly bankDetailsConfirmed: boolean;
  readonly matchStatus: PolicyMatchStatus;
}

/** One condition that held, with what the policy asked and what the bill had. */
export interface MatchedCondition {
  readonly condition: string;
  readonly expected: string;
  readonly actual: string;
}

/** The decision taken at submit time, kept on the bill so that later policy changes never alter it. */
export interface DecisionSnapshot {
  /** Null when no policy matched (the default: review by the administrators). */
  readonly policyId: string | null;
  readonly policyVersion: number | null;
  readonly policyName: string;
  readonly action: PolicyAction;
  readonly matchedConditions: readonly MatchedCondition[];
  readonly approverUserIds: readonly string[];
  readonly approvalsRequired: number;
  /** A sentence for people. */
  readonly explanation: string;
  readonly decidedAt: string;
}

/** One approval given to a bill in NeedsApproval. */
export interface Approval {
  readonly actor: Actor;
  readonly at: string;
}

/** What happened to a bill after review: decision, approvals, rejection, payment. Kept beside the bill row. */
export interface BillLifecycle {
  readonly billId: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly supplierId: string | null;
  readonly decision: DecisionSnapshot | null;
  readonly approvals: readonly Approval[];
  readonly approvedAt: string | null;
  readonly rejectionReason: string | null;
  readonly paymentDate: string | null;
  readonly paymentMethod: string | null;
  readonly paidAt: string | null;
  /** Sum of supplier credit applied (decimal string). */
  readonly amountCredited: string;
  /** Sum paid so far: by hand, or by a run's transfer the bank confirmed (decimal string; absent in older records). */
  readonly amountPaid?: string;
  /**
   * Each change of `amountPaid` and `amountCredited`, with when it counts, so that what the bill owed on any past
   * day can be told (aged payables). Absent in records written before it: their sums date from `paidAt`.
   */
  readonly settlements?: readonly BillSettlement[];
}

/** One change of what was paid or credited on a bill (a reversed credit is negative). */
export interface BillSettlement {
  /** When it counts: the bank's booking date for a run's confirmed transfer, else the instant it was recorded. */
  readonly at: string;
  readonly paid: string;
  readonly credited: string;
}

/**
 * `next` with its change of paid and credited amounts against `before` recorded as a settlement at `at` (nothing
 * recorded when neither changed).
 */
export const withSettlement = (before: BillLifecycle, next: BillLifecycle, at: string): BillLifecycle => {
  const paid = subtractAmounts(next.amountPaid ?? "0", before.amountPaid ?? "0");
  const credited = subtractAmounts(next.amountCredited, before.amountCredited);
  if (isZeroAmount(paid) && isZeroAmount(credited)) return next;
  return { ...next, settlements: [...(before.settlements ?? []), { at, paid, credited }] };
};

/** A lifecycle with nothing in it yet. */
export const emptyLifecycle = (
  bill: { readonly id: string; readonly clientId: string; readonly organisationId: string },
  supplierId: string | null,
): BillLifecycle => ({
  billId: bill.id,
  clientId: bill.clientId,
  organisationId: bill.organisationId,
  supplierId,
  decision: null,
  approvals: [],
  approvedAt: null,
  rejectionReason: null,
  paymentDate: null,
  paymentMethod: null,
  paidAt: null,
  amountCredited: "0",
  amountPaid: "0",
});
