import type * as t from "io-ts";
import { codec } from "./codecs/failure.js";
import { withSchema } from "./codecs/json-schema.js";

/**
 * ISO 4217 minor units (the exponent) of every active currency and fund code with a defined exponent.
 * Codes whose minor unit the standard gives as "N.A." (precious metals, XDR, XSU, XUA, test codes) are left
 * out: they are not used to bill anyone. A few codes being phased out (ANG, BGN, CUC, SLL, ZWL) stay listed
 * so that stored documents in them still decode.
 */
// biome-ignore format: a table reads better ten to a line
export const CURRENCY_MINOR_UNITS = {
  AED: 2, AFN: 2, ALL: 2, AMD: 2, ANG: 2, AOA: 2, ARS: 2, AUD: 2, AWG: 2, AZN: 2,
  BAM: 2, BBD: 2, BDT: 2, BGN: 2, BHD: 3, BIF: 0, BMD: 2, BND: 2, BOB: 2, BOV: 2,
  BRL: 2, BSD: 2, BTN: 2, BWP: 2, BYN: 2, BZD: 2, CAD: 2, CDF: 2, CHE: 2, CHF: 2,
  CHW: 2, CLF: 4, CLP: 0, CNY: 2, COP: 2, COU: 2, CRC: 2, CUC: 2, CUP: 2, CVE: 2,
  CZK: 2, DJF: 0, DKK: 2, DOP: 2, DZD: 2, EGP: 2, ERN: 2, ETB: 2, EUR: 2, FJD: 2,
  FKP: 2, GBP: 2, GEL: 2, GHS: 2, GIP: 2, GMD: 2, GNF: 0, GTQ: 2, GYD: 2, HKD: 2,
  HNL: 2, HTG: 2, HUF: 2, IDR: 2, ILS: 2, INR: 2, IQD: 3, IRR: 2, ISK: 0, JMD: 2,
  JOD: 3, JPY: 0, KES: 2, KGS: 2, KHR: 2, KMF: 0, KPW: 2, KRW: 0, KWD: 3, KYD: 2,
  KZT: 2, LAK: 2, LBP: 2, LKR: 2, LRD: 2, LSL: 2, LYD: 3, MAD: 2, MDL: 2, MGA: 2,
  MKD: 2, MMK: 2, MNT: 2, MOP: 2, MRU: 2, MUR: 2, MVR: 2, MWK: 2, MXN: 2, MXV: 2,
  MYR: 2, MZN: 2, NAD: 2, NGN: 2, NIO: 2, NOK: 2, NPR: 2, NZD: 2, OMR: 3, PAB: 2,
  PEN: 2, PGK: 2, PHP: 2, PKR: 2, PLN: 2, PYG: 0, QAR: 2, RON: 2, RSD: 2, RUB: 2,
  RWF: 0, SAR: 2, SBD: 2, SCR: 2, SDG: 2, SEK: 2, SGD: 2, SHP: 2, SLE: 2, SLL: 2,
  SOS: 2, SRD: 2, SSP: 2, STN: 2, SVC: 2, SYP: 2, SZL: 2, THB: 2, TJS: 2, TMT: 2,
  TND: 3, TOP: 2, TRY: 2, TTD: 2, TWD: 2, TZS: 2, UAH: 2, UGX: 0, USD: 2, USN: 2,
  UYI: 0, UYU: 2, UYW: 4, UZS: 2, VED: 2, VES: 2, VND: 0, VUV: 0, WST: 2, XAF: 0,
  XCD: 2, XCG: 2, XOF: 0, XPF: 0, YER: 2, ZAR: 2, ZMW: 2, ZWG: 2, ZWL: 2,
} as const;

/** An ISO 4217 code apar accepts, e.g. `EUR`. */
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;

// The table as a Map for lookups: an object literal of 179 keys is kept as a dictionary, slower to probe.
const MINOR_UNITS: ReadonlyMap<string, number> = new Map(Object.entries(CURRENCY_MINOR_UNITS));

/** Every accepted currency code, sorted. */
export const CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS).sort() as readonly Currency[];

/** True when `code` is a known ISO 4217 code (exact, upper case). */
export const isCurrency = (code: unknown): code is Currency => typeof code === "string" && MINOR_UNITS.has(code);

/** The number of decimal places of a currency's minor unit (JPY 0, EUR 2, BHD 3, CLF 4). */
export const minorUnits = (currency: Currency): number => MINOR_UNITS.get(currency) ?? CURRENCY_MINOR_UNITS[currency];

/** Codec of a known ISO 4217 code, upper case as the standard writes it: `"EUR"`, not `"eur"`. */
export const CurrencyCode: t.Type<Currency, string, unknown> = withSchema(
  codec("CurrencyCode", isCurrency, (u) =>
    isCurrency(u) ? { ok: u } : { code: "currency", message: "must be an ISO 4217 currency code such as EUR" },
  ),
  { type: "string", pattern: "^[A-Z]{3}$" },
);
