import * as t from "io-ts";
import { BankDetailsView } from "../bank-details/views.js";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Uuid } from "../shared/codecs/uuid.js";

const text = nullable(t.string);

/** A supplier as the API answers it. */
export const SupplierView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    name: t.string,
    taxNumber: text,
    email: text,
    address: text,
    bankDetails: nullable(BankDetailsView),
    bankDetailsStatus: documented(nullable(oneOf(["Confirmed", "Unconfirmed"] as const, "BankDetailsStatus")), {
      description: "Null without an account; only a Confirmed account is paid (dual control).",
    }),
    bankDetailsProposedBy: nullable(ActorCodec),
    bankDetailsProposedAt: nullable(IsoDateTime),
    bankDetailsConfirmedBy: nullable(ActorCodec),
    bankDetailsConfirmedAt: nullable(IsoDateTime),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Supplier",
);
export type SupplierJson = t.TypeOf<typeof SupplierView>;

/** One entry of a supplier's history (GET /v1/suppliers/{id}/history). */
export const SupplierHistoryEntryView = t.type(
  {
    id: Uuid,
    type: documented(t.string, {
      description: "`supplier.bank_details_changed` or `supplier.bank_details_confirmed`.",
    }),
    occurredAt: IsoDateTime,
    actor: ActorCodec,
    details: documented(t.record(t.string, t.unknown), { description: "The event's data beyond the supplier." }),
  },
  "SupplierHistoryEntry",
);
