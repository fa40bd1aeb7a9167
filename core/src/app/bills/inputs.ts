// The request bodies of the bill routes: decoded with these codecs, documented from them.
import * as t from "io-ts";
import { nullable } from "../../shared/codecs/combinators.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";

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
/** The body of POST /v1/bills/{id}/return-to-review: why the approved or scheduled bill goes back to review. */
export const ReturnToReviewBody = t.type({
  reason: documented(NonEmptyTrimmedString(1000), { description: "Why the bill goes back to review." }),
});
/** The body of POST /v1/bills/{id}/mark-paid: why the bill was paid outside a run, and the payment's reference. */
export const MarkPaidBody = t.type({
  reason: documented(NonEmptyTrimmedString(500), { description: "Why it was paid outside a payment run." }),
  reference: documented(NonEmptyTrimmedString(200), {
    description: "The payment's reference at the bank (or the cheque number, the receipt), for the audit trail.",
  }),
});
/** The body of POST /v1/bills/{id}/schedule-payment. */
export const ScheduleBillBody = t.type({ paymentDate: IsoDate, paymentMethod: NonEmptyTrimmedString(100) });
