import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { NonEmptyTrimmedString } from "../shared/codecs/strings.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { CurrencyCode } from "../shared/currencies.js";
import { MoneyAmount } from "../shared/money.js";
import { DOCUMENT_STATUSES, MATCH_STATUSES, type MatchGroup, VARIANCE_TYPES } from "./model.js";

/** A line of a purchase order or delivery note as views show it. */
export const OrderLineView = t.type(
  {
    id: documented(Uuid, { readOnly: true }),
    sku: nullable(NonEmptyTrimmedString(100)),
    description: NonEmptyTrimmedString(1000),
    quantity: MoneyAmount,
    unitPrice: documented(nullable(MoneyAmount), { description: "Null on delivery notes that carry no prices." }),
  },
  "OrderLine",
);

const documentMembers = {
  id: Uuid,
  organisationId: Uuid,
  number: NonEmptyTrimmedString(100),
  supplierId: nullable(Uuid),
  status: oneOf(DOCUMENT_STATUSES, "DocumentStatus"),
  lines: t.readonlyArray(OrderLineView),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
};

/** A purchase order as the API answers it. */
export const PurchaseOrderView = t.type({ ...documentMembers, currency: nullable(CurrencyCode) }, "PurchaseOrder");

/** A delivery note as the API answers it. */
export const DeliveryNoteView = t.type(
  { ...documentMembers, purchaseOrderId: nullable(Uuid), receivedDate: nullable(IsoDate) },
  "DeliveryNote",
);

/** A difference between bill, order and receipt, computed when the group is read. */
export const VarianceView = t.type(
  {
    billLine: Integer,
    type: oneOf(VARIANCE_TYPES, "VarianceType"),
    severity: oneOf(["Warn", "Block"] as const, "Severity"),
    expected: t.string,
    actual: t.string,
    detail: t.string,
    resolved: documented(t.boolean, { description: "True when a resolution (other than Dispute) covers the line." }),
  },
  "Variance",
);

const Entries = t.readonlyArray(t.record(t.string, t.unknown));

/** A match group as GET /v1/match-groups/{id} answers it: its documents' lines and its variances. */
export const MatchGroupView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    billId: Uuid,
    status: oneOf(MATCH_STATUSES, "MatchStatus"),
    billLines: Entries,
    purchaseOrders: t.readonlyArray(PurchaseOrderView),
    deliveryNotes: t.readonlyArray(DeliveryNoteView),
    allocations: Entries,
    suggestions: Entries,
    resolutions: Entries,
    variances: t.readonlyArray(VarianceView),
    synced: documented(nullable(t.type({ at: IsoDateTime, actor: ActorCodec, exportId: nullable(Uuid) })), {
      description:
        "When, by whom and through which export (null: synced directly) the group became Synced; null until then.",
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "MatchGroup",
);

/** A match group as its list shows it: which bill and where it stands (the whole group is GET /v1/match-groups/{id}). */
export const MatchGroupSummaryView = t.type(
  {
    id: Uuid,
    billId: Uuid,
    status: oneOf(MATCH_STATUSES, "MatchStatus"),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "MatchGroupSummary",
);

export const matchGroupSummary = (g: MatchGroup): t.TypeOf<typeof MatchGroupSummaryView> => ({
  id: g.id,
  billId: g.billId,
  status: g.status,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
