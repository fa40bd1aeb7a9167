import {
  absAmount,
  addAmounts,
  compareAmounts,
  multiplyAmount,
  subtractAmounts,
  sumAmounts,
  wireAmount,
} from "../shared/money.js";
import type { BillLineInput } from "./auto-match.js";
import type { DeliveryNote, MatchGroup, MatchStatus, OrderLine, PurchaseOrder, Tolerances, Variance } from "./model.js";

/** What variances are computed from. */
export interface VarianceInput {
  readonly group: Pick<MatchGroup, "allocations" | "resolutions">;
  readonly billLines: readonly BillLineInput[];
  readonly orders: readonly PurchaseOrder[];
  readonly notes: readonly DeliveryNote[];
  readonly tolerances: Tolerances;
  /** Quantity of each order line billed by other bills' match groups (over-billing across bills). */
  readonly billedElsewhere: ReadonlyMap<string, string>;
  /** The bill's currency: price and rounding variances (money) are written in its wire form; null when unread. */
  readonly currency: string | null;
}

// a > b by more than `percent` of b: (a - b) * 100 > b * percent.
const beyondPercent = (a: string, b: string, percent: string): boolean =>
  compareAmounts(multiplyAmount(subtractAmounts(a, b), "100"), multiplyAmount(absAmount(b), percent)) > 0;

const lineOf = (docs: readonly { readonly lines: readonly OrderLine[] }[], id: string | null): OrderLine | undefined =>
  id === null ? undefined : docs.flatMap((d) => d.lines).find((l) => l.id === id);

/**
 * The variances of a match group's bill lines against order and receipt, with the organisation's tolerances:
 * unit price above the order's, billed quantity against the received (over and under), ordered but not
 * received, billed more than ordered across bills, and line amounts that do not add up. Pure.
 */
export const computeVariances = (input: VarianceInput): Variance[] => {
  const { tolerances: tol } = input;
  const money = (amount: string) => wireAmount(amount, input.currency);
  const out: Variance[] = [];
  input.billLines.forEach((line, i) => {
    const n = i + 1;
    const allocations = input.group.allocations.filter((a) => a.billLine === n);
    const resolution = input.group.resolutions.find((r) => r.billLine === n);
    const resolved = resolution !== undefined && resolution.decision !== "Dispute";
    const push = (v: Omit<Variance, "billLine" | "resolved">) => out.push({ ...v, billLine: n, resolved });
    if (line.quantity !== null && line.unitPrice !== null && line.amount !== null) {
      const product = multiplyAmount(line.quantity, line.unitPrice);
      const off = absAmount(subtractAmounts(product, line.amount));
      if (compareAmounts(off, tol.rounding) > 0)
        push({
          type: "Rounding",
          severity: tol.roundingSeverity,
          expected: money(product),
          actual: money(line.amount),
          detail: `Line ${n}: quantity x unit price differs from the amount by ${money(off)}.`,
        });
    }
    if (allocations.length === 0) return;
    const billed = line.quantity ?? sumAmounts(allocations.map((a) => a.quantity));
    const orderLine = lineOf(input.orders, allocations[0]?.purchaseOrderLineId ?? null);
    if (orderLine !== undefined) {
      if (line.unitPrice !== null && orderLine.unitPrice !== null) {
        const diff = subtractAmounts(line.unitPrice, orderLine.unitPrice);
        if (
          compareAmounts(diff, tol.priceAbsolute) > 0 &&
          beyondPercent(line.unitPrice, orderLine.unitPrice, tol.pricePercent)
        )
          push({
            type: "Price",
            severity: tol.priceSeverity,
            expected: money(orderLine.unitPrice),
            actual: money(line.unitPrice),
            detail: `Line ${n}: unit price ${money(line.unitPrice)} is above the ordered ${money(orderLine.unitPrice)}.`,
          });
      }
      const elsewhere = input.billedElsewhere.get(orderLine.id) ?? "0";
      const total = addAmounts(elsewhere, billed);
      if (compareAmounts(total, orderLine.quantity) > 0)
        push({
          type: "OverBilled",
          severity: tol.overBilledSeverity,
          expected: orderLine.quantity,
          actual: total,
          detail: `Line ${n}: ${total} billed across bills for an order line of ${orderLine.quantity}.`,
        });
    }
    const receipts = allocations.map((a) => lineOf(input.notes, a.deliveryNoteLineId)).filter((l) => l !== undefined);
    if (receipts.length === 0) {
      push({
        type: "NotReceived",
        severity: tol.notReceivedSeverity,
        expected: billed,
        actual: "0",
        detail: `Line ${n}: nothing received for it.`,
      });
      return;
    }
    const received = sumAmounts(receipts.map((r) => r.quantity));
    const over = beyondPercent(billed, received, tol.quantityOverPercent);
    const under = beyondPercent(received, billed, tol.quantityUnderPercent);
    if (over || under)
      push({
        type: "Quantity",
        severity: tol.quantitySeverity,
        expected: received,
        actual: billed,
        detail: `Line ${n}: ${billed} billed, ${received} received.`,
      });
  });
  return out;
};

/**
 * A group's status: Variance while a blocking variance is unresolved or a line is disputed; Open while a bill
 * line is neither allocated nor resolved; else Resolved.
 */
export const matchStatus = (
  group: Pick<MatchGroup, "allocations" | "resolutions">,
  billLineCount: number,
  variances: readonly Variance[],
): Exclude<MatchStatus, "Synced"> => {
  if (variances.some((v) => v.severity === "Block" && !v.resolved)) return "Variance";
  if (group.resolutions.some((r) => r.decision === "Dispute")) return "Variance";
  for (let n = 1; n <= billLineCount; n++)
    if (!group.allocations.some((a) => a.billLine === n) && !group.resolutions.some((r) => r.billLine === n))
      return "Open";
  return "Resolved";
};
