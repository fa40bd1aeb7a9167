import type { Allocation, DeliveryNote, OrderLine, PurchaseOrder, Suggestion } from "./model.js";
import { descriptionSimilarity, MATCH_THRESHOLD, SUGGEST_THRESHOLD } from "./similarity.js";

/** A bill line as matching reads it. */
export interface BillLineInput {
  readonly description: string;
  readonly quantity: string | null;
  readonly unitPrice: string | null;
  readonly amount: string | null;
}

const hasSku = (description: string, sku: string | null): boolean =>
  sku !== null &&
  sku.trim() !== "" &&
  description
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .includes(sku.trim().toLowerCase());

/** How well a bill line fits an order line: 1 for its sku in the description, else description similarity. */
const fit = (line: BillLineInput, orderLine: OrderLine): number =>
  hasSku(line.description, orderLine.sku) ? 1 : descriptionSimilarity(line.description, orderLine.description);

/** The receipt line of an order line: same sku, else the most similar description (within the notes given). */
const receiptOf = (
  po: PurchaseOrder,
  orderLine: OrderLine,
  notes: readonly DeliveryNote[],
): { note: DeliveryNote; line: OrderLine } | undefined => {
  let best: { note: DeliveryNote; line: OrderLine; score: number } | undefined;
  for (const note of notes) {
    if (note.purchaseOrderId !== null && note.purchaseOrderId !== po.id) continue;
    for (const line of note.lines) {
      const score =
        orderLine.sku !== null && line.sku !== null && orderLine.sku.toLowerCase() === line.sku.toLowerCase()
          ? 1
          : descriptionSimilarity(orderLine.description, line.description);
      if (score >= MATCH_THRESHOLD && (best === undefined || score > best.score)) best = { note, line, score };
    }
  }
  return best;
};

/**
 * Matches bill lines to order lines (sku in the description, else description similarity) and those to
 * receipt lines. A line fitting well is allocated; a line fitting only a little gets suggestions instead.
 * Each order line takes at most one bill line here (people allocate the rest).
 */
export const autoMatch = (
  billLines: readonly BillLineInput[],
  orders: readonly PurchaseOrder[],
  notes: readonly DeliveryNote[],
  newId: () => string,
): { allocations: Allocation[]; suggestions: Suggestion[] } => {
  const taken = new Set<string>();
  const allocations: Allocation[] = [];
  const suggestions: Suggestion[] = [];
  billLines.forEach((line, i) => {
    const candidates = orders
      .flatMap((po) => po.lines.map((orderLine) => ({ po, orderLine, score: fit(line, orderLine) })))
      .filter((c) => !taken.has(c.orderLine.id))
      .sort((a, b) => b.score - a.score);
    const best = candidates[0];
    if (best === undefined || best.score < SUGGEST_THRESHOLD) return;
    if (best.score < MATCH_THRESHOLD) {
      for (const c of candidates.filter((c) => c.score >= SUGGEST_THRESHOLD).slice(0, 3))
        suggestions.push({
          billLine: i + 1,
          purchaseOrderId: c.po.id,
          purchaseOrderLineId: c.orderLine.id,
          score: Math.round(c.score * 100) / 100,
        });
      return;
    }
    taken.add(best.orderLine.id);
    const receipt = receiptOf(best.po, best.orderLine, notes);
    allocations.push({
      id: newId(),
      billLine: i + 1,
      purchaseOrderId: best.po.id,
      purchaseOrderLineId: best.orderLine.id,
      deliveryNoteId: receipt?.note.id ?? null,
      deliveryNoteLineId: receipt?.line.id ?? null,
      quantity: line.quantity ?? best.orderLine.quantity,
      source: "auto",
    });
  });
  return { allocations, suggestions };
};
