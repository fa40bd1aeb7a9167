import { destinationKey } from "../../bank-details/destination.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import type { BillJson } from "../../bills/bill-view.js";
import type { Actor } from "../../events/envelope.js";
import type { BankDetails } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import type { OrgScope } from "../../shared/scope.js";
import { type BankDetailsStatus, bankDetailsStatus } from "../../suppliers/model.js";

/** Who confirmed an account: a person's name (or the key or system that did), and when. */
export interface AccountConfirmation {
  readonly by: string;
  readonly at: string;
}

/**
 * Where a bill's money would go, as a reviewer or approver must check it: the account of the bill's supplier (the
 * one a payment run pays), whether a second person confirmed it, whether it passes the bank-details checks, and the
 * account read from the bill when that names another destination (`changed`: the bill's `bankDetailsChanged`).
 */
export interface PayeeAccount {
  /** The supplier's name as stored, or null when the bill has no supplier record. */
  readonly supplierName: string | null;
  /** The supplier's account: where a payment goes. Null without a supplier or an account. */
  readonly account: BankDetails | null;
  readonly status: BankDetailsStatus | null;
  readonly confirmed: AccountConfirmation | null;
  /** True when the supplier's account passes the rule checks (IBAN check digits, sort code modulus...). */
  readonly valid: boolean | null;
  /** The account read from the bill, when it is not the supplier's (or the bill has no supplier account). */
  readonly billAccount: BankDetails | null;
  /** The bill's fraud signal: its account is not one the supplier is known by. */
  readonly changed: boolean;
}

const actorName = async (s: Pick<Stores, "users">, clientId: string, actor: Actor): Promise<string> => {
  if (actor.type === "user" && actor.id !== null) return (await s.users.ofId(clientId, actor.id))?.name ?? "a user";
  return actor.type === "api_key" ? "an API key" : "the system";
};

/** The payee account of a bill of the scope (reads only). */
export const payeeAccountOf = async (
  s: Pick<Stores, "suppliers" | "users">,
  scope: OrgScope,
  bill: Pick<BillJson, "supplierId" | "bankDetails" | "bankDetailsChanged">,
): Promise<PayeeAccount> => {
  const supplier = bill.supplierId === null ? undefined : await s.suppliers.ofId(scope, bill.supplierId);
  const account = supplier?.bankDetails ?? null;
  const read = bill.bankDetails;
  const differs = destinationKey(read) !== null && destinationKey(read) !== destinationKey(account);
  const confirmed = supplier?.bankDetailsConfirmed ?? null;
  return {
    supplierName: supplier?.name ?? null,
    account,
    status: supplier === undefined ? null : bankDetailsStatus(supplier),
    confirmed:
      confirmed === null
        ? null
        : { by: await actorName(s, scope.clientId, confirmed.actor), at: confirmed.at.toISOString() },
    valid: account === null ? null : validateBankDetails(account).isValid,
    billAccount: differs ? read : null,
    changed: bill.bankDetailsChanged,
  };
};
