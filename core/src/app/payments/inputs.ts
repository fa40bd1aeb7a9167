import * as t from "io-ts";
import { closedType } from "../../shared/codecs/closed-type.js";
import { intIn } from "../../shared/codecs/combinators.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { MoneyAmount } from "../../shared/money.js";

/** The most bills one request puts into payment runs. */
export const MAX_RUN_BILLS = 500;

/** One bill of a run with the amount to pay of it (part of what it owes, or all of it). */
const RunBill = closedType(
  {
    billId: Uuid,
    amount: documented(MoneyAmount, {
      description: "What to pay of the bill: above zero, at most its amount due, in its currency's minor units.",
    }),
  },
  {},
  "RunBill",
);

/**
 * The body of POST /v1/payment-runs: the bills by id (each for its amount due), the bills with an amount each, or
 * every one due by a date (exactly one of the three).
 */
export const CreatePaymentRunBody = closedType(
  {},
  {
    billIds: documented(t.readonlyArray(Uuid), {
      description: `Approved, Scheduled or PartiallyPaid bills to pay (1 to ${MAX_RUN_BILLS}): each for its amount due.`,
      minItems: 1,
      maxItems: MAX_RUN_BILLS,
    }),
    bills: documented(t.readonlyArray(RunBill), {
      description: `Bills with the amount to pay of each (1 to ${MAX_RUN_BILLS}): a run may pay part of a bill, which is PartiallyPaid once the bank confirms it.`,
      minItems: 1,
      maxItems: MAX_RUN_BILLS,
    }),
    dueBy: documented(IsoDate, {
      description:
        "Every Approved or PartiallyPaid bill due by this date and every Scheduled bill whose payment date is by it (at most 500).",
    }),
    executionDate: documented(IsoDate, {
      description:
        "When the bank is to pay (not in the past). Default: each bill's scheduled payment date (one run per date and currency), else today.",
    }),
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

/** The body of POST /v1/payment-runs/{id}/reject: why the run is not to be paid. */
export const RejectPaymentRunBody = closedType({ reason: NonEmptyTrimmedString(500) }, {}, "RejectPaymentRunBody");
export type RejectPaymentRunBody = t.TypeOf<typeof RejectPaymentRunBody>;

/** The most approvals a run can need (more people than an organisation has would block its payments for good). */
export const MAX_RUN_APPROVALS = 5;

const Approvals = documented(intIn(1, MAX_RUN_APPROVALS, "ApprovalsRequired"), {
  description: `Different people (never the proposer) who approve a run before its file is released (1 to ${MAX_RUN_APPROVALS}).`,
});

/** The body of PUT /v1/payment-run-settings: approvals for every run, and more for runs from a control sum up. */
export const PaymentRunSettingsBody = closedType(
  { approvalsRequired: Approvals },
  {
    bands: documented(
      t.readonlyArray(
        closedType(
          {
            currency: CurrencyCode,
            minControlSum: documented(MoneyAmount, {
              description: "Runs in the currency whose control sum is at least this.",
            }),
            approvalsRequired: Approvals,
          },
          {},
          "PaymentRunApprovalBand",
        ),
      ),
      { description: "Runs a band covers need its approvals when that is more (bands only raise).", maxItems: 20 },
    ),
  },
  "PaymentRunSettingsBody",
);
export type PaymentRunSettingsBody = t.TypeOf<typeof PaymentRunSettingsBody>;

/** The body of POST /v1/bank-statements/{id}/entries/{entryId}/match: the invoice an unmatched credit paid. */
export const MatchEntryBody = closedType({ invoiceId: Uuid }, {}, "MatchEntryBody");
export type MatchEntryBody = t.TypeOf<typeof MatchEntryBody>;
