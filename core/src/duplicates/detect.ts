import type { Bill, DuplicateBasis } from "../bills/model.js";
import { normalisedOrNull, normaliseInvoiceNumber, normaliseSupplierName } from "../bills/normalise.js";

/** A duplicate found for a bill: the earlier bill, how it matched, and whether it is the very same file. */
export interface DuplicateFound {
  readonly duplicateOfBillId: string;
  readonly matchBasis: DuplicateBasis;
  readonly sameFile: boolean;
}

/** The normalised keys a bill is compared by. */
export const duplicateKeys = (bill: Bill) => ({
  supplierId: bill.supplierId,
  supplierName: normalisedOrNull(bill.fields.supplierName, normaliseSupplierName),
  invoiceNumber: normalisedOrNull(bill.fields.invoiceNumber, normaliseInvoiceNumber),
  sha256: bill.document.sha256,
});

/** How two bills' suppliers and numbers match: SupplierId (stronger), SupplierName (weaker) or not at all. */
const supplierBasis = (bill: Bill, other: Bill): DuplicateBasis | undefined => {
  const a = duplicateKeys(bill);
  const b = duplicateKeys(other);
  if (a.invoiceNumber === null || a.invoiceNumber !== b.invoiceNumber) return undefined;
  if (a.supplierId !== null && a.supplierId === b.supplierId) return "SupplierId";
  if (a.supplierName !== null && a.supplierName === b.supplierName) return "SupplierName";
  return undefined;
};

/**
 * The strongest duplicate of `bill` among earlier bills: a SupplierId match beats a SupplierName match, which
 * beats an identical file alone; among equals the oldest wins. An identical file whose supplier comparison
 * finds nothing is a duplicate on the basis its suppliers have in common (SupplierId when both name the same
 * supplier record, else SupplierName), flagged `sameFile`.
 */
export const detectDuplicate = (bill: Bill, candidates: readonly Bill[]): DuplicateFound | undefined => {
  const earlier = candidates
    .filter((c) => c.id !== bill.id && c.id < bill.id && c.state !== "Voided")
    .sort((x, y) => (x.id < y.id ? -1 : 1));
  const found = (other: Bill, matchBasis: DuplicateBasis): DuplicateFound => ({
    duplicateOfBillId: other.id,
    matchBasis,
    sameFile: other.document.sha256 === bill.document.sha256,
  });
  for (const wanted of ["SupplierId", "SupplierName"] as const) {
    const hit = earlier.find((c) => supplierBasis(bill, c) === wanted);
    if (hit !== undefined) return found(hit, wanted);
  }
  const sameFile = earlier.find((c) => c.document.sha256 === bill.document.sha256);
  if (sameFile === undefined) return undefined;
  const basis = bill.supplierId !== null && bill.supplierId === sameFile.supplierId ? "SupplierId" : "SupplierName";
  return found(sameFile, basis);
};
