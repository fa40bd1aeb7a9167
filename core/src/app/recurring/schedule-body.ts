import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { CADENCES } from "../../recurring/cadence.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { codec } from "../../shared/codecs/failure.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { LineItemBody } from "../invoices/invoice-bodies.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

const intIn = (name: string, min: number, max: number) =>
  withSchema(
    codec<number>(
      name,
      (u): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max,
      (u) =>
        Number.isInteger(u) && (u as number) >= min && (u as number) <= max
          ? { ok: u as number }
          : { code: "range", message: `must be a whole number from ${min} to ${max}` },
    ),
    { type: "integer", minimum: min, maximum: max },
  );

const LineItems = withSchema(
  codec<readonly LineItemBody[]>(
    "LineItems",
    (u): u is readonly LineItemBody[] => Array.isArray(u) && u.every((l) => LineItemBody.is(l)),
    (u) => {
      if (!Array.isArray(u) || u.length < 1 || u.length > 200) {
        return { code: "lines", message: "must be 1 to 200 line items, as an invoice takes them" };
      }
      const bad = u.findIndex((l) => E.isLeft(LineItemBody.decode(l)));
      return bad === -1
        ? { ok: u as readonly LineItemBody[] }
        : { code: "lines", message: `line ${bad + 1} is not a line item as POST /v1/invoices takes it` };
    },
  ),
  (toSchema) => ({
    type: "array",
    minItems: 1,
    maxItems: 200,
    items: { ...toSchema(LineItemBody), description: "A line item as POST /v1/invoices takes it." },
  }),
);

const Cadence = t.keyof(Object.fromEntries(CADENCES.map((c) => [c, null])) as Record<(typeof CADENCES)[number], null>);

const TEMPLATE = {
  memo: nullable(NonEmptyTrimmedString(2000)),
  dueDays: documented(intIn("DueDays", 0, 365), { default: 30 }),
  currency: nullable(CurrencyCode),
};
const END = {
  endDate: documented(nullable(IsoDate), { description: "Inclusive; null: no end date." }),
  totalOccurrences: documented(nullable(intIn("TotalOccurrences", 1, 1000)), { description: "Null: until stopped." }),
};
const START_DATE = documented(IsoDate, {
  description: "The first occurrence's date (today or later, in the organisation's zone).",
});
const AUTO_SEND = documented(t.boolean, { description: "False (the default): occurrences stay drafts." });

/** The body of POST /v1/recurring-invoices. */
export const CreateScheduleBody = closedType(
  { customerId: Uuid, cadence: Cadence, startDate: START_DATE, lineItems: LineItems },
  { ...TEMPLATE, ...END, autoSend: AUTO_SEND },
  "CreateRecurringInvoice",
);
export type CreateScheduleBody = t.TypeOf<typeof CreateScheduleBody>;

/** The body of PATCH /v1/recurring-invoices/{id}: the members given change. */
export const UpdateScheduleBody = closedType(
  {},
  {
    customerId: Uuid,
    cadence: Cadence,
    startDate: START_DATE,
    lineItems: LineItems,
    ...TEMPLATE,
    ...END,
    autoSend: AUTO_SEND,
  },
  "UpdateRecurringInvoice",
);
export type UpdateScheduleBody = t.TypeOf<typeof UpdateScheduleBody>;
