import * as t from "io-ts";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { MoneyAmount } from "../../shared/money.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** The body of POST /v1/suppliers/{supplierId}/credit-notes. */
export const SupplierCreditNoteBody = t.intersection([
  t.type({ amount: MoneyAmount, currency: CurrencyCode }),
  t.partial({
    number: nullable(NonEmptyTrimmedString(100)),
    reason: nullable(NonEmptyTrimmedString(1000)),
    issueDate: nullable(IsoDate),
  }),
]);
export type SupplierCreditNoteBody = t.TypeOf<typeof SupplierCreditNoteBody>;

/** The body of POST /v1/supplier-credit-notes/{id}/applications. */
export const SupplierCreditApplicationBody = t.type({ billId: Uuid, amount: MoneyAmount });
export type SupplierCreditApplicationBody = t.TypeOf<typeof SupplierCreditApplicationBody>;
