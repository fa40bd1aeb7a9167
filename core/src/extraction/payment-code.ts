// Payment codes printed on bills, read as data: the Swiss QR-bill's code (Swiss Payment Standards, "SPC") and the
// SEPA credit transfer code (EPC069-12, "BCD", the GiroCode). Each names the payee's account, its name and, mostly,
// the amount, currency and reference, as the payee's own software encoded them.
import { billConfidence, carriesNumber } from "./confidence.js";
import type { ExtractedFieldName, ExtractedFields, Extraction } from "./model.js";
import { ibanValid } from "./text/bank.js";
import { numbersIn } from "./text/numbers.js";

/** What a payment code carries. */
export interface PaymentCode {
  readonly kind: "swiss-qr" | "epc";
  /** The payee's account (check digits hold). */
  readonly iban: string;
  /** The payee's name. */
  readonly creditor: string;
  /** A decimal string, or null when the code leaves the amount to the payer. */
  readonly amount: string | null;
  /** ISO 4217. */
  readonly currency: string;
  /** The structured reference (QR reference, RF creditor reference), or null. */
  readonly reference: string | null;
}

/**
 * The headings a page shows beside its payment code: the QR-bill's payment part and receipt in its four languages
 * (fixed by the standard) and the GiroCode's name. Only a page that shows one is looked at for a code.
 */
export const PAYMENT_PART =
  /(?<![\p{L}\p{N}])(?:zahlteil|empfangsschein|payment part|section paiement|r[ée]c[ée]piss[ée]|sezione pagamento|ricevuta|girocode)(?!\p{L})/iu;

const AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;
const compact = (s: string | undefined): string => (s ?? "").replace(/\s+/g, "").toUpperCase();
const text = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").trim();
/** An amount of at most two decimals with both ("12.3" is "12.30"), or null for one of more. */
const decimal = (s: string): string | null => {
  const [int, frac = ""] = s.split(".");
  return frac.length > 2 ? null : `${int}.${frac.padEnd(2, "0")}`;
};

/** The QR-bill's payload: 31 or more lines, the creditor at 4-10, the amount and currency at 18-19, the reference at 27-28. */
const swissQr = (rows: readonly string[]): PaymentCode | null => {
  if (rows[0] !== "SPC" || !/^02\d\d$/.test(rows[1] ?? "") || rows.length < 31) return null;
  const iban = compact(rows[3]);
  const creditor = text(rows[5]);
  const amount = text(rows[18]);
  const currency = text(rows[19]);
  if (!/^(?:CH|LI)/.test(iban) || !ibanValid(iban) || creditor === "" || !/^(?:CHF|EUR)$/.test(currency)) return null;
  if (amount !== "" && !AMOUNT.test(amount)) return null;
  const reference = rows[27] === "QRR" || rows[27] === "SCOR" ? compact(rows[28]) || null : null;
  return { kind: "swiss-qr", iban, creditor, amount: amount === "" ? null : decimal(amount), currency, reference };
};

/** The EPC069-12 payload: BCD, version, character set, SCT, BIC, name, IBAN, amount ("EUR12.3"), purpose, references. */
const epc = (rows: readonly string[]): PaymentCode | null => {
  if (rows[0] !== "BCD" || !/^00[12]$/.test(rows[1] ?? "") || rows[3] !== "SCT") return null;
  const creditor = text(rows[5]);
  const iban = compact(rows[6]);
  const amount = /^EUR(\d{1,9}(?:\.\d{1,2})?)$/.exec(compact(rows[7]))?.[1];
  if (creditor === "" || !ibanValid(iban) || (compact(rows[7]) !== "" && amount === undefined)) return null;
  return {
    kind: "epc",
    iban,
    creditor,
    amount: amount === undefined ? null : decimal(amount),
    currency: "EUR",
    reference: compact(rows[9]) || null,
  };
};

/** A QR code's text as a payment code, or null when it is none (a link, another kind, a broken one). */
export const parsePaymentCode = (payload: string): PaymentCode | null => {
  const rows = payload.split(/\r?\n/).map((r) => r.trim());
  return swissQr(rows) ?? epc(rows);
};

const lettersOf = (s: string | null): string => (s ?? "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * A reading with what the page's payment code says. The code's account is the payee's (its holder the code's
 * creditor). Its amount, currency and creditor confirm the reading's when they agree (0.98) and fill a field it did
 * not read (0.9); an amount or currency read otherwise is kept as "check this" (0.5), a supplier read otherwise gives
 * way to the creditor at 0.85. The amount is witnessed only where the invoice part of the page (the `lines` above
 * the payment part) prints it too: the payment part's own printed amount is the code's copy. Where the invoice part
 * prints amounts but not this one, the total is "check this" (0.5); where it prints none (a page that is only a
 * payment part), the code's amount is 0.85.
 */
export const withPaymentCode = (read: Extraction, code: PaymentCode, lines: readonly string[]): Extraction => {
  const fields: Record<string, unknown> = { ...read.fields };
  const scores: Partial<Record<ExtractedFieldName, number>> = { ...read.fieldConfidence };
  const set = (k: ExtractedFieldName, value: unknown, confidence: number): void => {
    fields[k] = value;
    scores[k] = confidence;
  };
  // How far the page backs the code: "witnessed" where it prints the same, "alone" where it prints nothing to
  // compare, "contradicted" where what it prints is otherwise.
  type Backing = "witnessed" | "alone" | "contradicted";
  const weigh = (k: ExtractedFieldName, value: string, agrees: boolean, backing: Backing = "witnessed"): void => {
    const had = read.fields[k] as string | null;
    const level = backing === "witnessed" ? 0.9 : backing === "alone" ? 0.85 : 0.5;
    if (had === null) set(k, value, level);
    else if (!agrees || backing === "contradicted") scores[k] = Math.min(scores[k] ?? 0, 0.5);
    else scores[k] = Math.max(scores[k] ?? 0, backing === "witnessed" ? 0.98 : 0.85);
  };
  const bank = read.fields.bankDetails;
  set(
    "bankDetails",
    {
      accountHolderName: code.creditor,
      accountNumber: null,
      sortCode: null,
      routingNumber: null,
      iban: code.iban,
      bicSwift: bank?.iban === code.iban ? bank.bicSwift : null,
      country: code.iban.slice(0, 2),
      currency: code.currency,
    },
    0.98,
  );
  if (code.reference !== null && read.fields.paymentRef === null) set("paymentRef", code.reference, 0.95);
  weigh("currency", code.currency, read.fields.currency === code.currency);
  const supplier = lettersOf(read.fields.supplierName);
  const creditor = lettersOf(code.creditor);
  // The payee is the supplier but where a bill is paid to another (a factor, a collector): a name the reading took
  // otherwise gives way to the code's, unsure.
  if (supplier !== "" && !supplier.includes(creditor) && !creditor.includes(supplier))
    set("supplierName", code.creditor, 0.85);
  else weigh("supplierName", code.creditor, supplier !== "");
  if (code.amount !== null) {
    const heading = lines.findIndex((l) => PAYMENT_PART.test(l));
    const invoicePart = (heading < 0 ? lines : lines.slice(0, heading)).flatMap((l) =>
      numbersIn(l.replace(/[’‘`´]/g, "'")),
    );
    // In cents; a number of three decimals ("1.234" of a quantity) is no amount and never agrees.
    const cents = (s: string | null): bigint | null => {
      const d = s === null ? null : decimal(s);
      return d === null ? null : BigInt(d.replace(".", ""));
    };
    const backing: Backing = invoicePart.some((n) => cents(n) === cents(code.amount))
      ? "witnessed"
      : invoicePart.some((n) => n.includes("."))
        ? "contradicted"
        : "alone";
    weigh("totalAmount", code.amount, cents(read.fields.totalAmount) === cents(code.amount), backing);
  }
  const merged = fields as unknown as ExtractedFields;
  return {
    ...read,
    fields: merged,
    fieldConfidence: scores,
    confidence: billConfidence(scores, carriesNumber(read)),
  };
};
