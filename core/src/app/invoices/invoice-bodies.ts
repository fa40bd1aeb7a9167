import * as t from "io-ts";
import { REMINDER_OFFSETS, TAX_CATEGORIES, type TaxCategory } from "../../invoices/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { codec } from "../../shared/codecs/failure.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { AMOUNT_PATTERN, compareAmounts, parseAmount } from "../../shared/money.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

const bounded = (name: string, min: string, max: string | null, minInclusive: boolean, say: string) =>
  withSchema(
    codec(
      name,
      (u): u is string => typeof u === "string",
      (u) => {
        const parsed = parseAmount(u);
        if (parsed._tag === "Left") return { code: "amount", message: parsed.left };
        const low = compareAmounts(parsed.right, min);
        if (low < 0 || (low === 0 && !minInclusive) || (max !== null && compareAmounts(parsed.right, max) > 0)) {
          return { code: "range", message: say };
        }
        return { ok: parsed.right };
      },
    ),
    {
      type: "string",
      pattern: AMOUNT_PATTERN,
      description: `Decimal amount written as a string; ${say.replace("must be ", "")}.`,
    },
  );

/** A quantity: a decimal string above zero. */
export const Quantity = bounded("Quantity", "0", null, false, "must be above zero");
/** A unit price: a decimal string, zero or more. */
export const UnitPrice = bounded("UnitPrice", "0", null, true, "must be zero or more");
/** A percentage (discount, tax rate): 0 to 100. */
export const Percent = bounded("Percent", "0", "100", true, "must be between 0 and 100");
/** A payment or credit amount: above zero. */
export const PositiveAmount = bounded("PositiveAmount", "0", null, false, "must be above zero");

/** One line of an invoice body. With a productId, description, unit price and tax rate default to the product's. */
export const LineItemBody = closedType(
  {},
  {
    productId: documented(nullable(Uuid), { description: "Fills description, unit price and tax rate" }),
    description: NonEmptyTrimmedString(1000),
    quantity: documented(Quantity, { description: "Decimal amount written as a string; above zero; default 1." }),
    unitPrice: UnitPrice,
    discountPercent: Percent,
    taxRate: Percent,
    taxCategory: t.keyof(
      Object.fromEntries(TAX_CATEGORIES.map((c) => [c, null])) as Record<TaxCategory, null>,
      "TaxCategory",
    ),
    taxExemptionReason: nullable(NonEmptyTrimmedString(300)),
  },
  "LineItem",
);
export type LineItemBody = t.TypeOf<typeof LineItemBody>;

const EDITABLE = {
  currency: documented(CurrencyCode, { description: "ISO 4217; default the customer's" }),
  issueDate: documented(IsoDate, { description: "Default today in the organisation's time zone" }),
  dueDate: documented(IsoDate, {
    description:
      "Default: the issue date plus the customer's paymentTermsDays, else the seller identity's defaultPaymentTermsDays, else the client's settings.defaultPaymentTermsDays, else 30 days",
  }),
  memo: nullable(NonEmptyTrimmedString(2000)),
  lineItems: t.readonlyArray(LineItemBody),
};

/** The body of POST /v1/invoices: a draft. */
export const CreateInvoiceBody = closedType({ customerId: Uuid }, EDITABLE, "CreateInvoice");
export type CreateInvoiceBody = t.TypeOf<typeof CreateInvoiceBody>;

/** The body of PATCH /v1/invoices/{id}: the members given change; `lineItems` replaces every line. */
export const UpdateInvoiceBody = closedType({}, { customerId: Uuid, ...EDITABLE }, "UpdateInvoice");
export type UpdateInvoiceBody = t.TypeOf<typeof UpdateInvoiceBody>;

/** The body of POST /v1/invoices/{id}/send (optional): the reminder offsets chosen for this invoice. */
export const SendInvoiceBody = closedType(
  {},
  {
    reminderOffsets: nullable(
      t.readonlyArray(
        t.keyof(
          Object.fromEntries(REMINDER_OFFSETS.map((o) => [o, null])) as Record<(typeof REMINDER_OFFSETS)[number], null>,
        ),
      ),
    ),
  },
  "SendInvoice",
);
export type SendInvoiceBody = t.TypeOf<typeof SendInvoiceBody>;

/** The body of POST /v1/invoices/{id}/void. */
export const VoidInvoiceBody = closedType({}, { reason: nullable(NonEmptyTrimmedString(1000)) }, "VoidInvoice");

/** The body of POST /v1/invoices/{id}/payments: a manually recorded payment. */
export const RecordPaymentBody = closedType(
  {
    amount: documented(PositiveAmount, {
      description: "Decimal amount written as a string; above zero, at most the outstanding amount.",
    }),
    paidAt: documented(t.union([IsoDate, IsoDateTime]), { description: "A date or a date-time" }),
  },
  {
    notes: nullable(t.string),
    method: nullable(NonEmptyTrimmedString(64)),
    reference: nullable(NonEmptyTrimmedString(200)),
  },
  "RecordPayment",
);
export type RecordPaymentBody = t.TypeOf<typeof RecordPaymentBody>;

/** The body of POST /v1/invoices/{invoiceId}/credit-notes. */
export const CreateCreditNoteBody = closedType(
  { amount: PositiveAmount },
  { reason: nullable(NonEmptyTrimmedString(1000)), invoiceLineItemId: nullable(Uuid) },
  "CreateCreditNote",
);
export type CreateCreditNoteBody = t.TypeOf<typeof CreateCreditNoteBody>;
