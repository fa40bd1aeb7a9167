import { compareAmounts, isZeroAmount, subtractAmounts, sumAmounts } from "../shared/money.js";
import type { SupplierCreditNote, SupplierCreditStatus } from "./model.js";

/** The credit applied and not reversed. */
export const appliedAmount = (note: Pick<SupplierCreditNote, "applications">): string =>
  sumAmounts(note.applications.filter((a) => a.status === "Applied").map((a) => a.amount));

/** What is left to apply. */
export const remainingAmount = (note: Pick<SupplierCreditNote, "amount" | "applications">): string =>
  subtractAmounts(note.amount, appliedAmount(note));

/** The status an issued note has with its applications: Issued, PartiallyApplied or Applied. */
export const issuedStatus = (note: Pick<SupplierCreditNote, "amount" | "applications">): SupplierCreditStatus => {
  const applied = appliedAmount(note);
  if (isZeroAmount(applied)) return "Issued";
  return compareAmounts(applied, note.amount) >= 0 ? "Applied" : "PartiallyApplied";
};

/**
 * Why `amount` cannot be applied now, or undefined: never more than the note has left, nor more than the
 * bill still owes.
 */
export const applicationProblem = (
  note: Pick<SupplierCreditNote, "amount" | "applications">,
  amount: string,
  billOwes: string,
): string | undefined => {
  if (compareAmounts(amount, "0") <= 0) return "The amount must be above zero.";
  const left = remainingAmount(note);
  if (compareAmounts(amount, left) > 0) return `The credit note has ${left} left to apply.`;
  if (compareAmounts(amount, billOwes) > 0) return `The bill owes ${billOwes}.`;
  return undefined;
};
