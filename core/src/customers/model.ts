import type { Currency } from "../shared/currencies.js";

/** A customer of an organisation: who its invoices are addressed to. */
export interface Customer {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly name: string;
  readonly email: string | null;
  readonly address: string | null;
  readonly taxNumber: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string | null;
  /** The currency new invoices for this customer default to. */
  readonly currency: Currency | null;
  /** Days from issue to due of new invoices for this customer; null: the seller identity's default. */
  readonly paymentTermsDays: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A customer's JSON. */
export const customerJson = (c: Customer) => ({
  id: c.id,
  organisationId: c.organisationId,
  name: c.name,
  email: c.email,
  address: c.address,
  taxNumber: c.taxNumber,
  country: c.country,
  currency: c.currency,
  // Customers stored before terms existed have none.
  paymentTermsDays: c.paymentTermsDays ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
