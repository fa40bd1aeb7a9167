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
    // Both kinds: the last one is the decimal mark. One kind once: decimal unless it reads as thousands ("1.234").
    // Never a mark with a group after it ("23.110 330": the dot groups too).
    const decimal =
      /^\d+$/.test(tail) &&
      (dots > 0 && commas > 0 ? true : once && !(tail.length === 3 && /^\d{1,3}$/.test(head) && head !== "0"));
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
// A minus printed after the number ("0,25-", as tills print a refund) is its sign, as `parseNumber` reads it.
const NUMBER_SOURCE = String.raw`(?:\(?-?\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}(?!\d)\)?|\(?-?\d{1,3}(?:(?:[.,']|[ \u00a0\u202f](?=\d{3}(?!\d)))\d{3})*(?:[.,]\d{1,2})?(?!\d)\)?|\(?-?\d+(?:[.,]\d{1,3})?(?!\d)\)?)(?:-(?=\s|$))?`;

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
