import type { DeliveryNote, MatchGroup, PurchaseOrder, Tolerances } from "../matching/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Documents of one kind of an organisation, with numbers unique per organisation. */
export interface NumberedDocuments<D> {
  /** Answers false when the number is taken. */
  add(doc: D): Promise<boolean>;
  ofId(scope: OrgScope, id: string): Promise<D | undefined>;
  ofNumber(scope: OrgScope, number: string): Promise<D | undefined>;
  /** Writes every field but the id, scope and creation time; false when the new number is taken. */
  update(doc: D): Promise<boolean>;
  remove(scope: OrgScope, id: string): Promise<boolean>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<D>>;
}

/** Match groups of an organisation; at most one per bill. */
export interface MatchGroups {
  /** Answers false when the bill already has a group. */
  add(group: MatchGroup): Promise<boolean>;
  ofId(scope: OrgScope, id: string): Promise<MatchGroup | undefined>;
  ofBill(scope: OrgScope, billId: string): Promise<MatchGroup | undefined>;
  update(group: MatchGroup): Promise<void>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<MatchGroup>>;
  /** Every group of the organisation that allocates to one of these purchase orders. */
  ofPurchaseOrders(scope: OrgScope, purchaseOrderIds: readonly string[]): Promise<readonly MatchGroup[]>;
}

/** Everything three-way matching keeps. */
export interface MatchingStores {
  readonly purchaseOrders: NumberedDocuments<PurchaseOrder>;
  readonly deliveryNotes: NumberedDocuments<DeliveryNote>;
  readonly matchGroups: MatchGroups;
  readonly tolerances: {
    of(scope: OrgScope): Promise<Tolerances | undefined>;
    put(scope: OrgScope, tolerances: Tolerances): Promise<void>;
  };
}
