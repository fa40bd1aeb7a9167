import type { Actor } from "../events/envelope.js";
import type { BankDetails } from "../extraction/model.js";
import type { SupplierJson } from "./views.js";

/** Who did something to a supplier's account, and when. */
export interface BankDetailsAct {
  readonly actor: Actor;
  readonly at: Date;
}

/** Whether a supplier's account may be paid: Confirmed by a second person, or Unconfirmed (null: no account). */
export type BankDetailsStatus = "Confirmed" | "Unconfirmed";

/** A supplier of an organisation: who sends its bills. */
export interface Supplier {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly name: string;
  readonly taxNumber: string | null;
  readonly email: string | null;
  readonly address: string | null;
  readonly bankDetails: BankDetails | null;
  /**
   * Who proposed the current account (set, changed, or read from a bill) and when; null without an account, and
   * for an account stored before dual control (its proposer is not known).
   */
  readonly bankDetailsProposed: BankDetailsAct | null;
  /** Who confirmed the current account and when: a person other than its proposer. Null while unconfirmed. */
  readonly bankDetailsConfirmed: BankDetailsAct | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The status of a supplier's account: null without one; Confirmed once a second person confirmed it. */
export const bankDetailsStatus = (
  s: Pick<Supplier, "bankDetails" | "bankDetailsConfirmed">,
): BankDetailsStatus | null =>
  s.bankDetails === null ? null : s.bankDetailsConfirmed === null ? "Unconfirmed" : "Confirmed";

/** A supplier's JSON. */
export const supplierJson = (s: Supplier): SupplierJson => ({
  id: s.id,
  organisationId: s.organisationId,
  name: s.name,
  taxNumber: s.taxNumber,
  email: s.email,
  address: s.address,
  bankDetails: s.bankDetails,
  bankDetailsStatus: bankDetailsStatus(s),
  bankDetailsProposedBy: s.bankDetailsProposed?.actor ?? null,
  bankDetailsProposedAt: s.bankDetailsProposed?.at.toISOString() ?? null,
  bankDetailsConfirmedBy: s.bankDetailsConfirmed?.actor ?? null,
  bankDetailsConfirmedAt: s.bankDetailsConfirmed?.at.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
