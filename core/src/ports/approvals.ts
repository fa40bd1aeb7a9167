import type { ApprovalLink } from "../approvals/approval-links.js";
import type { ApprovalPolicy, BillLifecycle } from "../approvals/model.js";
import type { OrgScope } from "../shared/scope.js";

/** Approval policies of an organisation. */
export interface ApprovalPolicies {
  add(policy: ApprovalPolicy): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<ApprovalPolicy | undefined>;
  /** Every policy of the organisation, in priority order (then oldest first). */
  list(scope: OrgScope): Promise<readonly ApprovalPolicy[]>;
  /** Writes every field but the id, scope and creation time. */
  update(policy: ApprovalPolicy): Promise<void>;
  /** Answers false when there was no such policy. */
  remove(scope: OrgScope, id: string): Promise<boolean>;
}

/** What happened to bills after review, one record per bill. */
export interface BillLifecycles {
  ofBill(scope: OrgScope, billId: string): Promise<BillLifecycle | undefined>;
  ofBills(scope: OrgScope, billIds: readonly string[]): Promise<readonly BillLifecycle[]>;
  /** Inserts or replaces the record of its bill. */
  save(lifecycle: BillLifecycle): Promise<void>;
  /**
   * Holds the bill's row until the unit of work ends (SELECT ... FOR UPDATE on MySQL; SQLite and memory
   * units of work already run one at a time), so that concurrent moves of one bill queue and see each other.
   */
  lockBill(scope: OrgScope, billId: string): Promise<void>;
  /** How many bills of the supplier were ever approved in the organisation. */
  approvedCount(scope: OrgScope, supplierId: string): Promise<number>;
}

/** Public approval links, by the hash of their token. */
export interface ApprovalLinks {
  add(link: ApprovalLink): Promise<void>;
  ofHash(tokenHash: string): Promise<ApprovalLink | undefined>;
  /** Marks an unused link used; answers false when it was already used (two racing uses: one wins). */
  markUsed(tokenHash: string, at: Date): Promise<boolean>;
  /** Ends every unused link of a bill (of one approver when given). */
  revokeForBill(scope: OrgScope, billId: string, at: Date, userId?: string): Promise<void>;
}
