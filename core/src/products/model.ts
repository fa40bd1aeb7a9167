import * as t from "io-ts";
import { nullable } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Uuid } from "../shared/codecs/uuid.js";
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
/** A product as the API answers it. */
export const ProductView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    name: t.string,
    description: nullable(t.string),
    sku: nullable(t.string),
    unitPrice: documented(t.string, { description: "Decimal amount" }),
    currency: nullable(t.string),
    taxRate: documented(t.string, { description: "Percent" }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Product",
);

export const productJson = (p: Product): t.TypeOf<typeof ProductView> => ({
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
