// Field labels, built from the vocabulary files (one per language). Labels match whole words in any case, with
// Unicode word boundaries, so accented labels ("Échéance", "Facturé à") match like plain ones.
import { foldText } from "../../shared/fold.js";
import { withoutCurrency } from "./currency.js";
import { UNSPACED_LETTERS } from "./vocabulary/cjk.js";
import { VOCABULARIES, type Vocabulary } from "./vocabulary/index.js";

/** The vocabulary's optional keys: word lists compiled as they are (no OCR tolerance, no sorting). */
type OptionalKey = { [K in keyof Vocabulary]-?: undefined extends Vocabulary[K] ? K : never }[keyof Vocabulary];
type WordKey = Exclude<OptionalKey, "payee" | "monthFirst" | "amountInWords">;
type LabelKey = Exclude<
  keyof Vocabulary,
  "code" | "tesseract" | "months" | "monthFirst" | "payee" | "amountInWords" | WordKey
>;

// A label is a whole word: no letter or digit before it, no letter after it. Chinese, Japanese and Korean set no
// spaces between words, so on a side where a label is written in those scripts anything may touch it ("お買上合計",
// "玉山银行ESUNBANK").
const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?!\p{L})`;
const UNSPACED_FIRST = new RegExp(`^[${UNSPACED_LETTERS}]`, "u");
const UNSPACED_LAST = new RegExp(`[${UNSPACED_LETTERS}]$`, "u");
const bounded = (word: string, start: string, end: string): string =>
  `${UNSPACED_FIRST.test(word) ? "" : start}(?:${word})${UNSPACED_LAST.test(word) ? "" : end}`;

// OCR reads umlauts as their base letter or a look-alike ("Verkdufer", "Félligkeit", "liberweisen"), Polish "ł" as
// "l" or "t" ("Termin zaptaty"), and a speck between two words as a full stop ("TOTAL. A PAYER"): let labels match
// those.
const ocrTolerant = (word: string): string =>
  word
    .replace(/(?<=\p{L}|\])\\s\*(?=\p{L}|\[)/gu, String.raw`(?:\s|\.\s)*`)
    .replace(/\[łl\]|ł/g, "[łlt]")
    .replace(/\[äa\]|ä/g, "[äaàáâdéëi]")
    .replace(/\[öo\]|ö/g, "[öoóò0]")
    .replace(/\[üu\]|ü/g, "(?:[üuúùû]|[li]i)");

/** One regular expression for a label in the given languages: longest words first, whole words only. */
export const labelRegex = (key: LabelKey, vocabularies: readonly Vocabulary[] = VOCABULARIES, flags = "iu"): RegExp => {
  const words = [...new Set(vocabularies.flatMap((v) => v[key]).map(ocrTolerant))].sort((a, b) => b.length - a.length);
  return new RegExp(`(?:${words.map((w) => bounded(w, START, END)).join("|")})`, flags);
};

const L = (key: LabelKey): RegExp => labelRegex(key);

/** One alternation of a word list's entries in every language, in the order of the vocabularies. */
export const vocabularyWords = (key: WordKey): string => VOCABULARIES.flatMap((v) => v[key] ?? []).join("|");

/** Whole words between letters only: a digit or a sign may touch them ("Cash50.00", "Visa1234"). */
export const wholeWords = (words: string | readonly string[], flags = "iu"): RegExp => {
  const list = typeof words === "string" ? [words] : words;
  return new RegExp(list.map((w) => bounded(w, String.raw`(?<![\p{L}])`, String.raw`(?![\p{L}])`)).join("|"), flags);
};

const W = (key: WordKey): RegExp => wholeWords(VOCABULARIES.flatMap((v) => v[key] ?? []));

export const LABELS = {
  invoiceNumber: L("invoiceNumber"),
  /** A number that is the document's only where no invoice number's label is printed (a restaurant's check). */
  tabNumber: W("tabNumber"),
  dueDate: L("dueDate"),
  invoiceDate: L("invoiceDate"),
  issueDate: L("issueDate"),
  date: L("date"),
  dated: L("dated"),
  otherDate: L("otherDate"),
  purchaseOrder: L("purchaseOrder"),
  paymentTerms: L("paymentTerms"),
  paymentRef: L("paymentRef"),
  taxNumber: L("taxNumber"),
  subTotal: L("subTotal"),
  grandTotal: L("grandTotal"),
  amountDue: L("amountDue"),
  plainTotal: L("total"),
  qualified: L("qualified"),
  prepaid: L("prepaid"),
  /** Any total label: grand total, amount due or a plain total. */
  total: new RegExp(`${L("grandTotal").source}|${L("amountDue").source}|${L("total").source}`, "iu"),
  tax: L("tax"),
  billTo: L("billTo"),
  supplier: new RegExp(
    String.raw`^\s*(?:(?:${VOCABULARIES.flatMap((v) => v.supplier).join("|")})\s*:|(?:${vocabularyWords("soldBy")})(?:\s*:|(?=\s)))\s*`,
    "iu",
  ),
  supplierHeading: L("supplier"),
  payee: new RegExp(String.raw`^\s*(?:${VOCABULARIES.flatMap((v) => v.payee ?? []).join("|")})\s*:\s*`, "iu"),
  grossQualifier: W("grossQualifier"),
  netQualifier: W("netQualifier"),
  grossWord: W("grossWord"),
  balance: W("balance"),
  rounded: W("rounded"),
  /** A receipt's payment line: its word first, after a mark or a short prefix ("* CASH", "1. Visa"). */
  paidWith: new RegExp(String.raw`^\W*(?:\p{L}{1,2}\W+)?(?:${vocabularyWords("paidWith")})(?![\p{L}])`, "iu"),
  payment: W("payment"),
  /** A receipt's change line, its word first ("CASH CHANGE", "Baki"). */
  change: new RegExp(String.raw`^\W*(?:\p{L}{1,2}\W+)?(?:cash\s*)?(?:${vocabularyWords("change")})(?![\p{L}])`, "iu"),
  /** A rounding line, its label first. */
  rounding: new RegExp(String.raw`^\W*(?:${vocabularyWords("rounding")})(?![\p{L}])`, "iu"),
  /** A place, a comma and the word before the date, in its case ("München, den "). */
  placeDate: new RegExp(String.raw`\p{L}{3,},\s*(?:${vocabularyWords("placeDate")})\s+`, "u"),
  /** A bank account holder's label, with its colon. */
  accountHolder: new RegExp(String.raw`\b(?:${vocabularyWords("accountHolder")})\s*:?`, "i"),
  /** A bank's word in a name ("BRE Bank", "Banca Intesa"). */
  bank: W("bank"),
  /** The heading of a block of payment details ("Bank details:", "Bankverbindung"). */
  bankHeading: W("bankHeading"),
  tradeWord: W("tradeWord"),
  currencyLabel: W("currencyLabel"),
  /** A commercial register named where a word begins ("Amtsgericht Ratingen", "HRB 1234", "RCS Paris", "KvK"). */
  register: new RegExp(String.raw`(?<![\p{L}])(?:${vocabularyWords("register")})`, "iu"),
  ownedBy: W("ownedBy"),
  title: L("title"),
  tableHeader: L("tableHeader"),
  tableQty: L("tableQty"),
  tableAmount: L("tableAmount"),
} as const;

const TABLE_WORDS = [LABELS.tableHeader, LABELS.tableQty, LABELS.tableAmount];
/**
 * How many of a table heading's three kinds of word (what, how many, how much: "Description  Qty  Amount") some text
 * holds, as printed or with its marks folded away (OCR puts a mark on the wrong letter: "Tênhảng SL" for "Tên hàng
 * SL"). Two make a heading, whatever else OCR made of the row; a row of items is read under all three.
 */
export const tableWords = (text: string): number => {
  const folded = foldText(text);
  return TABLE_WORDS.filter((w) => w.test(text) || w.test(folded)).length;
};

/** The text after the first match of `label` on `line`, or null. */
export const afterLabel = (line: string, label: RegExp): string | null => {
  const m = line.match(label);
  if (!m || m.index === undefined) return null;
  return line.slice(m.index + m[0].length);
};

/** The first cell (up to a column gap of two spaces) of some text, trimmed. */
export const firstCell = (text: string): string => (text.trim().split(/\s{2,}/)[0] ?? "").trim();

// A bilingual label: the page's own words, then their English in brackets before the colon ("Đơn vị bán hàng
// (Seller):", "Số (No.):", "Tổng cộng tiền thanh toán (Total payment):", "发票号码(Invoice No.):"), as Vietnam's
// e-invoices, Thai and Chinese tax invoices print theirs. One of the two is read as the label: the page's own words
// where a vocabulary knows them (they say most: "Cộng tiền hàng hóa, dịch vụ (Total amount):" is the amount before
// tax), else the English.
const GLOSSED = /(^|\s{2,})([^\s()][^()]*?)\s*\(([A-Za-z][A-Za-z .'/&-]{0,40})\)(?=\s*:)/gu;
const NOT_ASCII = /[^\p{ASCII}]/u;
const KNOWN_LABELS: readonly RegExp[] = [
  LABELS.supplier,
  LABELS.total,
  LABELS.subTotal,
  LABELS.tax,
  LABELS.invoiceNumber,
  LABELS.invoiceDate,
  LABELS.date,
  LABELS.dueDate,
  LABELS.billTo,
  LABELS.taxNumber,
];
const isKnownLabel = (words: string): boolean => KNOWN_LABELS.some((label) => label.test(`${words.trim()}:`));

/** A line whose bilingual labels are each written once, in the words a vocabulary reads (see GLOSSED). */
export const glossesRead = (line: string): string =>
  // Most lines have no bracket: they skip the pattern.
  !line.includes("(")
    ? line
    : line.replace(GLOSSED, (whole, before: string, own: string, english: string) => {
        // A currency in brackets is the amount's unit ("Å betale (NOK):"), no gloss.
        if (!NOT_ASCII.test(own) || own.trim().split(/\s+/).length > 7 || !/\p{L}{2}/u.test(withoutCurrency(english)))
          return whole;
        return `${before}${isKnownLabel(own) ? own.trim() : english.trim()}`;
      });
