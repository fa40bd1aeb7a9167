import { destinationKey, maskedDestination } from "../../bank-details/destination.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { BankDetails } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import type { Clock } from "../../shared/clock.js";
import type { Ids } from "../../shared/ids.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";

/** How many of a supplier's most recent paid bills count as accounts the organisation has paid it at. */
export const PAID_ACCOUNTS_LOOKBACK = 50;

/** A bill's bank details compared with the accounts its supplier is known by. */
export interface DestinationCheck {
  /** True when the details name an account that is neither the supplier's stored one nor one it was paid at. */
  readonly changed: boolean;
  /** The account the supplier is known by (its stored one, else the latest paid), for the event. */
  readonly known: BankDetails | null;
}

/**
 * The fraud signal of a bill: its bank details send money to an account the supplier is not known by. Known
 * accounts are the supplier's stored account and those its paid bills went to; with none known (a first bill, a
 * supplier without an account) nothing is a change, and a bill without a supplier record has nothing to compare.
 */
export const checkDestination = async (
  s: Pick<Stores, "bills">,
  scope: OrgScope,
  supplier: Pick<Supplier, "id" | "bankDetails"> | null | undefined,
  details: BankDetails | null,
): Promise<DestinationCheck> => {
  const key = destinationKey(details);
  if (supplier === null || supplier === undefined || key === null) return { changed: false, known: null };
  const paid = await s.bills.paidBankDetails(scope, supplier.id, PAID_ACCOUNTS_LOOKBACK);
  const known = [supplier.bankDetails, ...paid].filter((d): d is BankDetails => destinationKey(d) !== null);
  return { changed: known.length > 0 && !known.some((d) => destinationKey(d) === key), known: known[0] ?? null };
};

/** `supplier.bank_details_changed`: where the supplier's money went before and where it would go now. */
export const bankDetailsChangedEvent = (
  deps: { readonly ids: Ids; readonly clock: Clock },
  scope: OrgScope,
  actor: Actor,
  supplier: Pick<Supplier, "id" | "name">,
  previous: BankDetails | null,
  current: BankDetails | null,
  billId?: string,
): OutboxEvent =>
  makeEvent({
    ids: deps.ids,
    clock: deps.clock,
    type: "supplier.bank_details_changed",
    clientId: scope.clientId,
    organisationId: scope.organisationId,
    actor,
    data: {
      supplier: { id: supplier.id, name: supplier.name },
      previous: maskedDestination(previous),
      current: maskedDestination(current),
      ...(billId === undefined ? {} : { bill: { id: billId } }),
    },
  });
