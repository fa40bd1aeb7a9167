import * as t from "io-ts";
import { closedType } from "../../shared/codecs/closed-type.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";

/** The most bills one request puts into payment runs. */
export const MAX_RUN_BILLS = 500;

/** The body of POST /v1/payment-runs: the bills by id, or every one due by a date (exactly one of the two). */
export const CreatePaymentRunBody = closedType(
  {},
  {
    billIds: documented(t.readonlyArray(Uuid), {
      description: `Approved or Scheduled bills to pay (1 to ${MAX_RUN_BILLS}).`,
      minItems: 1,
      maxItems: MAX_RUN_BILLS,
    }),
    dueBy: documented(IsoDate, {
      description:
        "Every Approved bill due by this date and every Scheduled bill whose payment date is by it (at most 500).",
    }),
    executionDate: documented(IsoDate, { description: "When the bank is to pay (default today; not in the past)." }),
    debtorIban: documented(NonEmptyTrimmedString(42), {
      description: "Which of the organisation's bank accounts (its seller identity's) pays; default the first one.",
    }),
  },
  "CreatePaymentRunBody",
);
export type CreatePaymentRunBody = t.TypeOf<typeof CreatePaymentRunBody>;

/** The body of POST /v1/payment-runs/{id}/bills/{billId}/return: why the bank gave the transfer back. */
export const ReturnPaymentBody = closedType({ reason: NonEmptyTrimmedString(500) }, {}, "ReturnPaymentBody");
export type ReturnPaymentBody = t.TypeOf<typeof ReturnPaymentBody>;

/** The body of POST /v1/bank-statements/{id}/entries/{entryId}/match: the invoice an unmatched credit paid. */
export const MatchEntryBody = closedType({ invoiceId: Uuid }, {}, "MatchEntryBody");
export type MatchEntryBody = t.TypeOf<typeof MatchEntryBody>;
