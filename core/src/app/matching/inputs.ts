import * as t from "io-ts";
import { RESOLUTION_DECISIONS } from "../../matching/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { MoneyAmount } from "../../shared/money.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const oneOf = <S extends string>(values: readonly S[], name: string) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<S, null>, name);

const Line = t.intersection([
  t.type({ description: NonEmptyTrimmedString(1000), quantity: MoneyAmount }),
  t.partial({
    // A line read back from GET carries its id; the body may echo it (lines keep their ids by position).
    id: documented(t.unknown, { type: "string", format: "uuid", readOnly: true }),
    sku: nullable(NonEmptyTrimmedString(100)),
    unitPrice: nullable(MoneyAmount),
  }),
]);

const Lines = t.readonlyArray(Line);

/** The body of POST /v1/purchase-orders. */
export const PurchaseOrderBody = t.intersection([
  t.type({ number: NonEmptyTrimmedString(100), lines: Lines }),
  t.partial({
    supplierId: nullable(Uuid),
    currency: nullable(CurrencyCode),
    status: oneOf(["Draft", "Open"] as const, "PurchaseOrderStatus"),
  }),
]);
export type PurchaseOrderBody = t.TypeOf<typeof PurchaseOrderBody>;

/** The body of PATCH /v1/purchase-orders/{id}: any of the fields. */
export const PurchaseOrderPatch = t.partial({
  number: NonEmptyTrimmedString(100),
  lines: Lines,
  supplierId: nullable(Uuid),
  currency: nullable(CurrencyCode),
  status: oneOf(["Draft", "Open"] as const, "PurchaseOrderStatus"),
});
export type PurchaseOrderPatch = t.TypeOf<typeof PurchaseOrderPatch>;

/** The body of POST and PUT /v1/delivery-notes. */
export const DeliveryNoteBody = t.intersection([
  t.type({ number: NonEmptyTrimmedString(100), lines: Lines }),
  t.partial({ supplierId: nullable(Uuid), purchaseOrderId: nullable(Uuid), receivedDate: nullable(IsoDate) }),
]);
export type DeliveryNoteBody = t.TypeOf<typeof DeliveryNoteBody>;

/** The body of POST /v1/match-groups. */
export const MatchGroupBody = t.intersection([
  t.type({ billId: Uuid }),
  t.partial({
    purchaseOrderIds: documented(t.readonlyArray(Uuid), {
      description: "Default: the order numbered as the bill's purchaseOrderNumber.",
    }),
    deliveryNoteIds: t.readonlyArray(Uuid),
  }),
]);
export type MatchGroupBody = t.TypeOf<typeof MatchGroupBody>;

const LineNumber = withSchema(
  t.refinement(t.Int, (n) => n >= 1 && n <= 10000, "BillLine"),
  { minimum: 1, maximum: 10000 },
);

/** The body of POST /v1/match-groups/{id}/allocations. */
export const AllocationBody = t.intersection([
  t.type({ billLine: LineNumber, quantity: MoneyAmount }),
  t.partial({ purchaseOrderLineId: nullable(Uuid), deliveryNoteLineId: nullable(Uuid) }),
]);
export type AllocationBody = t.TypeOf<typeof AllocationBody>;

/** The body of POST /v1/match-groups/{id}/resolutions. */
export const ResolutionBody = t.type({
  billLine: LineNumber,
  decision: oneOf(RESOLUTION_DECISIONS, "ResolutionDecision"),
  reason: NonEmptyTrimmedString(1000),
});
export type ResolutionBody = t.TypeOf<typeof ResolutionBody>;

const Severity = oneOf(["Warn", "Block"] as const, "Severity");
const Percent = MoneyAmount;

/** The members of an organisation's tolerances. */
const TOLERANCE_MEMBERS = {
  pricePercent: Percent,
  priceAbsolute: MoneyAmount,
  priceSeverity: Severity,
  quantityOverPercent: Percent,
  quantityUnderPercent: Percent,
  quantitySeverity: Severity,
  rounding: MoneyAmount,
  roundingSeverity: Severity,
  notReceivedSeverity: Severity,
  overBilledSeverity: Severity,
};
const TOLERANCES_DESCRIPTION = {
  description:
    "A price variance needs the unit price above the order's by more than both pricePercent and priceAbsolute.",
};

/** The body of PUT /v1/match-tolerances (every member; absent ones take the defaults; unknown ones are refused). */
export const TolerancesBody = documented(closedType({}, TOLERANCE_MEMBERS, "TolerancesBody"), TOLERANCES_DESCRIPTION);
/** An organisation's tolerances as the API answers them: every member. */
export const TolerancesView = documented(t.exact(t.type(TOLERANCE_MEMBERS), "Tolerances"), TOLERANCES_DESCRIPTION);
export type TolerancesBody = t.TypeOf<typeof TolerancesBody>;
