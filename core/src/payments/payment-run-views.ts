import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { CurrencyCode } from "../shared/currencies.js";
import { MoneyAmount } from "../shared/money.js";
import { PAYMENT_ITEM_STATUSES, type PaymentRun } from "./payment-run.js";
import { PAYMENT_RUN_STATUSES } from "./payment-run-machine.js";

/** A run's amounts: decimal strings, never negative. */
const Amount = documented(MoneyAmount, { pattern: "^\\d{1,20}(\\.\\d{1,10})?$" });
const text = nullable(t.string);

/** An account a run pays from or to. */
export const PaymentAccountView = t.intersection(
  [
    t.type({ name: t.string, iban: text, accountNumber: text, bic: text, country: text }),
    t.partial({
      clearing: documented(nullable(t.type({ system: t.string, memberId: t.string })), {
        description:
          "The bank's clearing system member id: a sort code under GBDSC, an ABA routing number under USABA.",
      }),
    }),
  ],
  "PaymentAccount",
);

/** Who did something to a run, and when. */
const ActView = t.type({ actor: ActorCodec, at: IsoDateTime }, "PaymentRunAct");

/** One bill paid by a run. */
export const PaymentRunItemView = t.type(
  {
    billId: Uuid,
    endToEndId: documented(t.string, {
      description: "The bill id without dashes; the bank's statement carries it back.",
    }),
    supplierName: t.string,
    amount: Amount,
    creditor: PaymentAccountView,
    reference: text,
    status: oneOf(PAYMENT_ITEM_STATUSES, "PaymentItemStatus"),
    returnReason: text,
  },
  "PaymentRunItem",
);

/** A payment run as the API answers it. */
export const PaymentRunView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    status: documented(oneOf(PAYMENT_RUN_STATUSES, "PaymentRunStatus"), {
      description:
        "Proposed (waiting for approvals), Approved (its file may be released), InProgress (released: its transfers " +
        "are at the bank), Completed (the bank answered every one), Rejected (its bills went back).",
    }),
    currency: CurrencyCode,
    executionDate: IsoDate,
    debtorAccount: PaymentAccountView,
    messageId: t.string,
    numberOfTransactions: Integer,
    controlSum: Amount,
    items: t.readonlyArray(PaymentRunItemView),
    proposedBy: documented(nullable(ActorCodec), {
      description: "Who proposed the run (null for runs made before proposals).",
    }),
    approvalsRequired: documented(Integer, { description: "Different people, never the proposer, who must approve." }),
    approvals: t.readonlyArray(ActView),
    released: documented(nullable(ActView), { description: "The first download of the file, or null." }),
    rejected: documented(nullable(t.type({ actor: ActorCodec, at: IsoDateTime, reason: t.string })), {
      description: "Who rejected the run, when and why, or null.",
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "PaymentRun",
);
export type PaymentRunJson = t.TypeOf<typeof PaymentRunView>;

/** An organisation's payment run approval settings as the API shows them. */
export const PaymentRunSettingsView = t.type(
  {
    approvalsRequired: Integer,
    bands: t.readonlyArray(t.type({ currency: t.string, minControlSum: Amount, approvalsRequired: Integer })),
    isDefault: documented(t.boolean, { description: "True until an administrator chose." }),
  },
  "PaymentRunSettings",
);

/** A run's JSON view (amounts are decimal strings at the currency's minor unit). */
export const paymentRunJson = (run: PaymentRun): PaymentRunJson => ({
  id: run.id,
  organisationId: run.organisationId,
  status: run.status,
  currency: run.currency,
  executionDate: run.executionDate,
  debtorAccount: run.debtor,
  messageId: run.messageId,
  numberOfTransactions: run.items.length,
  controlSum: run.controlSum,
  items: run.items.map(({ held: _held, ...item }) => item),
  proposedBy: run.proposedBy,
  approvalsRequired: run.approvalsRequired,
  approvals: run.approvals,
  released: run.released,
  rejected: run.rejected,
  createdAt: run.createdAt.toISOString(),
  updatedAt: run.updatedAt.toISOString(),
});
