import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import type { BillJson } from "../../bills/bill-view.js";
import { canonicalFields } from "../../bills/canonical-fields.js";
import { BANK_LIMITS, billAmountErrors, FIELD_LIMITS } from "../../bills/field-limits.js";
import { EMPTY_BANK_DETAILS, type SupplierEvidence } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { ExtractedFields } from "../../extraction/model.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { IsoDate } from "../../shared/codecs/iso-date.js";
import { NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { CurrencyCode } from "../../shared/currencies.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import { MoneyAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { proposeBillAccount } from "../suppliers/bank-account.js";
import { bankDetailsChangedEvent, checkDestination } from "../suppliers/bank-change.js";
import { matchSupplier } from "../suppliers/match-supplier.js";
import type { BillDeps } from "./deps.js";
import { moveBill } from "./move-bill.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const Text = (max: number) => nullable(NonEmptyTrimmedString(max));

const LineItem = closedType(
  { description: t.string },
  { quantity: nullable(MoneyAmount), unitPrice: nullable(MoneyAmount), amount: nullable(MoneyAmount) },
  "LineItem",
);

const BankDetailsPatch = closedType(
  {},
  {
    accountHolderName: Text(BANK_LIMITS.accountHolderName),
    accountNumber: Text(BANK_LIMITS.accountNumber),
    sortCode: Text(BANK_LIMITS.sortCode),
    routingNumber: Text(BANK_LIMITS.routingNumber),
    iban: Text(BANK_LIMITS.iban),
    bicSwift: Text(BANK_LIMITS.bicSwift),
    country: nullable(t.string),
    currency: nullable(CurrencyCode),
  },
  "BankDetails",
);

/** The body of PATCH /v1/bills/{id}: any of the extracted fields (null clears one), and the supplier record. */
export const BillPatch = closedType(
  {},
  {
    supplierId: nullable(Uuid),
    supplierName: Text(FIELD_LIMITS.supplierName),
    invoiceNumber: Text(FIELD_LIMITS.invoiceNumber),
    currency: nullable(CurrencyCode),
    totalAmount: nullable(MoneyAmount),
    lineItems: t.array(LineItem),
    invoiceDate: nullable(IsoDate),
    dueDate: nullable(IsoDate),
    subTotal: nullable(MoneyAmount),
    taxAmount: nullable(MoneyAmount),
    supplierTaxNumber: Text(FIELD_LIMITS.supplierTaxNumber),
    bankDetails: nullable(BankDetailsPatch),
    purchaseOrderNumber: Text(FIELD_LIMITS.purchaseOrderNumber),
    paymentTerms: Text(FIELD_LIMITS.paymentTerms),
    paymentRef: Text(FIELD_LIMITS.paymentRef),
  },
  "BillPatch",
);
export type BillPatch = t.TypeOf<typeof BillPatch>;

export interface UpdateBillInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly patch: BillPatch;
}

/**
 * Corrects a bill's fields in PendingReview (409 naming the state otherwise): the fields given change, a
 * person's value counts as certain (field confidence 1), and `bill.updated` is recorded. Without an explicit
 * supplierId, a changed supplier name or tax number is matched to a supplier record again. Valid bank details of
 * a bill whose supplier has no account become that supplier's proposed account, proposed by the corrector.
 */
export const updateBill =
  (deps: BillDeps) =>
  (input: UpdateBillInput): TE.TaskEither<DomainError, BillJson> =>
  () =>
    deps.db.run((s) =>
      moveBill(deps, s, {
        ...input,
        trigger: "update",
        plan: async (_s, bill) => {
          const { supplierId, bankDetails, lineItems, ...rest } = input.patch;
          if (supplierId !== undefined && supplierId !== null) {
            if ((await s.suppliers.ofId(input.scope, supplierId.toLowerCase())) === undefined)
              return E.left(
                validationError([
                  {
                    field: "supplierId",
                    code: "not_found",
                    message: "supplierId is not a supplier of this organisation",
                  },
                ]),
              );
          }
          const fields: ExtractedFields = canonicalFields({
            ...bill.fields,
            ...rest,
            ...(lineItems === undefined
              ? {}
              : {
                  lineItems: lineItems.map((l) => ({
                    description: l.description,
                    quantity: l.quantity ?? null,
                    unitPrice: l.unitPrice ?? null,
                    amount: l.amount ?? null,
                  })),
                }),
            ...(bankDetails === undefined
              ? {}
              : {
                  bankDetails:
                    bankDetails === null ? null : { ...EMPTY_BANK_DETAILS, ...bill.fields.bankDetails, ...bankDetails },
                }),
          });
          const refused = billAmountErrors(fields);
          if (refused.length > 0) return E.left(validationError(refused));
          const named = Object.keys(input.patch).filter((k) => k !== "supplierId");
          const supplierChanged = "supplierName" in input.patch || "supplierTaxNumber" in input.patch;
          const rematched = supplierChanged ? await matchSupplier(s.suppliers, input.scope, fields) : undefined;
          const matched =
            supplierId !== undefined
              ? (supplierId?.toLowerCase() ?? null)
              : supplierChanged
                ? (rematched?.supplier.id ?? null)
                : bill.supplierId;
          const evidence: SupplierEvidence | null =
            supplierId !== undefined
              ? supplierId === null
                ? null
                : { basis: "person", value: null }
              : supplierChanged
                ? (rematched?.evidence ?? null)
                : bill.supplierEvidence;
          // A correction of the account or of the supplier checks the destination again: a person's account that
          // the supplier is known by clears the flag; a new one keeps (or sets) it, with its event when it is set.
          const recheck = bankDetails !== undefined || matched !== bill.supplierId;
          const supplier = matched === null ? undefined : await s.suppliers.ofId(input.scope, matched);
          const check = recheck ? await checkDestination(s, input.scope, supplier, fields.bankDetails) : undefined;
          const flagged = check?.changed ?? bill.bankDetailsChanged;
          // A supplier without an account takes the corrected (or newly matched) bill's as its proposal.
          if (recheck && !flagged)
            await proposeBillAccount(s, input.scope, supplier, fields.bankDetails, input.actor, deps.clock.now());
          return E.right({
            bill: {
              fields,
              supplierId: matched,
              supplierEvidence: evidence,
              fieldConfidence: { ...bill.fieldConfidence, ...Object.fromEntries(named.map((k) => [k, 1])) },
              bankDetailsChanged: flagged,
            },
            ...(flagged && !bill.bankDetailsChanged && supplier !== undefined
              ? {
                  otherEvents: [
                    bankDetailsChangedEvent(
                      deps,
                      input.scope,
                      input.actor,
                      supplier,
                      check?.known ?? null,
                      fields.bankDetails,
                      bill.id,
                    ),
                  ],
                }
              : {}),
          });
        },
      }),
    );
