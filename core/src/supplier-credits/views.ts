import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { MoneyAmount } from "../shared/money.js";
import { SUPPLIER_CREDIT_STATUSES } from "./model.js";

const Amount = documented(MoneyAmount, { pattern: "^-?\\d{1,20}(\\.\\d{1,10})?$" });

/** Part of a supplier credit note set against a bill, as the API answers it. */
export const CreditApplicationView = t.type(
  {
    id: Uuid,
    billId: Uuid,
    amount: Amount,
    status: oneOf(["Applied", "Reversed"] as const, "CreditApplicationStatus"),
    appliedAt: IsoDateTime,
    reversedAt: nullable(IsoDateTime),
    actor: ActorCodec,
  },
  "CreditApplication",
);

/** A supplier credit note as the API answers it and events carry it. */
export const SupplierCreditNoteView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    supplierId: Uuid,
    number: nullable(t.string),
    currency: t.string,
    amount: Amount,
    amountApplied: Amount,
    amountRemaining: Amount,
    reason: nullable(t.string),
    issueDate: nullable(IsoDate),
    status: oneOf(SUPPLIER_CREDIT_STATUSES, "SupplierCreditStatus"),
    applications: t.readonlyArray(CreditApplicationView),
    issuedAt: nullable(IsoDateTime),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "SupplierCreditNote",
);
export type SupplierCreditNoteJson = t.TypeOf<typeof SupplierCreditNoteView>;
