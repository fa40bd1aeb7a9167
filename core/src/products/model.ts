import type { Currency } from "../shared/currencies.js";
import { wireAmount } from "../shared/money.js";

/** A product or service an organisation sells: the defaults of an invoice line. */
export interface Product {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly name: string;
  readonly description: string | null;
  readonly sku: string | null;
  readonly unitPrice: string;
  readonly currency: Currency | null;
  /** Tax rate in percent. */
  readonly taxRate: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A product's JSON. */
export const productJson = (p: Product) => ({
  id: p.id,
  organisationId: p.organisationId,
  name: p.name,
  description: p.description,
  sku: p.sku,
  unitPrice: wireAmount(p.unitPrice, p.currency),
  currency: p.currency,
  taxRate: p.taxRate,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
