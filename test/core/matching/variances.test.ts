import {
  type Allocation,
  autoMatch,
  type BillLineInput,
  computeVariances,
  DEFAULT_TOLERANCES,
  type DeliveryNote,
  descriptionSimilarity,
  matchStatus,
  type PurchaseOrder,
  type Resolution,
  type Tolerances,
} from "@apar/core";
import test from "ava";

const AT = new Date("2026-01-01T00:00:00Z");
const doc = {
  clientId: "c",
  organisationId: "o",
  supplierId: null,
  status: "Open" as const,
  createdAt: AT,
  updatedAt: AT,
};
const po: PurchaseOrder = {
  ...doc,
  id: "po",
  number: "PO-1",
  currency: "EUR",
  lines: [{ id: "pol", sku: "BOLT-10", description: "Steel bolts 10 mm", quantity: "100", unitPrice: "2.00" }],
};
const dn = (quantity: string): DeliveryNote => ({
  ...doc,
  id: "dn",
  number: "DN-1",
  purchaseOrderId: "po",
  receivedDate: "2026-01-02",
  lines: [{ id: "dnl", sku: "BOLT-10", description: "Steel bolts 10 mm", quantity, unitPrice: null }],
});
const line = (quantity: string, unitPrice: string, amount?: string): BillLineInput => ({
  description: "Steel bolts 10mm BOLT-10",
  quantity,
  unitPrice,
  amount: amount ?? null,
});
const alloc = (over: Partial<Allocation> = {}): Allocation => ({
  id: "a",
  billLine: 1,
  purchaseOrderId: "po",
  purchaseOrderLineId: "pol",
  deliveryNoteId: "dn",
  deliveryNoteLineId: "dnl",
  quantity: "100",
  source: "auto",
  ...over,
});

// Each row: the bill line, what was received, tolerances, billed elsewhere -> the variance types and severities.
const ROWS: [string, BillLineInput, string | null, Partial<Tolerances>, string, string[]][] = [
  ["exact", line("100", "2.00", "200.00"), "100", {}, "0", []],
  ["price within the absolute tolerance", line("100", "2.90"), "100", {}, "0", []],
  ["price beyond both tolerances", line("100", "3.10"), "100", {}, "0", ["Price Block"]],
  ["price beyond percent only (absolute 5)", line("100", "3.10"), "100", { priceAbsolute: "5" }, "0", []],
  ["price as a warning", line("100", "3.10"), "100", { priceSeverity: "Warn" }, "0", ["Price Warn"]],
  ["cheaper than ordered is fine", line("100", "1.00"), "100", {}, "0", []],
  ["billed more than received", line("100", "2.00"), "90", {}, "0", ["Quantity Block"]],
  ["billed less than received", line("80", "2.00"), "90", {}, "0", ["Quantity Block"]],
  ["over within 15 %", line("100", "2.00"), "90", { quantityOverPercent: "15" }, "0", []],
  ["nothing received", line("100", "2.00"), null, {}, "0", ["NotReceived Block"]],
  ["over-billed across bills", line("100", "2.00"), "100", {}, "1", ["OverBilled Block"]],
  ["amount does not add up", line("100", "2.00", "205.00"), "100", {}, "0", ["Rounding Warn"]],
  ["a cent of rounding", line("3", "0.333", "1.00"), "3", { rounding: "0.01" }, "0", []],
];

for (const [name, billLine, received, tolerances, elsewhere, expected] of ROWS) {
  test(`variance: ${name}`, (t) => {
    const allocations = received === null ? [alloc({ deliveryNoteId: null, deliveryNoteLineId: null })] : [alloc()];
    const billedElsewhere = new Map([["pol", elsewhere]]);
    const variances = computeVariances({
      group: { allocations, resolutions: [] },
      billLines: [billLine],
      orders: [po],
      notes: received === null ? [] : [dn(received)],
      tolerances: { ...DEFAULT_TOLERANCES, ...tolerances },
      billedElsewhere,
      currency: "EUR",
    });
    t.deepEqual(
      variances.map((v) => `${v.type} ${v.severity}`),
      expected,
    );
  });
}

test("money variances are written with the bill currency's minor digits, quantities as they are", (t) => {
  const input = (billLine: BillLineInput, currency: string | null) =>
    computeVariances({
      group: { allocations: [alloc({ deliveryNoteId: null, deliveryNoteLineId: null })], resolutions: [] },
      billLines: [billLine],
      orders: [{ ...po, lines: [{ ...(po.lines[0] as PurchaseOrder["lines"][number]), unitPrice: "5" }] }],
      notes: [],
      tolerances: DEFAULT_TOLERANCES,
      billedElsewhere: new Map<string, string>(),
      currency,
    }).map((v) => [v.type, v.expected, v.actual, v.detail]);
  t.deepEqual(input(line("100", "6.5", "650"), "EUR"), [
    ["Price", "5.00", "6.50", "Line 1: unit price 6.50 is above the ordered 5.00."],
    ["NotReceived", "100", "0", "Line 1: nothing received for it."],
  ]);
  // A price per unit keeps the digits it was given; yen have none to pad; a bill not read yet has no currency.
  t.deepEqual(input(line("3", "7.125", "21.375"), "EUR")[0], [
    "Price",
    "5.00",
    "7.125",
    "Line 1: unit price 7.125 is above the ordered 5.00.",
  ]);
  t.deepEqual(input(line("3", "8", "23"), "EUR")[0], [
    "Rounding",
    "24.00",
    "23.00",
    "Line 1: quantity x unit price differs from the amount by 1.00.",
  ]);
  t.deepEqual(input(line("100", "7", "700"), "JPY")[0], [
    "Price",
    "5",
    "7",
    "Line 1: unit price 7 is above the ordered 5.",
  ]);
  t.deepEqual(input(line("100", "7", "700"), null)[0], [
    "Price",
    "5",
    "7",
    "Line 1: unit price 7 is above the ordered 5.",
  ]);
});

const resolution = (decision: Resolution["decision"]): Resolution => ({
  billLine: 1,
  decision,
  reason: "ok",
  actor: { type: "system", id: null },
  at: AT.toISOString(),
});

test("status: Variance while a blocking variance is open; a resolution clears it, a dispute does not", (t) => {
  const input = (resolutions: Resolution[]) => ({
    group: { allocations: [alloc()], resolutions },
    billLines: [line("100", "3.10")],
    orders: [po],
    notes: [dn("100")],
    tolerances: DEFAULT_TOLERANCES,
    billedElsewhere: new Map<string, string>(),
    currency: "EUR",
  });
  const status = (resolutions: Resolution[]) =>
    matchStatus({ allocations: [alloc()], resolutions }, 1, computeVariances(input(resolutions)));
  t.is(status([]), "Variance");
  t.is(status([resolution("Accept")]), "Resolved");
  t.is(status([resolution("RequestCreditNote")]), "Resolved");
  t.is(status([resolution("Dispute")]), "Variance");
  t.is(matchStatus({ allocations: [], resolutions: [] }, 1, []), "Open", "an unallocated line leaves the group Open");
  t.is(matchStatus({ allocations: [alloc()], resolutions: [] }, 1, []), "Resolved");
});

test("auto-match: sku in the description or similar words allocate; a weak fit only suggests", (t) => {
  let n = 0;
  const id = () => `id${++n}`;
  const strong = autoMatch([line("100", "2.00")], [po], [dn("100")], id);
  t.like(strong.allocations[0], {
    billLine: 1,
    purchaseOrderLineId: "pol",
    deliveryNoteLineId: "dnl",
    quantity: "100",
  });
  const similar = autoMatch(
    [{ description: "steel bolts, 10 mm", quantity: "5", unitPrice: null, amount: null }],
    [po],
    [],
    id,
  );
  t.is(similar.allocations.length, 1);
  t.is(similar.allocations[0]?.deliveryNoteLineId, null);
  const weak = autoMatch(
    [{ description: "steel bolts pack of washers", quantity: "1", unitPrice: null, amount: null }],
    [po],
    [],
    id,
  );
  t.deepEqual(weak.allocations, []);
  t.is(weak.suggestions[0]?.purchaseOrderLineId, "pol");
  const none = autoMatch(
    [{ description: "consulting hours", quantity: "1", unitPrice: null, amount: null }],
    [po],
    [],
    id,
  );
  t.deepEqual([none.allocations, none.suggestions], [[], []]);
  t.is(descriptionSimilarity("Steel bolts 10 mm", "steel BOLTS 10 mm"), 1);
});
