import * as t from "io-ts";
import { nullable } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
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
/** A customer as the API answers it. */
export const CustomerView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    name: t.string,
    email: nullable(t.string),
    address: nullable(t.string),
    taxNumber: nullable(t.string),
    country: documented(nullable(t.string), { description: "ISO 3166-1 alpha-2" }),
    currency: documented(nullable(t.string), { description: "Default currency of new invoices" }),
    paymentTermsDays: documented(nullable(Integer), {
      description:
        "Days from issue to due of new invoices; null: the seller identity's defaultPaymentTermsDays, else 30",
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "Customer",
);

export const customerJson = (c: Customer): t.TypeOf<typeof CustomerView> => ({
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
