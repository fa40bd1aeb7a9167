// Amounts as bills print them (1,234.56 / 1.234,56 / 1 234,56 / 1'234.56) into decimal strings.

const GROUPED = /^-?\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?$/;
// India's lakh and crore: thousands, then groups of two ("7,08,000.00"); only with the paise, so that a list of
// small numbers ("1,23,456") is not taken for one amount.
const LAKH = /^-?\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}$/;
const PLAIN = /^-?\d+(?:[.,]\d{1,3})?$/;

/** A printed number (no currency) as a decimal string, or null when it is not one. */
export const parseNumber = (raw: string): string | null => {
  let s = raw.trim().replace(/[\u00a0\u202f]/g, " ");
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith("-")) {
    negative = true;
    s = s.slice(0, -1);
  }
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.trim();
  if (!GROUPED.test(s) && !PLAIN.test(s) && !LAKH.test(s)) return null;
  const dots = s.split(".").length - 1;
  const commas = s.split(",").length - 1;
  const lastSep = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  let intPart = s;
  let frac = "";
  if (lastSep >= 0) {
    const tail = s.slice(lastSep + 1);
    const head = s.slice(0, lastSep);
    const once = (s[lastSep] === "." ? dots : commas) === 1;
    // Both kinds: the last one is the decimal mark. One kind once: decimal unless it reads as thousands ("1.234");
    // one kind again and again, ending in cents: the last is the decimal mark.
    // Never a mark with a group after it ("23.110 330": the dot groups too).
    const decimal =
      /^\d+$/.test(tail) &&
      (dots > 0 && commas > 0
        ? true
        : once
          ? !(tail.length === 3 && /^\d{1,3}$/.test(head) && head !== "0")
          : // One kind, again before cents: the mark OCR made of the other ("15.799.00" for "15.799,00").
            tail.length <= 2);
    if (decimal) {
      intPart = head;
      frac = tail;
    }
  }
  // Thousands are grouped one way: "23.110 330" is two numbers run together, or OCR's noise, not one amount.
  if (new Set(intPart.match(/[.,' ]/g)).size > 1) return null;
  const digits = intPart.replace(/[.,' ]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const int = digits.replace(/^0+(?=\d)/, "");
  const value = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
};

// One number as printed, allowing space- or apostrophe-grouped thousands.
// A minus printed after the number ("0,25-", as tills print a refund) is its sign, as `parseNumber` reads it; a
// hyphen after a letter or a digit joins the parts of an identifier ("13024772-2-04", "INV-5") and is none.
const MINUS = String.raw`(?:(?<![\dA-Za-z])-)?`;
const NUMBER_SOURCE = String.raw`(?:\(?${MINUS}\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}(?!\d)\)?|\(?${MINUS}\d{1,3}(?:(?:[.,']|[ \u00a0\u202f](?=\d{3}(?!\d)))\d{3})*(?:[.,]\d{1,2})?(?!\d)\)?|\(?${MINUS}\d+(?:[.,]\d{1,3})?(?!\d)\)?)(?:-(?=\s|$))?`;

/** Every number in a piece of text, in order, as decimal strings with where each stands. */
export const numberSpans = (text: string): { value: string; start: number; end: number }[] => {
  const out: { value: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(NUMBER_SOURCE, "g"))) {
    const n = parseNumber(m[0]);
    if (n !== null) out.push({ value: n, start: m.index, end: m.index + m[0].length });
  }
  return out;
};

/** Every number in a piece of text, in order, as decimal strings. */
export const numbersIn = (text: string): string[] => numberSpans(text).map((n) => n.value);

/** Removes tax rates ("19 %", "5,5%") so they are not read as amounts. */
export const withoutRates = (text: string): string => text.replace(/\d+(?:[.,]\d+)?\s?%/g, " ");

// Amounts as they stand in a line or a cell. Each is a test of where an amount is, not a reading of it (that is
// `parseNumber`'s); they differ in what they ask of it.

/** A cell that is an amount and nothing else, cents or none: "1.234,56", "€ 120.00", "120,00 EUR", "-5.00". */
export const AMOUNT_CELL = /^[\p{Sc}A-Z]{0,3}\s?-?[\d.,' ]*\d\s?(?:\p{Sc}|[A-Z]{3})?$/u;

/**
 * A cell that is a price with its cents and nothing else, signed or bracketed ("$4.49", "-$1.50", "(3.00)",
 * "12,90 EUR"): the cell before it may be its label or item.
 */
export const PRICE_CELL =
  /^[-–(]?\s*(?:\p{Sc}|[A-Z]{3})?\s?-?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}\)?\s?(?:\p{Sc}|[A-Z]{1,3})?$/u;

/** The rest of an item's row: its price with cents at the end, perhaps a tax class letter after it ("  *102,27 A"). */
export const ITEM_PRICE_AFTER = /\d[.,]\d{2}-?(?:\s+\p{Lu})?\s*$/u;

/** A receipt's line of a quantity at a unit price, under its item: "0.745 kg @  £0.63/ kg", "2 x 1,99", "3 @ 4.50". */
export const QUANTITY_AT_PRICE = /^\W{0,2}\d+(?:[.,]\d+)?\s*(?:kg|g|lb|pcs?|st)?\.?\s*(?:@|x|×)\s*\S{0,2}\d/iu;

/** An amount with its cents anywhere in a line ("Summe 12,50", "1 234.56"), not part of a longer number. */
export const CENTS_AMOUNT = /(?<![\d.,])\d{1,9}(?:[.,'\s]\d{3})*[.,]\d{2}(?![\d.,]?\d)/;

/**
 * An amount with its cents printed beside a sign, three capitals or "kr" ("1495,00 kr", "$ 12.50", "EUR 3,20"):
 * the mark is group 1 or 4, the amount group 2 or 3. Whether the mark is a currency's is the caller's to ask.
 */
export const PRICED =
  /(\p{Sc}|\b[A-Z]{3}\b|\bkr\.?)\s?(\d[\d.,' ]*[.,]\d{2})(?!\d)|(?<![\d.,])(\d[\d.,' ]*[.,]\d{2})\s?(\p{Sc}|[A-Z]{3}\b|kr\b)/gu;

/**
 * An amount of whole yen or won beside its sign or unit ("102,500원", "¥990", "3,048円"), which print no cents:
 * groups as `PRICED`'s. Three digits at least: OCR reads a smudge before a digit or two as "¥" ("(¥33)", "¥1").
 */
export const WHOLE_PRICED =
  /([¥￥₩])\s?(\d{1,3}(?:,\d{3})+|\d{3,})(?![\d.,]?\d)|(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d{3,})\s?([円원])/gu;
