// The request bodies of the bill routes: decoded with these codecs, documented from them.
import * as t from "io-ts";
import { nullable } from "../../shared/codecs/combinators.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { MoneyAmount } from "../../shared/money.js";

/** The body of POST /v1/bills/{id}/void (optional). */
export const VoidBillBody = t.partial({
  reason: nullable(
    withSchema(
      t.refinement(t.string, (s) => [...s].length <= 1000, "VoidReason"),
      { maxLength: 1000 },
    ),
  ),
});
/** The body of POST /v1/bills/{id}/reject. */
export const RejectBillBody = t.type({ reason: NonEmptyTrimmedString(1000) });
/** The body of POST /v1/bills/{id}/return-to-review: why the approved, scheduled or part-paid bill goes back to review. */
export const ReturnToReviewBody = t.type({
  reason: documented(NonEmptyTrimmedString(1000), { description: "Why the bill goes back to review." }),
});
/**
 * The body of POST /v1/bills/{id}/mark-paid: why the bill was paid outside a run, the payment's reference, and
 * optionally the amount paid (part of what is due; without it, all of it).
 */
export const MarkPaidBody = t.intersection([
  t.type({
    reason: documented(NonEmptyTrimmedString(500), { description: "Why it was paid outside a payment run." }),
    reference: documented(NonEmptyTrimmedString(200), {
      description: "The payment's reference at the bank (or the cheque number, the receipt), for the audit trail.",
    }),
  }),
  t.partial({
    amount: documented(MoneyAmount, {
      description:
        "The amount paid (above zero, at most the amountDue, in the currency's minor units). Less than due leaves the bill PartiallyPaid; absent, the whole amount due is paid.",
    }),
  }),
]);
/** The body of POST /v1/bills/{id}/schedule-payment. */
export const ScheduleBillBody = t.type({ paymentDate: IsoDate, paymentMethod: NonEmptyTrimmedString(100) });
