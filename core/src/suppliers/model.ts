import type { BankDetails } from "../extraction/model.js";

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
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A supplier's JSON. */
export const supplierJson = (s: Supplier) => ({
  id: s.id,
  organisationId: s.organisationId,
  name: s.name,
  taxNumber: s.taxNumber,
  email: s.email,
  address: s.address,
  bankDetails: s.bankDetails,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
