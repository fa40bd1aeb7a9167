import { isCurrency, minorUnits } from "../shared/currencies.js";
import { assessConfidence, billConfidence, CURRENCY_GUESS, carriesNumber } from "./confidence.js";
import type { ExtractedFieldName, ExtractedFields, Extraction, PageEvidence, TextBox } from "./model.js";
import { allDates, findDate } from "./text/dates.js";

// The amounts and lines check one another: they come from one reading together, never mixed.
const AMOUNTS: readonly ExtractedFieldName[] = ["subTotal", "taxAmount", "totalAmount", "lineItems"];

const present = (fields: ExtractedFields, k: ExtractedFieldName): boolean => {
  const v = fields[k];
  return v !== null && !(Array.isArray(v) && v.length === 0);
};

/** What either reading found on the page that can name a known supplier. */
const bothEvidence = (a?: PageEvidence, b?: PageEvidence): PageEvidence | undefined => {
  if (a === undefined || b === undefined) return a ?? b;
  const union = (k: keyof PageEvidence): string[] => [...new Set([...a[k], ...b[k]])];
  return {
    identifiers: union("identifiers"),
    ibans: union("ibans"),
    emails: union("emails"),
    domains: union("domains"),
  };
};

type Scores = Partial<Record<ExtractedFieldName, number>>;

/**
 * Confidence assessed again over merged fields, the amounts held to what the reading they came from gave them: they
 * come from one reading together, so their agreement is no news, and that reading knew what assessing again does
 * not (subtotal and tax that add up only after a repaired digit, or that a stand-in total was made of: 0.85).
 */
const assessMerged = (
  fields: ExtractedFields,
  base: Scores,
  amountsFrom: Extraction,
  numbered: boolean,
): { fieldConfidence: Scores; confidence: number } => {
  const { fieldConfidence } = assessConfidence(fields, base, false, true, amountsFrom.spelledTotal === true);
  for (const k of AMOUNTS) {
    const asRead = amountsFrom.fieldConfidence[k];
    const now = fieldConfidence[k];
    if (now !== undefined && asRead !== undefined && now > asRead) fieldConfidence[k] = asRead;
  }
  return { fieldConfidence, confidence: billConfidence(fieldConfidence, numbered) };
};

/**
 * A reading with a model's answers taken for the fields it was asked about (each at 0.8: a model's word, unchecked),
 * confidence assessed again. Amounts the model did not answer keep what the reading gave them: assessing again
 * cannot see that they agreed only after a repaired digit. A total it did answer is new evidence, and is weighed
 * afresh against the subtotal and tax on the page.
 */
export const withModelAnswers = (
  read: Extraction,
  asked: readonly ExtractedFieldName[],
  answers: ExtractedFields,
): Extraction => {
  const fields: Record<string, unknown> = { ...read.fields };
  const base: Scores = { ...read.fieldConfidence };
  let amountAnswered = false;
  for (const k of asked) {
    if (!present(answers, k)) continue;
    fields[k] = answers[k];
    base[k] = 0.8;
    amountAnswered ||= AMOUNTS.includes(k);
  }
  const merged = fields as unknown as ExtractedFields;
  const numbered = carriesNumber(read);
  const { fieldConfidence, confidence } = amountAnswered
    ? assessConfidence(merged, base, false, numbered)
    : assessMerged(merged, base, read, numbered);
  return { ...read, fields: merged, fieldConfidence, confidence };
};

/**
 * Two readings of the same pages (a scanner's own text layer and apar's OCR of the page images, say) made one,
 * field by field: `other`'s value where it is present and surer than `preferred`'s, else `preferred`'s. The
 * amounts and line items go together, from the reading surer of its total. Confidence is assessed again over
 * the fields taken.
 */
export const bestOfReadings = (
  preferred: Extraction,
  other: Extraction,
  amountsOf?: "preferred" | "other",
): Extraction => {
  const fields: Record<string, unknown> = { ...preferred.fields };
  const base: Partial<Record<ExtractedFieldName, number>> = { ...preferred.fieldConfidence };
  const surer = (k: ExtractedFieldName): boolean =>
    present(other.fields, k) && (other.fieldConfidence[k] ?? 0) > (preferred.fieldConfidence[k] ?? 0);
  const take = (k: ExtractedFieldName): void => {
    fields[k] = other.fields[k];
    const c = other.fieldConfidence[k];
    if (c === undefined) delete base[k];
    else base[k] = c;
  };
  const keys = Object.keys(preferred.fields) as ExtractedFieldName[];
  const amountsFrom = (amountsOf ?? (surer("totalAmount") ? "other" : "preferred")) === "other" ? other : preferred;
  if (amountsFrom === other) for (const k of AMOUNTS) take(k);
  for (const k of keys) if (!AMOUNTS.includes(k) && surer(k)) take(k);
  // The currency the amounts were read in, of two read as surely: a page printing its totals in two currencies
  // (an export invoice's euros, then their lira) is read by each reading at its own total.
  const tied = (other.fieldConfidence.currency ?? 0) === (preferred.fieldConfidence.currency ?? 0);
  if (amountsFrom === other && present(other.fields, "currency") && tied) take("currency");
  const merged = fields as unknown as ExtractedFields;
  // Either reading's number, label or title shows the document carries one.
  const numbered = carriesNumber(preferred) || carriesNumber(other);
  const { fieldConfidence, confidence } = assessMerged(merged, base, amountsFrom, numbered);
  const evidence = bothEvidence(preferred.evidence, other.evidence);
  const { spelledTotal: _preferred, ...rest } = preferred;
  return {
    ...rest,
    fields: merged,
    fieldConfidence,
    confidence,
    numbered,
    ...(evidence === undefined ? {} : { evidence }),
    ...(amountsFrom.spelledTotal ? { spelledTotal: true } : {}),
  };
};

// Fields whose every character OCR may misread and nothing on the page checks: two engines that read one alike
// check it, as subtotal + tax check the amounts. Names, whose faint words both engines may drop alike, only where
// each engine found one with its legal form at the top (below).
const CROSS_CHECKED: readonly ExtractedFieldName[] = ["invoiceNumber", "invoiceDate", "dueDate"];
// What such a field, both engines agreeing, is worth: above 0.9, below amounts that add up (0.98).
const BOTH_ENGINES = 0.92;
// Agreement lifts only what each engine read sure but for OCR's cap (a labelled number, a date whose order is
// known): a date both read alike whose day and month could be either way stays as unsure as it was.
const SURE_BUT_FOR_OCR = 0.8;

// A currency the second eye reads where tesseract reads none: the eye read "CAD" off a Portuguese receipt's tax row.
const EYE_ONLY_CURRENCY = 0.85;

// A name both engines read alike (letters and digits), each as a name with its legal form at the top of the page
// (0.75 or more), is sure: where they did so, the name was right on 43 of 43 documents from five sources. Not a
// cell opening with a mark or holding an address ("’ SWC ENTERPRISE", "noreply@contoso.com").
const NAME_SURE_BUT_FOR_OCR = 0.75;
const BOTH_ENGINES_NAME = 0.9;
const cleanName = (name: string): boolean => /^[\p{L}\p{N}]/u.test(name) && !/[@#]|www\./i.test(name);

// Letters and digits alone, in lower case: how one engine's name is looked for in the other's text.
const squashed = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

type Texts = { readonly first: readonly string[]; readonly second: readonly string[] };

// How a field's value is looked for in the other engine's text: a name by its letters and digits alone (the eye
// drops spaces), a date among the text's dates in either order of day and month.
const HELD: Partial<Record<ExtractedFieldName, (lines: readonly string[], value: string) => boolean>> = {
  supplierName: (lines, name) => squashed(name).length >= 3 && squashed(lines.join(" ")).includes(squashed(name)),
  invoiceDate: (lines, date) => lines.some((l) => allDates(l).includes(date) || allDates(l, true).includes(date)),
};

// Of two dates the engines read as surely and neither text holds the other's, the second eye's: where the two
// differed so, the eye was right on 7 of 8 receipts and invoices from three sources, tesseract on none.
const EYE_WINS_TIES: readonly ExtractedFieldName[] = ["invoiceDate"];

/**
 * Of two values of a field the engines read as surely, the one the other engine's text holds too; when neither is
 * held, the second's for a field it reads better (`EYE_WINS_TIES`); otherwise undefined.
 */
const heldValue = (k: ExtractedFieldName, first: Extraction, second: Extraction, texts: Texts): string | undefined => {
  const holds = HELD[k];
  const a = first.fields[k];
  const b = second.fields[k];
  if (holds === undefined || typeof a !== "string" || typeof b !== "string" || a === b) return undefined;
  if (first.fieldConfidence[k] !== second.fieldConfidence[k]) return undefined;
  // A name one engine read only part of ("(mar kt GmbH" of "toom Baumarkt GmbH"): the other's, whole.
  if (k === "supplierName" && squashed(a) !== squashed(b)) {
    if (squashed(b).includes(squashed(a))) return b;
    if (squashed(a).includes(squashed(b))) return a;
  }
  const bInFirst = holds(texts.first, b);
  const aInSecond = holds(texts.second, a);
  if (bInFirst === aInSecond) return !bInFirst && EYE_WINS_TIES.includes(k) ? b : undefined;
  return bInFirst ? b : a;
};

// Below this a name is no more than its place and form: neither labelled nor named again.
const NAME_UNCORROBORATED = 0.85;

// Two names with four letters or digits in a row in common are one name read two ways ("KAUFHAUS AN RINQ",
// "STARBUCIS", "MaisoneanedrlacedeGall" for "Maison Jeanne d'Arc").
const COMMON_RUN = 4;
const oneNameTwoWays = (a: string, b: string): boolean => {
  const [x, y] = [squashed(a), squashed(b)];
  for (let i = 0; i + COMMON_RUN <= x.length; i++) if (y.includes(x.slice(i, i + COMMON_RUN))) return true;
  return false;
};
// A site or mail address in a name ("www.marktkauf.de", "infoesatra-phamhung.com.vn"): tesseract's names the shop
// as well as its name would; the eye's is no name.
const ADDRESS_IN_NAME = /[@#]|www|\p{L}\.\p{L}{2,}/iu;
// A name of whole words only, four letters or more each and eight in all ("Delhaize Veeweyde"), reads as a name, not
// as OCR's fragments ("CHAN SL", "DF REA SE", "alli").
const wordsOnly = (name: string): boolean => {
  const words = name.split(/\s+/).filter((w) => w !== "");
  return words.every((w) => /^\p{L}[\p{L}&.'’-]{3,}$/u.test(w)) && words.join("").length >= 8;
};
// A name the eye may give instead: a word of four letters, no address in it.
const nameLike = (name: string): boolean => /\p{L}{4}/u.test(name) && !ADDRESS_IN_NAME.test(name);

/**
 * The second eye's name where tesseract's, unsure, is nowhere in the eye's text: tesseract read the image unsure
 * (that is why the eye read it), and a name the other engine cannot find is most often its noise ("CHAN SL" among a
 * crumpled receipt's smudges, where the eye read "KIWI 402 TONSENHAGEN"). Not for two readings of one name, nor
 * for a name of whole words, nor for a shop's site.
 */
const nameOnlyFirstSaw = (
  first: Extraction,
  second: Extraction,
  texts: Texts,
): { value: string; confidence: number } | undefined => {
  const a = first.fields.supplierName;
  const b = second.fields.supplierName;
  if (a === null || b === null || oneNameTwoWays(a, b) || !nameLike(b) || ADDRESS_IN_NAME.test(a) || wordsOnly(a))
    return undefined;
  if ((first.fieldConfidence.supplierName ?? 0) >= NAME_UNCORROBORATED) return undefined;
  if (HELD.supplierName?.(texts.second, a) === true) return undefined;
  return { value: b, confidence: second.fieldConfidence.supplierName ?? 0 };
};

const whole = (v: string | null): boolean => v !== null && /^-?\d+$/.test(v);
const withCents = (v: string | null): boolean => v !== null && /\.\d{2}$/.test(v);
const inCents = (r: Extraction): boolean => {
  const code = r.fields.currency;
  return code === null || !isCurrency(code) || minorUnits(code) > 0;
};

/**
 * Of two engines' differing totals, the one printed with its cents when the other has none: OCR lost the decimal
 * mark or the cents ("11000€" for "110,00 €", "1" for "10.60"). Where the engines' totals differed so, the one
 * with cents was right on 7 of 7 receipts and invoices from four sources. Not for a currency without minor units.
 */
const centsKept = (a: Extraction, b: Extraction): boolean =>
  whole(a.fields.totalAmount) && withCents(b.fields.totalAmount) && inCents(a) && inCents(b);

/**
 * Two OCR engines' readings of one image (tesseract's first, the second eye's): field by field, the second's
 * reading first when it found another total than the first (the first's fields only where surer), else the
 * first's (the second's only where surer). A number or date both read alike, each sure but for OCR, is sure (0.92).
 * With the engines' texts, of two names or invoice dates read as surely the one the other engine's text also holds
 * is taken.
 */
export const bestOfTwoEngines = (first: Extraction, second: Extraction, texts?: Texts): Extraction => {
  const secondFirst = second.fields.totalAmount !== null && second.fields.totalAmount !== first.fields.totalAmount;
  const amountsOf = centsKept(first, second) ? "preferred" : centsKept(second, first) ? "other" : undefined;
  const merged = secondFirst ? bestOfReadings(second, first, amountsOf) : bestOfReadings(first, second);
  const fields: Record<string, unknown> = { ...merged.fields };
  for (const k of Object.keys(HELD) as ExtractedFieldName[]) {
    const held = texts === undefined ? undefined : heldValue(k, first, second, texts);
    if (held !== undefined) fields[k] = held;
  }
  const best = { ...merged, fields: fields as unknown as ExtractedFields };
  const base: Partial<Record<ExtractedFieldName, number>> = { ...best.fieldConfidence };
  const unseenName = texts === undefined ? undefined : nameOnlyFirstSaw(first, second, texts);
  if (unseenName !== undefined && fields.supplierName === first.fields.supplierName) {
    fields.supplierName = unseenName.value;
    base.supplierName = unseenName.confidence;
  }
  for (const k of CROSS_CHECKED) {
    const v = best.fields[k];
    const each = Math.min(first.fieldConfidence[k] ?? 0, second.fieldConfidence[k] ?? 0);
    if (typeof v === "string" && v === first.fields[k] && v === second.fields[k] && each >= SURE_BUT_FOR_OCR)
      base[k] = Math.max(base[k] ?? 0, BOTH_ENGINES);
  }
  // A currency the second eye alone reads, tesseract's text showing none (no more than a guess from the page's
  // country), is one reading of one mark: not sure.
  if (best.fields.currency !== null && (first.fieldConfidence.currency ?? 0) <= CURRENCY_GUESS)
    base.currency = Math.min(base.currency ?? 0, EYE_ONLY_CURRENCY);
  const name = best.fields.supplierName;
  const nameEach = Math.min(first.fieldConfidence.supplierName ?? 0, second.fieldConfidence.supplierName ?? 0);
  if (
    name !== null &&
    nameEach >= NAME_SURE_BUT_FOR_OCR &&
    cleanName(name) &&
    [first, second].every((r) => squashed(r.fields.supplierName ?? "") === squashed(name))
  )
    base.supplierName = Math.max(base.supplierName ?? 0, BOTH_ENGINES_NAME);
  const { fieldConfidence, confidence } = assessMerged(best.fields, base, best, carriesNumber(best));
  return { ...best, fieldConfidence, confidence };
};

/** Where OCR read a number or date a second engine can check: the field, the printed token as read, its box. */
export interface TokenToCheck {
  readonly field: "invoiceNumber" | "invoiceDate" | "dueDate";
  readonly token: string;
  readonly box: TextBox;
}

const compact = (s: string): string => s.replace(/\s+/g, "");
// A text matched as itself in a regular expression.
const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The words of one line of OCR's page, left to right, that may print one value: a date can be three words.
const WORDS_A_VALUE = 3;

/** The shortest run of up to three words of one line whose text `holds` does, the first of its length. */
const printedAt = (words: readonly TextBox[], holds: (text: string) => boolean): TextBox | undefined => {
  for (let n = 1; n <= WORDS_A_VALUE; n++) {
    for (const [i, w] of words.entries()) {
      const run = words.slice(i, i + n);
      if (run.length < n || run.some((r) => r.page !== w.page || Math.abs(r.y - w.y) > w.height / 2)) continue;
      const text = run.map((r) => r.text).join(" ");
      if (!holds(text)) continue;
      const x = Math.min(...run.map((r) => r.x));
      const y = Math.min(...run.map((r) => r.y));
      const right = Math.max(...run.map((r) => r.x + r.width));
      const bottom = Math.max(...run.map((r) => r.y + r.height));
      return { text, page: w.page, x, y, width: right - x, height: bottom - y };
    }
  }
  return undefined;
};

/**
 * The numbers and dates of an OCR reading that are sure but for OCR's cap, with where OCR printed them among its
 * words (in reading order): a second engine that reads the same token there makes the field sure
 * (`withCheckedTokens`). A field whose token is not found among the words is not offered.
 */
export const tokensToCheck = (read: Extraction, words: readonly TextBox[]): TokenToCheck[] => {
  const out: TokenToCheck[] = [];
  const offered = (k: TokenToCheck["field"]): boolean => {
    const c = read.fieldConfidence[k] ?? 0;
    return c >= SURE_BUT_FOR_OCR && c < BOTH_ENGINES;
  };
  const number = read.fields.invoiceNumber;
  if (number !== null && offered("invoiceNumber")) {
    // The number whole, maybe behind its label's end ("Nr.4711", "#4711") or before a comma: never part of another.
    const whole = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped(number)}(?:[^\\p{L}\\p{N}]|$)`, "u");
    const box = printedAt(words, (t) => whole.test(compact(t)));
    if (box !== undefined) out.push({ field: "invoiceNumber", token: box.text, box });
  }
  for (const [field, other] of [
    ["invoiceDate", "dueDate"],
    ["dueDate", "invoiceDate"],
  ] as const) {
    const date = read.fields[field];
    // A date read for both fields is one token for two: where it is printed says nothing of which it is.
    if (date === null || date === read.fields[other] || !offered(field)) continue;
    const box = printedAt(words, (t) => [false, true].some((monthFirst) => findDate(t, monthFirst)?.date === date));
    if (box !== undefined) out.push({ field, token: box.text, box });
  }
  return out;
};

/**
 * Whether a second engine's lines, read where the token is printed, hold the same characters (spaces aside) as a
 * whole: within a run of up to four of its words, with no letter or digit on either side ("170" holds no "17").
 */
export const readAlike = (token: string, lines: readonly string[]): boolean => {
  const t = compact(token);
  const whole = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped(t)}(?:[^\\p{L}\\p{N}]|$)`, "u");
  return lines.some((l) => {
    const words = l.split(/\s+/).filter((w) => w !== "");
    return words.some((_, i) =>
      [1, 2, 3, 4].some((n) => i + n <= words.length && whole.test(words.slice(i, i + n).join(""))),
    );
  });
};

/** The reading with the fields whose token a second engine read alike where OCR printed it made sure (0.92). */
export const withCheckedTokens = (read: Extraction, checked: readonly TokenToCheck[]): Extraction => {
  if (checked.length === 0) return read;
  const base: Scores = { ...read.fieldConfidence };
  for (const { field } of checked) base[field] = Math.max(base[field] ?? 0, BOTH_ENGINES);
  const { fieldConfidence, confidence } = assessMerged(read.fields, base, read, carriesNumber(read));
  return { ...read, fieldConfidence, confidence };
};
