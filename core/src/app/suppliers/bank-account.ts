import * as E from "fp-ts/lib/Either.js";
import { destinationKey, maskedDestination } from "../../bank-details/destination.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import type { Actor } from "../../events/envelope.js";
import type { BankDetails } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";

// Dual control on a supplier's bank account (SAP's confirmation of sensitive vendor fields, Odoo's trusted
// accounts): a new account is a proposal until a person other than its proposer confirms it, and only a
// confirmed account is paid.

/**
 * The supplier with `details` as its account: another destination than before is a proposal by `actor`,
 * unconfirmed; the same destination (a new holder name or BIC) keeps its proposal and confirmation; none clears
 * both.
 */
export const withBankDetails = (supplier: Supplier, details: BankDetails | null, actor: Actor, now: Date): Supplier => {
  if (details === null)
    return { ...supplier, bankDetails: null, bankDetailsProposed: null, bankDetailsConfirmed: null };
  if (supplier.bankDetails !== null && destinationKey(details) === destinationKey(supplier.bankDetails))
    return { ...supplier, bankDetails: details };
  return { ...supplier, bankDetails: details, bankDetailsProposed: { actor, at: now }, bankDetailsConfirmed: null };
};

/**
 * A bill's valid bank details become its supplier's proposed account when the supplier has none (a first bill
 * names where it is paid), proposed by `actor`: the one who uploaded the document, or the person who corrected
 * it. A supplier with an account keeps it: a bill never replaces it (the flag `bankDetailsChanged` says so).
 */
export const proposeBillAccount = async (
  s: Pick<Stores, "suppliers">,
  scope: OrgScope,
  matched: Pick<Supplier, "id" | "bankDetails"> | undefined,
  details: BankDetails | null,
  actor: Actor,
  now: Date,
): Promise<void> => {
  if (matched === undefined || matched.bankDetails !== null || destinationKey(details) === null) return;
  const verdict = validateBankDetails(details as BankDetails);
  if (!verdict.isValid) return;
  const supplier = await s.suppliers.ofIdForUpdate(scope, matched.id);
  if (supplier === undefined || supplier.bankDetails !== null) return;
  await s.suppliers.update({ ...withBankDetails(supplier, verdict.canonical, actor, now), updatedAt: now });
};

/** A supplier whose account a second person has confirmed. */
export type ConfirmedPayee = Supplier & { readonly bankDetails: BankDetails };

const unconfirmed = (detail: string): DomainError => conflict("BankDetails.Unconfirmed", detail);

/**
 * Where a bill is paid: its supplier's confirmed account, the only one apar pays. Otherwise the 409
 * `BankDetails.Unconfirmed` saying what is missing and what to do (a bill without a supplier record, a supplier
 * without an account, an account nobody has confirmed yet). The approval into payment, scheduling, payment runs
 * and marking paid all ask here first.
 */
export const confirmedPayee = async (
  s: Pick<Stores, "suppliers">,
  scope: OrgScope,
  bill: { readonly id: string; readonly supplierId: string | null },
): Promise<E.Either<DomainError, ConfirmedPayee>> => {
  const supplier = bill.supplierId === null ? undefined : await s.suppliers.ofId(scope, bill.supplierId);
  if (supplier === undefined)
    return E.left(
      unconfirmed(
        `Bill ${bill.id} has no supplier record, so no confirmed account to pay: choose its supplier (PATCH /v1/bills/${bill.id} with supplierId) and have a second person confirm that supplier's bank details.`,
      ),
    );
  const { bankDetails } = supplier;
  if (bankDetails === null)
    return E.left(
      unconfirmed(
        `Supplier "${supplier.name}" (${supplier.id}) of bill ${bill.id} has no bank account: add one (PATCH /v1/suppliers/${supplier.id}) and have a second person confirm it.`,
      ),
    );
  if (supplier.bankDetailsConfirmed === null)
    return E.left(
      unconfirmed(
        `The bank account of supplier "${supplier.name}" (${supplier.id}) ending ${maskedDestination(bankDetails).accountEnding ?? "?"} is not confirmed, so bill ${bill.id} cannot be paid to it: an Approver or administrator other than the person who proposed it confirms it (POST /v1/suppliers/${supplier.id}/bank-details/confirm).`,
      ),
    );
  return E.right({ ...supplier, bankDetails });
};
