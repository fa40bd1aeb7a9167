import { normalisedOrNull, normaliseSupplierName, normaliseTaxNumber } from "../../bills/normalise.js";
import type { Suppliers } from "../../ports/suppliers.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";

/**
 * The supplier record an extracted supplier is: first by tax number (a registration number is exact), then by
 * normalised name; the oldest record when several share the key, undefined when none does.
 */
export const matchSupplier = async (
  suppliers: Suppliers,
  scope: OrgScope,
  extracted: { readonly supplierName: string | null; readonly supplierTaxNumber: string | null },
): Promise<Supplier | undefined> => {
  const tax = normalisedOrNull(extracted.supplierTaxNumber, normaliseTaxNumber);
  if (tax !== null) {
    const [byTax] = await suppliers.withTaxNumber(scope, tax);
    if (byTax !== undefined) return byTax;
  }
  const name = normalisedOrNull(extracted.supplierName, normaliseSupplierName);
  if (name === null) return undefined;
  const [byName] = await suppliers.withName(scope, name);
  return byName;
};
