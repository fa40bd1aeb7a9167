import type { Actor } from "../events/envelope.js";
import { wireAmount } from "../shared/money.js";

/** Purchase order and delivery note statuses (the hosted service's names). */
export const DOCUMENT_STATUSES = ["Draft", "Open", "PartiallyMatched", "FullyMatched", "Closed", "Cancelled"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Match group statuses; Synced is reserved for export to an accounting system. */
export const MATCH_STATUSES = ["Open", "Variance", "Resolved", "Synced"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** A line of a purchase order or delivery note. Quantities and prices are decimal strings. */
export interface OrderLine {
  readonly id: string;
  readonly sku: string | null;
  readonly description: string;
  readonly quantity: string;
  /** Null on delivery notes that carry no prices. */
  readonly unitPrice: string | null;
}

/** What purchase orders and delivery notes share. */
interface MatchingDocument {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  /** Unique per organisation and kind. */
  readonly number: string;
  readonly supplierId: string | null;
  readonly status: DocumentStatus;
  readonly lines: readonly OrderLine[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface PurchaseOrder extends MatchingDocument {
  readonly currency: string | null;
}

/**
 * A purchase order with its lines' prices in the wire form of its currency (else `fallback`'s, e.g. the bill it is
 * matched with): at least the currency's minor digits, more only when the price was given with more (a price per
 * unit, `"0.125"` EUR, keeps its digits). Without any currency a price is written as stored (canonical).
 */
export const purchaseOrderWire = (po: PurchaseOrder, fallback: string | null = null): PurchaseOrder => ({
  ...po,
  lines: po.lines.map((l) => ({ ...l, unitPrice: wireAmount(l.unitPrice, po.currency ?? fallback) })),
});

export interface DeliveryNote extends MatchingDocument {
  readonly purchaseOrderId: string | null;
  readonly receivedDate: string | null;
}

/** Warn records a variance; Block puts the group in Variance. */
export type Severity = "Warn" | "Block";

/** How far a bill may differ from order and receipt before it is a variance; per organisation. */
export interface Tolerances {
  /** Unit price above the order's by more than this percent (and more than `priceAbsolute`). */
  readonly pricePercent: string;
  readonly priceAbsolute: string;
  readonly priceSeverity: Severity;
  /** Billed quantity above the received by more than this percent. */
  readonly quantityOverPercent: string;
  /** Billed quantity below the received by more than this percent. */
  readonly quantityUnderPercent: string;
  readonly quantitySeverity: Severity;
  /** Line amounts may differ from quantity x unit price by this much (rounding). */
  readonly rounding: string;
  readonly roundingSeverity: Severity;
  readonly notReceivedSeverity: Severity;
  readonly overBilledSeverity: Severity;
}

/** Defaults: 2 % or 1.00 on price, exact quantities, a cent of rounding; everything blocks but rounding. */
export const DEFAULT_TOLERANCES: Tolerances = {
  pricePercent: "2",
  priceAbsolute: "1",
  priceSeverity: "Block",
  quantityOverPercent: "0",
  quantityUnderPercent: "0",
  quantitySeverity: "Block",
  rounding: "0.01",
  roundingSeverity: "Warn",
  notReceivedSeverity: "Block",
  overBilledSeverity: "Block",
};

/** A bill line's link to an order line and/or a receipt line, for a quantity. */
export interface Allocation {
  readonly id: string;
  /** 1-based number of the bill's line. */
  readonly billLine: number;
  readonly purchaseOrderId: string | null;
  readonly purchaseOrderLineId: string | null;
  readonly deliveryNoteId: string | null;
  readonly deliveryNoteLineId: string | null;
  readonly quantity: string;
  /** `auto` when matching made it, `manual` when a person did. */
  readonly source: "auto" | "manual";
}

/** A suggestion where matching was unsure (similar descriptions, no sku). */
export interface Suggestion {
  readonly billLine: number;
  readonly purchaseOrderId: string;
  readonly purchaseOrderLineId: string;
  /** 0 to 1. */
  readonly score: number;
}

export const RESOLUTION_DECISIONS = ["Accept", "AcceptAndUpdateCatalog", "RequestCreditNote", "Dispute"] as const;
export type ResolutionDecision = (typeof RESOLUTION_DECISIONS)[number];

/** A person's decision on a bill line's variances. Dispute keeps the line blocking. */
export interface Resolution {
  readonly billLine: number;
  readonly decision: ResolutionDecision;
  readonly reason: string;
  readonly actor: Actor;
  readonly at: string;
}

export const VARIANCE_TYPES = ["Price", "Quantity", "NotReceived", "OverBilled", "Rounding"] as const;
export type VarianceType = (typeof VARIANCE_TYPES)[number];

/** A difference between bill, order and receipt (computed, never stored). */
export interface Variance {
  readonly billLine: number;
  readonly type: VarianceType;
  readonly severity: Severity;
  readonly expected: string;
  readonly actual: string;
  readonly detail: string;
  /** True when a resolution (other than Dispute) covers the line. */
  readonly resolved: boolean;
}

/** A bill with the purchase orders and delivery notes it is matched against. */
export interface MatchGroup {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly billId: string;
  readonly purchaseOrderIds: readonly string[];
  readonly deliveryNoteIds: readonly string[];
  readonly allocations: readonly Allocation[];
  readonly suggestions: readonly Suggestion[];
  readonly resolutions: readonly Resolution[];
  /** As of the last change (variances are recomputed when read). */
  readonly status: MatchStatus;
  /** When, by whom and through which export of the books the group was synced (absent until it is). */
  readonly synced?: SyncRecord;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How a match group came to be Synced: an acknowledged export of the books (its id), or a caller saying so. */
export interface SyncRecord {
  readonly at: string;
  readonly actor: Actor;
  /** The export whose acknowledgement synced it; null when a caller synced the group itself. */
  readonly exportId: string | null;
}
