import * as t from "io-ts";
import type { BillLifecycle } from "../approvals/model.js";
import { BillLifecycleView } from "../approvals/views.js";
import { destinationKey } from "../bank-details/destination.js";
import { validateBankDetails } from "../bank-details/validate.js";
import { BankDetailsView } from "../bank-details/views.js";
import { type BankDetails, READER_KINDS } from "../extraction/model.js";
import { creditorAccount, routeOf } from "../payments/rails.js";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Fraction, Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { CurrencyCode, isCurrency } from "../shared/currencies.js";
import { isoInstant } from "../shared/instant.js";
import {
  addAmounts,
  isDecimalString,
  MoneyAmount,
  normalizeAmount,
  subtractAmounts,
  wireAmount,
} from "../shared/money.js";
import { BILL_STATES, type Bill, DUPLICATE_MATCH_BASES, SUPPLIER_EVIDENCE_BASES } from "./model.js";

const text = nullable(t.string);
const amount = nullable(MoneyAmount);
const date = nullable(IsoDate);

/** A line of a bill's JSON. */
export const LineItemView = t.type({ description: t.string, quantity: amount, unitPrice: amount, amount }, "LineItem");
/** A line of a bill's JSON (a type alias, not an interface: event codecs take it as a record). */
export type LineItemJson = t.TypeOf<typeof LineItemView>;

/** What is wrong with a bill's bank details: a check's code (`modulus_check`, `unroutable`...), its field, in words. */
export const BankDetailsProblemView = t.exact(
  t.type({ code: t.string, field: nullable(t.string), message: t.string }),
  "BankDetailsProblem",
);
export type BankDetailsProblem = t.TypeOf<typeof BankDetailsProblemView>;

/** A bill's members as the API shows them, with the codec of its organisation (a company's waiting bill has none). */
export const billMembers = <O extends t.Mixed>(organisationId: O) => ({
  id: Uuid,
  organisationId,
  state: oneOf(BILL_STATES, "BillState"),
  supplierId: nullable(Uuid),
  supplierName: text,
  invoiceNumber: text,
  currency: nullable(CurrencyCode),
  totalAmount: amount,
  lineItems: t.readonlyArray(LineItemView),
  confidence: nullable(Fraction),
  fieldConfidence: nullable(t.record(t.string, t.number)),
  reader: nullable(oneOf(READER_KINDS, "ReaderKind")),
  invoiceDate: date,
  dueDate: date,
  subTotal: amount,
  taxAmount: amount,
  supplierTaxNumber: text,
  bankDetails: nullable(BankDetailsView),
  purchaseOrderNumber: text,
  paymentTerms: text,
  paymentRef: text,
  duplicateOfBillId: nullable(Uuid),
  duplicateMatchBasis: nullable(oneOf(DUPLICATE_MATCH_BASES, "DuplicateMatchBasis")),
  bankDetailsChanged: documented(t.boolean, {
    description:
      "The bank details name an account the supplier is not known by (neither its stored account nor one its paid bills went to): a fraud signal, for review.",
  }),
  bankDetailsProblem: documented(nullable(BankDetailsProblemView), {
    description:
      "Why the bill's bank details cannot be paid as they are, checked whenever the bill is shown: a failing check (`code` as in POST /bank-details/validate, with its `field`) or `unroutable` (no payment rail apar writes for the account in the bill's currency, e.g. a SWIFT transfer without the BIC). Null when nothing is wrong or there is no account.",
  }),
  voidReason: text,
  readFailure: nullable(t.type({ reason: t.string, detail: t.string })),
  document: t.type({ filename: text, mediaType: t.string, size: Integer }),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});

/**
 * What named a bill's supplier. Optional in the codec so that bill.* events recorded before it decode; every view
 * made now gives it.
 */
export const SupplierEvidencePart = t.partial({
  supplierEvidence: documented(
    nullable(t.type({ basis: oneOf(SUPPLIER_EVIDENCE_BASES, "SupplierEvidenceBasis"), value: text })),
    {
      description:
        "What named `supplierId`: the supplier's tax number (`taxNumber`: read as the supplier's or a VAT number on the page), a company `registration`, an `iban`, `email` or web `domain` of the supplier printed on the page, its `name` as printed, a `similarName` (a name close to this supplier's and no other's), or a `person`'s choice; `value` is what on the page matched (null for a person). Null without a supplier.",
    },
  ),
});

/** A bill as GET /v1/bills/{id} answers it and as bill.* events carry it (the same object). */
export const BillView = t.exact(
  t.intersection([t.type(billMembers(Uuid)), SupplierEvidencePart, BillLifecycleView]),
  "Bill",
);
export type BillJson = t.TypeOf<typeof BillView>;

/**
 * The problem of a bill's bank details, checked whenever the bill is shown (read, corrected, submitted, in its
 * events): the first failing rule check, else, with the bill's currency known, the payment rail's refusal (a
 * transfer apar could not write into a payment file). Null without an account or with nothing wrong.
 */
export const bankDetailsProblem = (details: BankDetails | null, currency: string | null): BankDetailsProblem | null => {
  if (destinationKey(details) === null || details === null) return null;
  // Every bill view asks (a list page of 100 bills asks 100 times, mostly of a few suppliers' accounts), and the
  // checks cost about ten times the rest of the view: answers are kept per account and currency.
  const key = [
    details.iban,
    details.accountNumber,
    details.sortCode,
    details.routingNumber,
    details.country,
    details.bicSwift,
    details.accountHolderName,
    details.currency,
    currency,
  ].join("\u0000");
  const known = PROBLEMS.get(key);
  if (known !== undefined) return known;
  if (PROBLEMS.size >= MAX_KEPT_PROBLEMS) PROBLEMS.clear();
  const problem = checkBankDetails(details, currency);
  PROBLEMS.set(key, problem);
  return problem;
};

/** Answers of `bankDetailsProblem` by account and currency (pure: the same details always have the same answer). */
const PROBLEMS = new Map<string, BankDetailsProblem | null>();
const MAX_KEPT_PROBLEMS = 2048;

const checkBankDetails = (details: BankDetails, currency: string | null): BankDetailsProblem | null => {
  const verdict = validateBankDetails(details);
  const first = verdict.errors[0];
  if (first !== undefined) return { code: first.code, field: first.field, message: first.message };
  if (currency === null) return null;
  const route = routeOf(creditorAccount(details.accountHolderName ?? "", verdict.canonical), currency);
  if (!("refused" in route)) return null;
  const message = `${route.refused.charAt(0).toUpperCase()}${route.refused.slice(1)}.`;
  return { code: "unroutable", field: null, message };
};

/** The JSON of a bill, with what happened to it after review when it has a lifecycle record. */
export const billJson = (bill: Bill, lifecycle?: BillLifecycle | null): BillJson => {
  const f = bill.fields;
  const money = (a: string | null) => wireAmount(a, f.currency);
  return {
    id: bill.id,
    organisationId: bill.organisationId,
    state: bill.state,
    supplierId: bill.supplierId,
    supplierEvidence: bill.supplierEvidence,
    supplierName: f.supplierName,
    invoiceNumber: f.invoiceNumber,
    currency: f.currency !== null && isCurrency(f.currency) ? f.currency : null,
    totalAmount: money(f.totalAmount),
    lineItems: f.lineItems.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: money(l.unitPrice),
      amount: money(l.amount),
    })),
    confidence: bill.confidence,
    fieldConfidence: bill.fieldConfidence,
    reader: bill.reader,
    invoiceDate: f.invoiceDate,
    dueDate: f.dueDate,
    subTotal: money(f.subTotal),
    taxAmount: money(f.taxAmount),
    supplierTaxNumber: f.supplierTaxNumber,
    bankDetails: f.bankDetails,
    purchaseOrderNumber: f.purchaseOrderNumber,
    paymentTerms: f.paymentTerms,
    paymentRef: f.paymentRef,
    duplicateOfBillId: bill.duplicateOfBillId,
    bankDetailsChanged: bill.bankDetailsChanged,
    bankDetailsProblem: bankDetailsProblem(f.bankDetails, f.currency),
    duplicateMatchBasis: bill.duplicateMatchBasis,
    voidReason: bill.voidReason,
    readFailure: bill.readFailure,
    document: { filename: bill.document.filename, mediaType: bill.document.mediaType, size: bill.document.size },
    appliedPolicy: lifecycle?.decision ?? null,
    approvals: lifecycle?.approvals ?? [],
    rejectionReason: lifecycle?.rejectionReason ?? null,
    paymentDate: lifecycle?.paymentDate ?? null,
    paymentMethod: lifecycle?.paymentMethod ?? null,
    paidAt: lifecycle?.paidAt ?? null,
    amountCredited: money(lifecycle?.amountCredited ?? "0") ?? "0",
    amountPaid: money(lifecycle?.amountPaid ?? "0") ?? "0",
    amountDue: OWES_NOTHING.has(bill.state)
      ? money("0")
      : amountDue(f.totalAmount, addAmounts(lifecycle?.amountCredited ?? "0", lifecycle?.amountPaid ?? "0"), money),
    createdAt: isoInstant(bill.createdAt),
    updatedAt: isoInstant(bill.updatedAt),
  };
};

/** States in which a bill owes nothing: paid, or voided (a Rejected bill can be reopened, so it still owes). */
const OWES_NOTHING: ReadonlySet<string> = new Set(["Paid", "Voided"]);

const amountDue = (total: string | null, settled: string, money: (a: string | null) => string | null): string | null =>
  total === null || !isDecimalString(total) ? null : money(notBelowZero(owed(total, settled)));

/** The total less the credit and payments (canonical); most bills have neither, which needs no arithmetic. */
const owed = (total: string, settled: string): string =>
  normalizeAmount(settled) === "0" ? normalizeAmount(total) : subtractAmounts(total, settled);

/** A canonical amount, or "0" when it is negative (a canonical amount is negative exactly when it starts "-"). */
const notBelowZero = (amount: string): string => (amount.startsWith("-") ? "0" : amount);
