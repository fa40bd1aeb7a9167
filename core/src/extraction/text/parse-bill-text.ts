import { Decimal } from "decimal.js";
import { isCurrency, minorUnits } from "../../shared/currencies.js";
import { CURRENCY_GUESS } from "../confidence.js";
import type { ExtractedFieldName, ExtractedFields, KnownBuyer, PageEvidence, TextBox } from "../model.js";
import { findBankDetails } from "./bank.js";
import { currenciesIn, currencyMentions, withoutCurrency } from "./currency.js";
import { allDates, dateOrder, findDate, shortDatesYearFirst } from "./dates.js";
import { compactId, frenchVat, NO_BUYER, pageEvidence, pageSirens } from "./identity.js";
import { findInvoiceNumber, namesNumber } from "./invoice-number.js";
import { firstCell, LABELS, tableWords, vocabularyWords, wholeWords } from "./labels.js";
import { detectLanguage } from "./language.js";
import { cellsOfBoxes, rateOrUnlabelled, rowsFollowed, rowsUnderLabels } from "./layout.js";
import { findLineItems } from "./line-items.js";
import { normalise } from "./normalise.js";
import {
  AMOUNT_CELL,
  CENTS_AMOUNT,
  numberSpans,
  numbersIn,
  PRICED,
  parseNumber,
  WHOLE_PRICED,
  withoutRates,
} from "./numbers.js";
import {
  COUNTRY_AT_END,
  COUNTRY_CURRENCY,
  COUNTRY_MARKS,
  COUNTRY_NAMES,
  type CountryMarks,
  marks,
  US_ADDRESS,
} from "./places.js";
import { buyerBlock, cellsOf, findSupplierName } from "./supplier.js";
import { type Found, identifier, labelled, none } from "./values.js";
import { amountsInWords } from "./words-amount.js";

// OCR's readings of "Total" and "Summe" on receipts ("Tatal", "[otal", "Totsl", "SubTatal", "SUHME"): a
// five-character token one character away from the word, starting with its first two letters or ending with its
// last two, is read as the word.
const OCR_TOTAL = /(?<![\p{L}\d])(sub\s?)?([\p{L}\d[|!]{5})(?![\p{L}\d])/giu;
const TOTAL_WORDS = [
  ["total", "Total"],
  ["summe", "Summe"],
] as const;
const nearWord = (t: string, word: string): boolean => {
  if (t === word) return false;
  const diffs = [...word].filter((ch, i) => t[i] !== ch).length;
  return diffs === 1 && (t.startsWith(word.slice(0, 2)) || t.endsWith(word.slice(3)));
};
const fixTotal = (line: string): string =>
  line.replace(OCR_TOTAL, (m, sub: string | undefined, token: string) => {
    const near = TOTAL_WORDS.find(([word]) => nearWord(token.toLowerCase(), word));
    return near === undefined ? m : `${sub ?? ""}${near[1]}`;
  });

// Japanese fonts draw the yen's sign where ASCII has the backslash, and OCR reads it so ("合 計 \4.500"). OCR also
// reads a space after a thousands separator ("¥5, 104", "총합계 13. 700"): on a Japanese or Korean page, whose
// amounts are whole yen and won, three digits after one always group thousands.
const wholeUnitsJoined = (lines: readonly string[], language: string): readonly string[] => {
  if (language !== "ja" && language !== "ko") return lines;
  return lines.map((l) =>
    (language === "ja" ? l.replace(/\\(?=\s?\d)/g, "¥") : l).replace(
      /(?<![\d.,])(\d{1,3})([.,])\s(\d{3})(?!\d)/g,
      "$1$2$3",
    ),
  );
};

// Dinars, rials and fils count thousandths: on a page whose every currency has three decimals (Tunisia's "DT",
// Kuwait's, Oman's, Jordan's), "13.360" is thirteen dinars and 360 millimes, where elsewhere three digits after one
// mark group thousands. Such an amount is written with its whole part padded to four digits ("0013.360"), which
// `parseNumber` reads with a decimal mark, as it reads "1,234.567" (a group of thousands follows at most three).
// The page's text is looked through once: every code it prints and each sign it shows anywhere.
const countsThousandths = (text: string): boolean => {
  const named = new Set(currenciesIn(text));
  return named.size > 0 && [...named].every((c) => isCurrency(c) && minorUnits(c) === 3);
};
const thousandthsMarked = (text: string): string =>
  text.replace(
    /(?<![\d.,'])(\d{1,3})([.,]\d{3})(?!\d|[.,]\d)/g,
    (_, whole: string, frac: string) => whole.padStart(4, "0") + frac,
  );

// Identifiers that must never be read as money: VAT ids, IBANs, long digit runs, numbers glued to letters.
const withoutIdentifiers = (text: string): string =>
  text
    .replace(/\b[A-Z]{2}\s?\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g, " ")
    .replace(/\b[A-Z]{2,3}[\s-]?\d{8,12}[A-Z0-9]{0,3}\b/g, " ")
    .replace(/(?<![\d.,])\d{8,}(?!\d|[.,]\d)/g, " ")
    .replace(/\p{L}+\d{4,}[\p{L}\d/-]*|\d+\p{L}+\d[\p{L}\d]*/gu, " ")
    .replace(/(?<!\d)\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?!\d)/g, " ")
    .replace(/(?<![\d.,])\d{1,2}:\d{2}(?::\d{2})?(?![\d.,])/g, " ");

// OCR splits decimals ("39. 80"): join a separator followed by a space and two digits at the end of a number.
// A lost decimal mark ("6 00" at the end of a total line) is put back when the line has no other.
const joinSplitDecimals = (text: string): string => {
  // Cents printed without their zero after a space ("Rounding Adjustment RM .01", "CHANGE RM .00") are cents; after
  // a mark ("RM&.50") a digit was misread.
  const joined = text
    .replace(/(\d) ?([.,]) (\d{2})(?!\d)/g, "$1$2$3")
    // OCR's O for a zero before the cents ("RMO.02").
    .replace(/(?<=RM\s?)[Oo](?=[.,]\d{2}(?!\d))/g, "0")
    .replace(/(?<=^|\s)([.,])(\d{2})(?![\d.,])/g, "0$1$2");
  return /\d[.,]\d/.test(joined) ? joined : joined.replace(/(?<![\d.,])(\d{1,4}) (\d{2})\s*$/, "$1.$2");
};

// Cash handed over and change are never negative: a sign before them is OCR noise ("Cash  -51. 00").
const unsigned = (v: string | null): string | null => v?.replace(/^-/, "") ?? null;

// The amount on a line: the last number once identifiers, tax rates and currency signs are gone.
const amountAfter = (after: string): string | null => {
  const nums = numbersIn(withoutRates(withoutIdentifiers(withoutCurrency(joinSplitDecimals(after)))));
  return nums.length > 0 ? (nums[nums.length - 1] as string) : null;
};

// A line that is one amount and nothing else but its currency ("1 210,00 Kč", "€ 48.00").
const amountAlone = (line: string): string | null => {
  const bare = withoutCurrency(line);
  if (/\p{L}/u.test(bare)) return null;
  const nums = numbersIn(joinSplitDecimals(bare));
  return nums.length === 1 ? (nums[0] as string) : null;
};

const isTaxIdLine = (line: string): boolean => /\b(?:IBAN|BIC)\b/.test(line);
// A sentence, not a label: the cell around the label has many words ("... Rechnungsbetrag ist gemäß § 19 ...").
// A label that opens its cell, with an amount in the next cell, is a long label, not a sentence ("Valoare totală de
// plată factura curentă – incl. TVA –RON–  19.408,90").
const isProse = (line: string, at: number): boolean => {
  const start = line.lastIndexOf("  ", at) + 1;
  const end = line.indexOf("  ", at);
  const cell = line.slice(start, end < 0 ? undefined : end);
  if ((cell.match(/\p{L}{2,}/gu) ?? []).length <= 6) return false;
  const opens = !/\p{L}{2,}/u.test(line.slice(start, at));
  return !(opens && end >= 0 && /^\s*[^\p{L}\s]*\d/u.test(line.slice(end)));
};

const isAmountLabel = (c: string): boolean => LABELS.subTotal.test(c) || LABELS.total.test(c) || LABELS.tax.test(c);
// A table's heading row ("Description  Qty  Price  Total"): its labels head columns of items. A line of the text
// needs an item's word and a quantity's (a heading's "Qty ... Amount ... TOTAL" alone over a row can be the bill's
// total); a band of the page's cells over an amount needs any two kinds (`tableWords`: "Anzahl  Preis  Betrag").
const isTableHeading = (line: string): boolean => LABELS.tableHeader.test(line) && LABELS.tableQty.test(line);

// A line's cells (two spaces or more part them): the amounts it ends with, each a cell of its own, and the cells
// before them.
const amountTail = (line: string): { amounts: string[]; before: string[] } => {
  const parts = line.split(/\s{2,}/).map((c) => c.trim());
  let j = parts.length;
  while (j > 0 && AMOUNT_CELL.test(parts[j - 1] ?? "")) j--;
  return { amounts: parts.slice(j), before: parts.slice(0, j) };
};

// A row of total labels over a row of values ("TOTAL HT  TOTAL TVA  TOTAL TTC" ... "100,00  8,00  108,00"):
// each label with its value, as if printed side by side. Not labels heading a table of rows by tax rate
// ("Nettobetrag  MwSt. Betrag  Gesamtbetrag" over "A = 19% ..." and "B = 7% ..."): which row is the bill's is for
// the rows' own labels to say.
const headerRows = (lines: readonly string[]): string[] => {
  const out: string[] = [];
  lines.forEach((line, i) => {
    // The trailing cells that are all amount labels (a sentence may come first on the same line).
    const all = cellsOf(line, i).map((c) => c.text);
    let first = all.length;
    while (first > 0 && isAmountLabel(all[first - 1] as string) && !/\d/.test(all[first - 1] as string)) first--;
    const cells = all.slice(first);
    if (cells.length < 2) return;
    for (let k = i + 1; k <= Math.min(lines.length - 1, i + 4); k++) {
      const tail = amountTail(lines[k] ?? "").amounts;
      if (tail.length < cells.length) continue;
      const next = amountTail(lines[k + 1] ?? "");
      if (next.amounts.length >= cells.length && next.before.every(rateOrUnlabelled)) return;
      cells.forEach((c, j) => {
        out.push(`${c}  ${tail[tail.length - cells.length + j]}`);
      });
      return;
    }
  });
  return out;
};

// OCR's readings of "Incl." and "Inclusive of" on receipts ("Inciucive", "Inci", "ln of"), kept out of the
// vocabulary files: no language spells them so.
const INCLUSIVE_OCR = [String.raw`[il]n\s+of`, String.raw`inc[il1]\p{L}{0,4}ive`, String.raw`in[ce][il1]?`];
// Words that make a total the gross one whatever else its label says ("Total Sales (Inclusive of GST)").
const INCLUSIVE = new RegExp(`${LABELS.grossQualifier.source}|${wholeWords(INCLUSIVE_OCR.join("|")).source}`, "iu");

const AMOUNT_LABEL = new RegExp(`${LABELS.subTotal.source}|${LABELS.total.source}`, "giu");
// A gross amount's word alone ("NETTO 33,07 EUR BRUTTO 39,35 EUR"): no label of a total, but where the net's ends.
const SEGMENT_LABEL = new RegExp(`${AMOUNT_LABEL.source}|${LABELS.grossWord.source}`, "giu");

/**
 * A line printing several labelled amounts side by side ("Total VAT € 6,51  Total incl. VAT € 37,51"), cut
 * before each amount label that follows an amount: each piece is read like a line of its own.
 */
export const labelSegments = (line: string): string[] => {
  const out: string[] = [];
  let from = 0;
  for (const m of line.matchAll(SEGMENT_LABEL)) {
    const at = m.index ?? 0;
    // Only after money (an amount with its cents): a bare integer before the label is a rate or a count that OCR
    // garbled ("GST @4X included in total RM 0.19"), and cutting there would lose what the total is of.
    if (at > from && /\.\d{2}$/.test(amountAfter(line.slice(from, at)) ?? "")) {
      out.push(line.slice(from, at));
      from = at;
    }
  }
  out.push(line.slice(from));
  return out;
};

type Kind = "grand" | "due" | "plain";
interface Candidate {
  readonly value: string;
  readonly line: number;
  readonly kind: Kind;
  /** The line prints several amounts (a summary row: "Total  28.00  1.68"). */
  readonly several: boolean;
  /** Not printed as a total: cash less change, a card payment, a subtotal standing in, due plus prepaid. */
  readonly derived?: boolean;
  /** Labelled as the amount after rounding ("Total rounded", "Nett total", "Total after adj."). */
  readonly rounded?: boolean;
  /** Labelled as what is left to pay ("Amount due", "Balance", "Saldo"). */
  readonly leftToPay?: boolean;
}
const STRENGTH: Record<Kind, number> = { grand: 3, due: 2.5, plain: 1.5 };

const near = (a: string, b: string): boolean => new Decimal(a).minus(b).abs().lte(0.011);

// Only amounts printed with their cents: OCR noise ("106.006") is no tendered amount.
const withCents = (v: string | null): v is string => v !== null && /^\d+\.\d{2}$/.test(v);

/** What a receipt says was paid: the first amount each payment label gives. */
interface Payments {
  cash: string | null;
  /** What was handed over, where a line names it so beside the payment's own line ("Cash 8.60" ... "Tendered 9.00"). */
  handed: string | null;
  change: string | null;
  card: string | null;
  /**
   * Whether the cash or what was handed was printed as a whole amount with its thousands grouped ("Tunai  44,900",
   * rupiah; "현금 22,670", won): money in a currency without cents, which less the change is what was paid.
   */
  inWholeUnits: boolean;
  /** A small rounding adjustment, and the line it is on. */
  rounding: string | null;
  roundingLine: number;
}

/** Every amount the labelled lines of a bill print, gathered top to bottom. */
interface AmountLines {
  readonly totals: Candidate[];
  readonly subs: { value: string; line: number }[];
  readonly taxes: { value: string; line: number; summary: boolean }[];
  /** Larger amounts under a "Rounding" label: the rounded total, when a few cents from a total or subtotal read. */
  readonly roundedTotals: Candidate[];
  readonly paid: Payments;
}

const CENTS_GLOBAL = new RegExp(CENTS_AMOUNT.source, "g");
/** The amount after a label at `from`, or (the label alone on its line) the amount on the next line. */
const amountOn = (lines: readonly string[], line: string, i: number, from: number): string | null => {
  const v = amountAfter(line.slice(from));
  if (v !== null) return v;
  const next = i < lines.length ? (lines[i + 1] ?? "") : "";
  // One amount alone, or a row of amounts as many as its labels' row has cells, the label last ("VALOR DO FRETE ...
  // VALOR TOTAL DA NOTA" over "0,00 ... 1.950,00"); not a row of amounts the labels' cells do not match ("Total fara
  // TVA % Valoare TVA  Total incl. TVA" over "4152,66 20  830,53  4983,19").
  const cells = (l: string): string[] => l.trim().split(/\s{2,}/);
  const labels = cells(lines[i] ?? "");
  const alone =
    (next.match(CENTS_GLOBAL) ?? []).length <= 1 ||
    (line.trim().endsWith(labels[labels.length - 1] ?? "") && labels.length === cells(next).length);
  return alone && /^[\s\p{Sc}A-Z]{0,6}[-(]?\d[\d.,' ]*\)?\s*(?:\p{Sc}|[A-Z]{3})?$/u.test(next.trim())
    ? amountAfter(next)
    : null;
};

/** A whole amount with its thousands grouped ("44,900", "1.500"), as money in a currency without cents prints. */
const GROUPED_WHOLE = /(?<![\d.,])\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)/;

/** Cash, what was tendered, a card and the change; true for a change line ("Change due" is never an amount due). */
const readPayment = (line: string, paid: Payments): boolean => {
  const cashM = line.match(LABELS.paidWith);
  const handedM = line.match(/^\W*(?:cash\s*)?(?:tendered|received|tender)(?![\p{L}])/iu);
  for (const [m, key] of [
    [cashM, "cash"],
    [handedM, "handed"],
  ] as const) {
    if (m === null || paid[key] !== null) continue;
    const after = line.slice(m[0].length);
    paid[key] = unsigned(amountAfter(after));
    paid.inWholeUnits ||= GROUPED_WHOLE.test(after);
  }
  // A card pays the amount exactly: no change to take off.
  const cardM = line.match(/^\W*(?:master\s*card|master|visa|amex|credit(?:\s*card)?|debit(?:\s*card)?)(?![\p{L}])/iu);
  if (cardM) paid.card ??= amountAfter(line.slice(cardM[0].length).replace(/^[^\d]*(?:app|auth)[^\d]*\d+/iu, ""));
  const changeM = line.match(LABELS.change);
  if (!changeM) return false;
  const rest = line.slice(changeM[0].length);
  // All zeros printed without the mark ("CHANGE 000", "Kembalian  0") is no change.
  paid.change ??= /^\D*0(?:00)?\s*$/.test(rest) ? "0.00" : unsigned(amountAfter(rest));
  return true;
};

/**
 * A "Rounding" line: less than half a unit, the adjustment (to five cents, or to the whole unit as India's "Round
 * Off: 0.24" and Czech tills round); larger, the rounded total printed under it.
 */
const readRounding = (lines: readonly string[], line: string, i: number, found: AmountLines): void => {
  const roundingM = line.match(LABELS.rounding);
  // Its amount beside it, or under it where the label stands alone ("ROUNDING ADJ:" over "-0.02").
  const roundingV = roundingM ? amountOn(lines, line, i, roundingM[0].length) : null;
  if (roundingV !== null && new Decimal(roundingV).abs().lt(0.5)) {
    // The adjustment and its line are the first rounding row's (a line's before the boxes' paired copy of it).
    if (found.paid.rounding === null) found.paid.roundingLine = i;
    found.paid.rounding ??= roundingV;
  } else if (roundingV !== null && withCents(roundingV))
    found.roundedTotals.push({
      value: roundingV,
      line: i,
      kind: "plain",
      several: false,
      derived: true,
      rounded: true,
    });
};

const COUNT_THEN_AMOUNT = /^\W*(?:qty|quantity|items?)\W*\d+\s*\W?\s*(?:amt|amount)\W*(?=\d)/iu;

/**
 * A total label's amount: a total of the bill (ranked by its label), or, for the total of something else, a
 * subtotal ("Total excl."), a tax ("Total tax") or nothing ("Total items"). False when the line has no total label.
 */
const readTotal = (lines: readonly string[], line: string, i: number, found: AmountLines): boolean => {
  const grand = line.match(LABELS.grandTotal);
  const due = line.match(LABELS.amountDue);
  const m = grand ?? due ?? line.match(LABELS.plainTotal);
  if (m?.index === undefined) return false;
  const kind: Kind = grand ? "grand" : due ? "due" : "plain";
  const label = line.slice(0, m.index + m[0].length);
  const after = line.slice(m.index + m[0].length);
  // "Total tax", "Gesamtbetrag der Abschläge", "Total items": the total of something else. A cell before the label's
  // that holds a count is another column's ("3 ARTICLES     TOTAL A PAYER  18,91"), and qualifies nothing, nor does
  // what stands before a row's number ("Previous Reading KWH  25.  Total Amount Before Due Date", a utility bill's
  // numbered summary beside its meter readings); a row of headings before it ("VALOR DO IPI  VALOR TOTAL DA NOTA")
  // still does.
  const cellsBefore = label.slice(0, m.index).split(/\s{2,}/);
  const own = cellsBefore.pop() ?? "";
  const rowNumber = /^\d{1,3}[.)]$/.test((own.trim() || cellsBefore.at(-1)) ?? "");
  const before = rowNumber || cellsBefore.some((c) => /^\d+\s+\p{L}/u.test(c)) ? own : label.slice(0, m.index);
  const qualifier = (before + (after.match(/^[^\d]*/)?.[0] ?? "")).replace(/\p{Sc}/gu, "");
  // "Total Sales ... GST": the total of the sales, tax included unless it says otherwise.
  const sales = /^\W*s[ae]l[ae]s(?![\p{L}])/iu.test(after) && !LABELS.netQualifier.test(qualifier);
  const isQualified = LABELS.qualified.test(qualifier) && !INCLUSIVE.test(qualifier) && !sales;
  // "Total Qty: 6  Amt: 1708.00", "Total items 3  Amount 12.50": a count of the items, then the bill's amount
  // under a label of its own.
  const counted = isQualified ? after.match(COUNT_THEN_AMOUNT) : null;
  if (counted !== null) {
    const w = amountOn(lines, line, i, m.index + m[0].length + counted[0].length);
    if (w !== null) found.totals.push({ value: w, line: i, kind, several: false, rounded: false, leftToPay: false });
    return true;
  }
  const v = amountOn(lines, line, i, m.index + m[0].length);
  if (isQualified && LABELS.netQualifier.test(qualifier)) {
    if (v !== null) found.subs.push({ value: v, line: i });
  } else if (isQualified && LABELS.tax.test(qualifier)) {
    if (v !== null) found.taxes.push({ value: v, line: i, summary: true });
  } else if (!isQualified && !isProse(line, m.index)) {
    // Beside an amount with cents, a bare integer of three digits or more is no amount of a summary row but a
    // code or an OCR'd word ("Total Inc. 687 6%: 758.70").
    const amounts = numbersIn(withoutRates(withoutIdentifiers(withoutCurrency(after))));
    const several =
      (v !== null && /\.\d{2}$/.test(v) ? amounts.filter((a) => !/^\d{3,}$/.test(a)) : amounts).length > 1;
    const rounded = LABELS.rounded.test(label + qualifier);
    // What is left to pay after payments ("Balance 0.00", "Saldo -12,00", an amount due of nothing or less) is no
    // total of the bill.
    const leftToPay = kind === "due" || LABELS.balance.test(label + qualifier);
    if (v !== null && !(leftToPay && new Decimal(v).lte(0)))
      found.totals.push({ value: v, line: i, kind, several, rounded, leftToPay });
  }
  return true;
};

/**
 * Every labelled amount of the lines (and of rows of total labels over rows of values, by character columns or
 * by the page's positions), with what was paid.
 */
const gatherAmounts = (lines: readonly string[], cells: readonly TextBox[]): AmountLines => {
  const found: AmountLines = {
    totals: [],
    subs: [],
    taxes: [],
    roundedTotals: [],
    paid: {
      inWholeUnits: false,
      cash: null,
      handed: null,
      change: null,
      card: null,
      rounding: null,
      roundingLine: Number.POSITIVE_INFINITY,
    },
  };
  // Under a table's heading ("Description  Total") is its first row, whatever the heading's words.
  const paired = [
    ...headerRows(lines),
    ...rowsUnderLabels(cells, isAmountLabel, (band) => tableWords(band) >= 2 || LABELS.tableHeader.test(band)),
  ];
  for (const [i, full] of [...lines, ...paired].entries()) {
    if (isTaxIdLine(full) || isTableHeading(full)) continue;
    for (const line of labelSegments(full)) {
      if (readPayment(line, found.paid)) continue;
      readRounding(lines, line, i, found);
      const sub = line.match(LABELS.subTotal);
      if (sub?.index !== undefined) {
        const v = amountOn(lines, line, i, sub.index + sub[0].length);
        // A net total right under a rounding adjustment ("Rounding Adj 0.01", "Net Total 78.50") is the amount
        // after it, what the receipt is paid with: net of the rounding, not of the tax.
        const rounded =
          i > found.paid.roundingLine && i - found.paid.roundingLine <= 2 && LABELS.netQualifier.test(sub[0]);
        if (v !== null && rounded)
          found.totals.push({ value: v, line: i, kind: "plain", several: false, rounded: true, leftToPay: false });
        else if (v !== null) found.subs.push({ value: v, line: i });
        continue;
      }
      if (readTotal(lines, line, i, found)) continue;
      const tax = line.match(LABELS.tax);
      if (
        tax?.index !== undefined &&
        !LABELS.taxNumber.test(line) &&
        !NET_BEFORE.test(line.slice(0, tax.index)) &&
        !TAX_TITLE.test(line.slice(tax.index + tax[0].length))
      ) {
        const v = amountAfter(line.slice(tax.index + tax[0].length));
        if (v !== null) found.taxes.push({ value: v, line: i, summary: false });
      }
    }
  }
  netAndTaxRows(lines, found);
  dropLineItems(lines, cells, found);
  // "ROUNDING 4.00" beside a subtotal of 6.00 is OCR's 0.00, not a total.
  for (const r of found.roundedTotals)
    if ([...found.totals, ...found.subs].some((c) => new Decimal(c.value).minus(r.value).abs().lte(0.05)))
      found.totals.push(r);
  return found;
};

// A tax's word in the document's title ("(VAT INVOICE)  No.: 137", "GST Receipt 0042"): the number after it is
// the document's, no tax.
const TAX_TITLE = /^\s*(?:invoice|receipt)\b/i;

// A tax's word after "without" ("(*) Sin impuestos.  Op. Gravada :  S/ 62.38"): what the amount is net of.
const NET_BEFORE = new RegExp(`(?:${LABELS.netQualifier.source})\\s*$`, "iu");

/**
 * A total's row of two amounts ("合 计  ¥227.18  ¥6.82", "Total  28.00  1.68") that add up to another total of the
 * page ("价税合计 (小写)¥234.00"): the net amount and its tax, side by side under their columns. Only on a page whose
 * labels give neither otherwise.
 */
const netAndTaxRows = (lines: readonly string[], found: AmountLines): void => {
  if (found.subs.length > 0 || found.taxes.length > 0) return;
  for (const c of found.totals) {
    if (!c.several || c.line >= lines.length) continue;
    const amounts = numbersIn(withoutRates(withoutCurrency(lines[c.line] ?? ""))).filter((a) => /\.\d{2}$/.test(a));
    const [net, tax, ...more] = amounts;
    if (net === undefined || tax === undefined || more.length > 0 || new Decimal(tax).gte(net)) continue;
    const sum = new Decimal(net).plus(tax).toFixed(2);
    if (!found.totals.some((t) => t !== c && near(t.value, sum))) continue;
    found.subs.push({ value: net, line: c.line });
    found.taxes.push({ value: tax, line: c.line, summary: true });
  }
};

/**
 * A total label in a table's row that more rows of it follow (by the page's positions) is an item's ("Grand
 * total service  2  240.00  480.00"), not the bill's: its amount is no total while another is read.
 */
const dropLineItems = (lines: readonly string[], cells: readonly TextBox[], found: AmountLines): void => {
  if (cells.length === 0 || found.totals.length < 2) return;
  const items = rowsFollowed(cells, (t) => LABELS.total.test(t));
  const isItem = (c: Candidate): boolean => items.has((lines[c.line] ?? "").trim().replace(/\s+/g, " "));
  const kept = found.totals.filter((c) => !isItem(c));
  if (kept.length > 0 && kept.length < found.totals.length) found.totals.splice(0, found.totals.length, ...kept);
};

/** What the receipt cost by what was paid: cash (or the amount tendered) less change, or a card's amount. */
const paidFor = (paid: Payments): { given: string | null; byCash: string | null } => {
  const money = (v: string | null): v is string => withCents(v) || (paid.inWholeUnits && v !== null && /^\d+$/.test(v));
  const given = money(paid.handed) ? paid.handed : paid.cash;
  const byCash =
    money(given) && money(paid.change)
      ? new Decimal(given).minus(paid.change).toFixed(withCents(given) ? 2 : 0)
      : withCents(paid.card) && paid.change === null
        ? paid.card
        : null;
  return { given, byCash };
};

/** Totals made up where none was read as printed: from what was paid, due plus prepaid, a summary row, a subtotal. */
const addStandIns = (
  lines: readonly string[],
  found: AmountLines,
  byCash: string | null,
  summary: ReturnType<typeof netTaxGross>,
): void => {
  const { totals, subs, taxes, paid } = found;
  // What was tendered less the change is what the receipt cost: a candidate when a total label has no amount.
  if (byCash !== null && Number(byCash) > 0 && !totals.some((c) => near(c.value, byCash)))
    totals.push({ value: byCash, line: -1, kind: "plain", several: false, derived: true });
  // No grand total read (OCR lost the totals row), but the amount due and a prepayment were: their sum is it.
  const prepaid = lines.flatMap((line) => {
    const m = line.match(LABELS.prepaid);
    const v = m?.index === undefined ? null : amountAfter(line.slice(m.index + m[0].length));
    return v !== null && !LABELS.total.test(line) ? [v] : [];
  })[0];
  const due = totals.filter((c) => c.kind === "due").at(-1);
  if (prepaid !== undefined && due && !new Decimal(prepaid).isZero() && !totals.some((c) => c.kind === "grand"))
    totals.push({
      value: new Decimal(due.value).plus(prepaid).toFixed(2),
      line: due.line,
      kind: "grand",
      several: false,
      derived: true,
    });
  // No total label read at all, but a summary row whose last three amounts are net, tax and their sum ("27,00 %
  // 69.180  18.679  87.859" under column headings the lines do not pair): the sum stands in, weakly (before a
  // lone subtotal would). Beside a labelled subtotal, only a row that prints that subtotal as its net amount.
  const row = totals.length === 0 ? summary : null;
  if (row && (subs.length === 0 || subs.some((x) => near(x.value, row.net)))) {
    totals.push({ value: row.gross, line: row.line, kind: "plain", several: false, derived: true });
    if (subs.length === 0) subs.push({ value: row.net, line: row.line });
    if (taxes.length === 0) taxes.push({ value: row.tax, line: row.line, summary: true });
  }
  // No total label read, but a subtotal and a tax were, and a line just under them is one amount alone, their sum:
  // the grand total printed without a label of its own ("Celkem bez DPH 1 000,00 Kč", "DPH 21 % 210,00 Kč",
  // "1 210,00 Kč"; its label drawn apart, or none).
  const last = Math.max(-1, ...subs.map((x) => x.line), ...taxes.map((x) => x.line));
  if (totals.length === 0 && subs.length > 0 && taxes.length > 0)
    for (let i = last + 1; i < Math.min(lines.length, last + 3); i++) {
      const alone = amountAlone(lines[i] ?? "");
      if (alone === null) continue;
      if (subs.some((x) => taxes.some((t) => near(new Decimal(x.value).plus(t.value).toFixed(2), alone))))
        totals.push({ value: alone, line: i, kind: "plain", several: false, derived: false });
      break;
    }
  // A total of nothing beside amounts that are not ("Total 0.00" over "Sub Total 40.00") is a misreading.
  if ([...totals, ...subs].some((c) => !new Decimal(c.value).isZero()))
    for (let k = totals.length - 1; k >= 0; k--) if (new Decimal(totals[k]?.value ?? "0").isZero()) totals.splice(k, 1);
  // No total label read at all: a receipt without tax prints only its subtotal ("SUBTOTAL (QTY 4) RM41.45") or a
  // "Net total"; the last one stands in, weakly.
  const lastSub = subs.filter((x) => !new Decimal(x.value).isZero()).at(-1);
  if (totals.length === 0 && lastSub)
    totals.push({ value: lastSub.value, line: lastSub.line, kind: "plain", several: false, derived: true });
  // Nothing labelled at all, but what was paid in cash (no change printed) or by card.
  const tendered = withCents(paid.card) ? paid.card : withCents(paid.cash) && paid.change === null ? paid.cash : null;
  if (totals.length === 0 && tendered !== null && !new Decimal(tendered).isZero())
    totals.push({ value: tendered, line: -1, kind: "plain", several: false, derived: true });
};

/** The subtotal and tax that add up to a total, if any do. */
type Confirms = (total: string) => { sub: string; tax: string } | null;

/** Subtotal + tax = total, over every subtotal and every tax (or sum of taxes) read; both lists may grow by repairs. */
const confirmsBy =
  (subs: readonly { value: string }[], taxSums: readonly string[]): Confirms =>
  (total) => {
    for (const s of subs)
      for (const t of taxSums) if (near(new Decimal(s.value).plus(t).toFixed(), total)) return { sub: s.value, tax: t };
    return null;
  };

/**
 * No total confirmed as printed: an OCR slip in one digit (3/8, 0/6, 5/6) or a lost decimal mark may be all that
 * keeps subtotal + tax from equalling a total; the repaired, consistent set replaces the printed one. Answers the
 * repaired total (null when nothing was repaired); totals, subtotals and tax sums are repaired in place.
 */
const repairAmounts = (
  found: AmountLines,
  taxSums: string[],
  byCash: string | null,
  confirms: Confirms,
): string | null => {
  const { totals, subs } = found;
  // OCR loses a tax's decimal mark ("Total GST 537" for 5.37): its hundredth may be what subtotal + tax needs.
  const lostMark = taxSums.filter((t) => /^\d{3,}$/.test(t)).map((t) => new Decimal(t).dividedBy(100).toFixed(2));
  const confirmsRepaired = confirmsBy(
    subs.filter((x) => /\.\d{2}$/.test(x.value)),
    lostMark,
  );
  // A total printed without its decimal mark ("( 742)") where what was tendered less the change is 7.42.
  for (const [k, c] of totals.entries())
    if (byCash !== null && /^\d{3,}$/.test(c.value) && new Decimal(byCash).times(100).eq(c.value))
      totals[k] = { ...c, value: byCash };
  // A rounded total printed without its decimal mark ("Amount Payable after Rounding off  1067800") within a unit of
  // a total with cents (10678.10, before the rounding): its hundredth.
  for (const [k, c] of totals.entries()) {
    if (!c.rounded || !/^\d{3,}$/.test(c.value)) continue;
    const hundredth = new Decimal(c.value).dividedBy(100);
    if (totals.some((o) => /\.\d{2}$/.test(o.value) && hundredth.minus(o.value).abs().lt(1)))
      totals[k] = { ...c, value: hundredth.toFixed(2) };
  }
  if (totals.some((c) => confirms(c.value) !== null)) return null;
  const byLostMark = totals.map((c) => confirmsRepaired(c.value)).find((x) => x !== null);
  if (byLostMark) {
    taxSums.push(byLostMark.tax);
    return new Decimal(byLostMark.sub).plus(byLostMark.tax).toFixed(2);
  }
  const repaired = repairTotals(
    totals.map((c) => c.value),
    subs.map((s) => s.value),
    taxSums,
  );
  if (!repaired) return null;
  const c = totals[repaired.index];
  if (c) totals[repaired.index] = { ...c, value: repaired.total };
  for (const s of subs) if (s.value === repaired.printedSub) Object.assign(s, { value: repaired.sub });
  taxSums.push(repaired.tax);
  return repaired.total;
};

type Scored = Candidate & {
  readonly confirmed: { sub: string; tax: string } | null;
  readonly score: number;
  /** The page writes this amount in words too. */
  readonly spelled: boolean;
};

/**
 * The totals, best first: by the strength of their label, a subtotal plus tax confirming them, what was paid, being
 * printed again; less for a total without cents beside ones with them, more than the cash handed over, or on a
 * summary row. Negative ones are dropped while a positive one is printed (a credit note prints all its totals so).
 */
const rankTotals = (
  totals: readonly Candidate[],
  confirms: Confirms,
  paid: Payments,
  given: string | null,
  byCash: string | null,
  spelled: readonly string[],
): Scored[] => {
  // OCR drops a decimal mark or reads noise as digits ("a30"): a total without cents beside ones with them is
  // suspect; one printed again elsewhere (a second total label, a card slip) is likelier read right.
  const withCentsAnywhere = totals.some((c) => /\.\d{2}$/.test(c.value));
  const scored = totals.map((c) => {
    // A total made up from other lines cannot be confirmed by them.
    const confirmed = c.derived ? null : confirms(c.value);
    const again = totals.filter((o) => o !== c && near(o.value, c.value)).length;
    const spelledToo = spelled.some((w) => near(w, c.value));
    const score =
      STRENGTH[c.kind] +
      c.line / 10_000 +
      (confirmed ? 3 : 0) +
      // The amount the page writes in words is the payable one, whatever other labels say.
      (spelledToo ? 10 : 0) +
      (byCash !== null && near(byCash, c.value) ? 1 : 0) +
      Math.min(again, 2) * 1 -
      (withCentsAnywhere && !/\.\d{2}$/.test(c.value) ? 1.5 : 0) -
      // Cash handed over with change given back: the price was not more than the cash.
      (withCents(given) && withCents(paid.change) && new Decimal(c.value).gt(new Decimal(given).plus(0.05)) ? 2 : 0) -
      (c.several ? 1 : 0);
    return { ...c, confirmed, score, spelled: spelledToo };
  });
  scored.sort((a, b) => b.score - a.score);
  // A payment, refund or deposit printed as a negative amount under a total label ("Total payments -903.63") is
  // never the bill's total while a positive total is printed.
  return scored.some((c) => new Decimal(c.value).gt(0)) ? scored.filter((c) => !new Decimal(c.value).lt(0)) : scored;
};

// Payments, deposits and prepayments a folio or a statement prints between its total and what is left to pay.
const PAYMENT = new RegExp(`${LABELS.prepaid.source}|${LABELS.payment.source}`, "iu");

/** The amounts lines naming a payment, deposit or prepayment print, as positive amounts. */
const paymentAmounts = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => {
    const m = line.match(PAYMENT);
    const v = m?.index === undefined ? null : amountAfter(line.slice(m.index + m[0].length));
    return v === null ? [] : [new Decimal(v).abs().toFixed(2)];
  });

/**
 * What is left to pay after payments ("Total 500.00 / Deposit 200.00 / Balance due 300.00") is not the bill's total:
 * the total it was taken from is, when a larger total is printed that the left amount plus a payment on the page
 * makes.
 */
const beforePayments = (best: Scored | undefined, scored: readonly Scored[], payments: readonly string[]) =>
  best?.leftToPay
    ? scored.find(
        (c) =>
          !c.leftToPay &&
          new Decimal(c.value).gt(best.value) &&
          payments.some((p) => new Decimal(p).gt(0) && near(new Decimal(best.value).plus(p).toFixed(), c.value)),
      )
    : undefined;

/**
 * Charges outside the tax added after the taxed total (a TV licence on an Italian power bill, a stamp duty, a
 * deposit): a total that subtotal + tax confirm under a plain label is the bill before them where a grand total's
 * label ("Totale da pagare") prints more, by an amount the page prints. That grand total is payable, unconfirmed.
 */
const afterCharges = (
  best: Scored | undefined,
  scored: readonly Scored[],
  lines: readonly string[],
): Scored | undefined => {
  if (!best?.confirmed || best.kind === "grand") return best;
  // The page's amounts with cents, read only for a bill that asks.
  const printed = new Set(
    lines.flatMap((l) =>
      numbersIn(withoutRates(l))
        .filter((v) => /\.\d{2}$/.test(v))
        .map((v) => new Decimal(v).abs().toFixed(2)),
    ),
  );
  const grand = scored.find(
    (c) =>
      c.kind === "grand" &&
      !c.derived &&
      new Decimal(c.value).gt(best.value) &&
      printed.has(new Decimal(c.value).minus(best.value).toFixed(2)),
  );
  return grand === undefined ? best : { ...grand, confirmed: null };
};

/**
 * The payable total among the ranked ones: the best, unless it was the net amount (another total is it plus a
 * tax read) or what was left to pay after payments (another total is it plus a payment), or an amount after
 * rounding a few cents away is what was paid. `roundedAway` when rounding decided.
 */
const payableTotal = (
  scored: readonly Scored[],
  taxSums: readonly string[],
  paid: Payments,
  byCash: string | null,
  payments: readonly string[],
  lines: readonly string[],
): { best: Scored | undefined; roundedAway: boolean } => {
  const ranked = scored[0];
  // Written in words too, it is what is payable: no payment, charge or rounding changes it.
  if (ranked?.spelled) return { best: ranked, roundedAway: false };
  const net = beforePayments(ranked, scored, payments) ?? ranked;
  // Gross before net: a total that no subtotal plus tax confirms, with another total printed that is exactly it
  // plus a tax read on the page, was the net amount.
  const gross =
    net === undefined || net.confirmed
      ? undefined
      : scored.find(
          (c) =>
            c !== net &&
            taxSums.some((t) => new Decimal(t).gt(0) && near(new Decimal(net.value).plus(t).toFixed(), c.value)),
        );
  const best = afterCharges(gross ?? net, scored, lines);
  // The amount after rounding is what was paid: it replaces a total a few cents away from it that subtotal + tax
  // confirm or that a rounding line follows.
  const roundedBy = Decimal.max(0.05, new Decimal(paid.rounding ?? 0).abs());
  const afterRounding = scored.find(
    (c) =>
      (c.rounded || (c.line > paid.roundingLine && !c.derived)) &&
      best &&
      !new Decimal(c.value).eq(best.value) &&
      new Decimal(c.value).minus(best.value).abs().lte(roundedBy),
  );
  if (afterRounding && (best?.confirmed || paid.rounding !== null))
    return { best: { ...afterRounding, confirmed: null }, roundedAway: true };
  // Rounded to the whole unit without a label saying so (India's "Total Amount After Tax ₹4,490.00" under a table's
  // 4,489.90; Czech, Swedish, Hungarian bills round so too): a grand total printed below a confirmed one, whole,
  // less than half a unit from it, is what is payable.
  const whole = (v: string): boolean => new Decimal(v).isInteger();
  const roundedWhole =
    best?.confirmed &&
    !whole(best.value) &&
    scored.find(
      (c) =>
        c.kind === "grand" &&
        !c.derived &&
        c.line > best.line &&
        whole(c.value) &&
        new Decimal(c.value).minus(best.value).abs().lt(0.5),
    );
  if (roundedWhole) return { best: { ...roundedWhole, confirmed: null }, roundedAway: true };
  // What was paid (cash less change, a card, cash with no change printed) rounded to five cents, a few cents from
  // a total that is not: the payable amount after rounding.
  const byPayment = byCash ?? (withCents(paid.cash) && paid.change === null ? paid.cash : null);
  const toFiveCents = (v: string): boolean => new Decimal(v).times(20).isInteger();
  if (
    best &&
    byPayment !== null &&
    !new Decimal(byPayment).eq(best.value) &&
    new Decimal(byPayment).minus(best.value).abs().lte(0.05) &&
    toFiveCents(byPayment) &&
    !toFiveCents(best.value)
  )
    return { best: { ...best, value: byPayment, confirmed: null }, roundedAway: true };
  return { best, roundedAway: false };
};

/** The amounts a bill's text gives, each with how sure the reading is. */
interface Amounts {
  subTotal: Found<string | null>;
  taxAmount: Found<string | null>;
  totalAmount: Found<string | null>;
  /** Subtotal + tax = total holds only after a repair, or which amount is payable stays open. */
  unsure: boolean;
  /** The line the total was printed on (-1 when made up or none). */
  totalLine: number;
  /** The page writes the total in words too. */
  spelled: boolean;
}

/**
 * The chosen total with the subtotal and tax: confirmed ones sure (less after a repair), a total of a weak label, a
 * made-up one or one with rivals of its kind less so. Subtotal + tax agreeing while which amount is payable stays
 * open (a rounding adjustment, a later total printing the cash amount) lifts them to 0.85, not 0.98.
 */
const amountsOf = (
  chosen: ReturnType<typeof payableTotal>,
  scored: readonly Scored[],
  found: AmountLines,
  repairedTotal: string | null,
  ocr: boolean,
): Amounts => {
  const { best, roundedAway } = chosen;
  const { subs, taxes, paid } = found;
  // A tax of nothing ("ISC : S/ 0.00", "Otros Tributos : S/ 0.00") is another tax's line, where one is charged.
  const summary = taxes.find((t) => t.summary) ?? taxes.find((t) => !new Decimal(t.value).isZero()) ?? taxes[0];
  const asRead = {
    subTotal: subs[0] ? { value: subs[0].value, confidence: 0.7 } : none,
    taxAmount: summary ? { value: summary.value, confidence: 0.6 } : none,
  };
  if (!best) return { ...asRead, totalAmount: none, unsure: roundedAway, totalLine: -1, spelled: false };
  const others = scored.filter((c) => !near(c.value, best.value) && c.kind === best.kind);
  const rivals = others.length;
  // Two other amounts or more printed under the same kind of label: a document of sections (a statement of several
  // premises, accounts or orders, each totalled), whose own total a section's may be taken for. Not sure.
  const sectioned = !best.spelled && new Set(others.filter((c) => !c.derived).map((c) => c.value)).size >= 2;
  // A set made consistent by a repair is likelier right than an unconfirmed one, less sure than one as printed.
  const fixed = repairedTotal !== null && best.confirmed !== null;
  // In OCR's lines a tax of nothing checks nothing: the subtotal it "confirms" is the total's own figure, or OCR's
  // reading of it twice (a summary's columns paired wrongly, a "0" read off a rounding line). It still ranked the
  // total printed twice first; the figures stand as read, not sure.
  const zeroTax = ocr && best.confirmed != null && new Decimal(best.confirmed.tax).isZero();
  const confidence = fixed
    ? 0.85
    : (best.confirmed && !zeroTax) || best.spelled
      ? 0.95
      : best.kind === "plain" || rivals > 0 || best.derived
        ? 0.6
        : 0.8;
  const read = best.confirmed
    ? {
        subTotal: { value: best.confirmed.sub, confidence: fixed || zeroTax ? 0.85 : 0.95 },
        taxAmount: { value: best.confirmed.tax, confidence: fixed || zeroTax ? 0.85 : 0.95 },
      }
    : asRead;
  const open =
    best.confirmed != null &&
    ((paid.rounding !== null && !new Decimal(paid.rounding).isZero()) ||
      scored.some(
        (c) => c.line > best.line && !near(c.value, best.value) && withCents(paid.cash) && near(c.value, paid.cash),
      ));
  const cap = (f: Found<string | null>): Found<string | null> => ({
    value: f.value,
    confidence: Math.min(f.confidence, 0.85),
  });
  return {
    totalAmount: { value: best.value, confidence: open || sectioned ? Math.min(confidence, 0.85) : confidence },
    subTotal: open ? cap(read.subTotal) : read.subTotal,
    taxAmount: open ? cap(read.taxAmount) : read.taxAmount,
    // A made-up total that the subtotal and a zero tax seem to agree with is still made up.
    unsure:
      (best.confirmed != null && repairedTotal !== null) ||
      open ||
      best.derived === true ||
      roundedAway ||
      zeroTax ||
      sectioned,
    totalLine: best.derived ? -1 : best.line,
    spelled: best.spelled,
  };
};

/**
 * Total, subtotal and tax from candidates: every labelled line gives one, stand-ins are made where none was read,
 * an OCR slip is repaired when that makes subtotal + tax equal a total, totals are ranked (grand total, amount
 * due, plain total; confirmed ones first) and the payable one is chosen.
 */
const findAmounts = (lines: readonly string[], cells: readonly TextBox[], ocr: boolean): Amounts => {
  const found = gatherAmounts(lines, cells);
  const taxSums = [
    ...new Set([...found.taxes.map((t) => t.value), sumOf(found.taxes.filter((t) => !t.summary).map((t) => t.value))]),
  ];
  // A VAT summary's rows add up to their gross amount: a total printed with its label on a line of its own as that
  // sum is confirmed as subtotal + tax confirm one (net and tax from the summary). Not the summary's own figures: a
  // stand-in made of it, or a gross column paired with a heading ("mit MwSt") over the rows.
  const summary = netTaxGross(lines);
  const bySubAndTax = confirmsBy(found.subs, taxSums);
  const printedAs = (total: string): boolean =>
    found.totals.some(
      (c) => !c.derived && near(c.value, total) && c.line < lines.length && summaryRow(lines[c.line] ?? "") === null,
    );
  const confirms: Confirms = (total) =>
    bySubAndTax(total) ??
    (summary !== null && near(summary.gross, total) && printedAs(total)
      ? { sub: summary.net, tax: summary.tax }
      : null);
  const { given, byCash } = paidFor(found.paid);
  addStandIns(lines, found, byCash, summary);
  const repairedTotal = repairAmounts(found, taxSums, byCash, confirms);
  const scored = rankTotals(found.totals, confirms, found.paid, given, byCash, amountsInWords(lines));
  const chosen = payableTotal(scored, taxSums, found.paid, byCash, paymentAmounts(lines), lines);
  const amounts = amountsOf(chosen, scored, found, repairedTotal, ocr);
  // A total read as a row of a label over its value (made of the page's positions, numbered past its lines) that a
  // line of the page prints too ("Total a pagar  53,39€"): that line is the total's, and tells its currency.
  const total = amounts.totalAmount.value;
  if (amounts.totalLine < lines.length || total === null) return amounts;
  const printed = found.totals.find((c) => !c.derived && c.line >= 0 && c.line < lines.length && near(c.value, total));
  return printed === undefined ? amounts : { ...amounts, totalLine: printed.line };
};

/**
 * A row's last three amounts as net, a smaller tax and their sum, printed net-tax-gross, tax-net-gross or gross-net-tax;
 * all three negative on a row of refunds.
 */
type SummaryRow = { net: string; tax: string; gross: string };
const summaryRow = (line: string): SummaryRow | null => {
  if (isTaxIdLine(line)) return null;
  const text = withoutRates(withoutIdentifiers(withoutCurrency(line)));
  const all = numberSpans(text);
  // A rate printed without its sign among amounts with cents ("10 536.43 €  27  2 844.84 €  13 381.27 €" under "Nettó
  // %  ÁFA  Bruttó") is no amount of the row: where three amounts have cents, they are the row's.
  const cents = all.filter((n) => /\.\d{2}$/.test(n.value));
  const spans = cents.length >= 3 ? cents : all;
  if (spans.length < 3) return null;
  const last = spans.slice(-3);
  // A row's amounts stand side by side, a label at most between them ("Net 10.00 VAT 1.90 Gross 11.90"); a sentence
  // ("the system charges are 23.75, of which 22.50 for A and 1.25 for B") is no row, whatever its sums.
  const between = text.slice(last[0]?.start, last[2]?.end).match(/\p{L}{2,}/gu) ?? [];
  if (between.length > 2) return null;
  const [a, b, c] = last.map((n) => n.value) as [string, string, string];
  // A row of refunds at its rate (a bottle deposit returned: "0,21-  0,04-  0,25-") is all negative.
  const fits = (net: string, tax: string, gross: string) => {
    const [n, t] = [new Decimal(net), new Decimal(tax)];
    const sized = (n.gt(0) && t.gt(0) && t.lt(n)) || (n.lt(0) && t.lt(0) && t.gt(n));
    return sized && n.plus(t).eq(gross);
  };
  if (fits(a, b, c)) return { net: a, tax: b, gross: c };
  if (fits(b, a, c)) return { net: b, tax: a, gross: c };
  if (fits(b, c, a)) return { net: b, tax: c, gross: a };
  return null;
};

/**
 * The VAT summary under its headings: the last run of rows whose last three amounts are a net amount, a smaller tax
 * and their sum (net-tax-gross or gross-net-tax), one row a rate; several rates' rows add up, and a last row that
 * is the sum of the rows above it is their total. Null when no row is one.
 */
export const netTaxGross = (
  lines: readonly string[],
): { net: string; tax: string; gross: string; line: number } | null => {
  let end = lines.length - 1;
  while (end >= 0 && summaryRow(lines[end] ?? "") === null) end--;
  if (end < 0) return null;
  const rows: SummaryRow[] = [];
  for (let i = end; i >= 0; i--) {
    const row = summaryRow(lines[i] ?? "");
    if (row === null) break;
    rows.unshift(row);
  }
  const sum = (rs: typeof rows, k: "net" | "tax" | "gross") => rs.reduce((acc, r) => acc.plus(r[k]), new Decimal(0));
  const last = rows.at(-1) as SummaryRow;
  const above = rows.slice(0, -1);
  if (rows.length === 1 || (sum(above, "gross").eq(last.gross) && sum(above, "tax").eq(last.tax)))
    return { ...last, line: end };
  const places = Math.max(...rows.map((r) => r.gross.split(".")[1]?.length ?? 0));
  const added = (k: "net" | "tax" | "gross") => sum(rows, k).toFixed(places);
  return { net: added("net"), tax: added("tax"), gross: added("gross"), line: end };
};

// Digits that OCR confuses with one another.
const CONFUSED = new Set(["38", "83", "06", "60", "56", "65", "08", "80", "17", "71"]);

/** Whether two amounts differ by one confused digit or by a lost decimal mark (3980 for 39.80). */
export const oneSlipApart = (printed: string, right: string): boolean => {
  const a = new Decimal(printed);
  const b = new Decimal(right);
  if (b.isZero() || a.eq(b)) return false;
  if (a.eq(b.times(100)) || a.eq(b.times(10))) return true;
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  if (x.length !== y.length) return false;
  const diffs = [...x].flatMap((ch, i) => (ch === y[i] ? [] : [ch + y[i]]));
  return diffs.length === 1 && CONFUSED.has(diffs[0] ?? "");
};

/**
 * The set of total, subtotal and tax that one OCR slip away from the printed figures makes consistent: the
 * total repaired to subtotal + tax, or the subtotal repaired to total - tax. Only when exactly one repair fits.
 */
export const repairTotals = (
  totals: readonly string[],
  subs: readonly string[],
  taxes: readonly string[],
): { index: number; total: string; sub: string; printedSub: string; tax: string } | null => {
  const found: { index: number; total: string; sub: string; printedSub: string; tax: string }[] = [];
  // Only amounts printed with their cents take part: a bare "1" is as likely a stray reading as a tax.
  const cents = (v: string): boolean => /\.\d{2}$/.test(v);
  for (const [index, total] of totals.entries())
    for (const sub of subs.filter(cents))
      for (const tax of taxes.filter(cents)) {
        const sum = new Decimal(sub).plus(tax);
        if (oneSlipApart(total, sum.toFixed())) found.push({ index, total: sum.toFixed(2), sub, printedSub: sub, tax });
        const net = new Decimal(total).minus(tax);
        if (net.gt(0) && oneSlipApart(sub, net.toFixed()))
          found.push({ index, total, sub: net.toFixed(2), printedSub: sub, tax });
      }
  const key = (f: (typeof found)[number]): string =>
    [f.total, f.sub, f.tax].map((v) => new Decimal(v).toFixed(2)).join("/");
  const distinct = new Set(found.map(key));
  return distinct.size === 1 ? (found[0] ?? null) : null;
};

const sumOf = (xs: readonly string[]): string => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed();

// A one-character sign OCR may make of a smudge, a rule or a barcode's start: in OCR's lines it counts on a line
// with an amount, a total's or subtotal's line, or as a unit ("€/kg").
const BARE_SIGN = /^[$€£₹¥￥]$/;
// The yen's amounts have no cents, so its sign counts where it stands before an amount ("¥2,000", the yuan's
// "¥286.23", "¥5779", India's "¥6,00,000.00" read for "₹"), not a date or a rate ("¥6% GST"), nor one digit ("¥1
// ST.G RICE": OCR's reading of a quantity's "x1") or a run of seven ("¥ 2016600", a barcode's), nor before comma
// decimals ("¥9,75": a Turkish till's "*" misread), which neither the yen nor the yuan prints.
const YEN = /^[¥￥]$/;
const YEN_AMOUNT = /[¥￥]\s?(?:\d{1,3}(?:,\d{2,3})*,\d{3}|\d{2,5}|\d(?=\.\d{2}))(?:\.\d{2})?(?![\d/.:%,-])/;

// In OCR's lines a code counts where it ends its cell ("EUR" over a receipt's prices, "Beträge in EUR") or follows
// a label's colon: before other marks in its cell ("TRY 7777" read off a logo) it is as likely a word or noise.
const codeApart = (line: string, code: string): boolean =>
  new RegExp(String.raw`(?::\s*${code}\b|\b${code}(?:\s{2}|\s*$))`).test(line.trim());

/** The currencies a line names where they may mean one: codes, signs of letters, a bare sign as above. */
const meantCurrencies = (line: string, ocr: boolean): { code: string; sign: string | null }[] =>
  currencyMentions(line).filter((c) =>
    !ocr
      ? true
      : // The yen's sign stands against its amount: apart from one ("¥b  3.09"), it is OCR's noise.
        YEN.test(c.sign ?? "")
        ? YEN_AMOUNT.test(line)
        : CENTS_AMOUNT.test(line) ||
          LABELS.total.test(line) ||
          LABELS.subTotal.test(line) ||
          (c.sign === null ? codeApart(line, c.code) : !BARE_SIGN.test(c.sign) || line.includes(`${c.sign}/`)),
  );

// The countries whose bills mark them (places.ts), as a list.
const MARKED: readonly CountryMarks[] = Object.values(COUNTRY_MARKS);
// Units two countries write, and the second country, whose marks tell it: Taiwan's "元" is its dollar, not the
// yuan; Belarus's "руб." its rouble, not Russia's; Moldova's "lei" its leu, not Romania's; Nepal's "Rs." its
// rupee, not India's.
const SHARED_UNITS: readonly { unit: RegExp; code: string; country: CountryMarks }[] = [
  { unit: /元/u, code: "CNY", country: COUNTRY_MARKS.TW },
  { unit: /руб/u, code: "RUB", country: COUNTRY_MARKS.BY },
  { unit: /lei/iu, code: "RON", country: COUNTRY_MARKS.MD },
  { unit: /^Rs/, code: "INR", country: COUNTRY_MARKS.NP },
];
// Signs two regions write, read as the first's (currency.ts): the page's places tell which is meant, and a page
// of neither leaves the currency unsure. The CFA franc ("FCFA") of West Africa's monetary union (XOF) and of
// Central Africa's (XAF); the dirham ("DH") of Morocco (MAD) and of the Emirates (AED).
const REGIONAL_SIGNS: readonly { code: string; home: RegExp; other: string; there: RegExp }[] = [
  {
    code: "XOF",
    home: /(?<!\p{L})(?:B[ée]nin|Cotonou|Burkina|Ouagadougou|C[ôo]te\s+d.Ivoire|Abidjan|Bissau|Mali|Bamako|Niger|Niamey|S[ée]n[ée]gal|Dakar|Togo|Lom[ée])(?!\p{L})/u,
    other: "XAF",
    there:
      /(?<!\p{L})(?:Cameroun|Cameroon|Douala|Yaound[ée]|Gabon|Libreville|Brazzaville|Tchad|N.Djam[ée]na|Centrafrique|Bangui|Malabo)(?!\p{L})/u,
  },
  {
    code: "MAD",
    home: /(?<!\p{L})(?:Maroc|Morocco|Casablanca|Rabat|Marrakech|Tanger|F[èe]s|Agadir)(?!\p{L})|\bICE\s*:?\s*\d{15}\b/u,
    other: "AED",
    there: /(?<!\p{L})(?:Dubai|Abu\s+Dhabi|Sharjah|U\.?A\.?E|United\s+Arab\s+Emirates)(?!\p{L})|\bTRN\b/u,
  },
];

// Signs OCR makes of another country's, read as the first's (currency.ts): on a page with the other country's marks
// and none of the first's, the sign is that country's currency; on a page only written in the other country's
// `language`, it is too, unsure. Brazil's "R$" read "Rs" (India's rupee, unless India's marks are there; on a page
// in Portuguese, "Federal, Rs 7.34 Estadual"); Turkey's "₺" and the "≡" a Russian fiscal receipt prints before its
// amounts read "£" by OCR (unless the page names the pound by its code; a text layer's "£" is the pound's). `unless`:
// what on the page keeps the sign the first country's, its marks or its own glyph ("₹").
const MISREAD_SIGNS: readonly {
  code: string;
  sign: RegExp;
  country: CountryMarks;
  language?: string;
  unless: readonly (RegExp | CountryMarks)[];
  ocrOnly?: true;
}[] = [
  { code: "INR", sign: /^\(?Rs/, country: COUNTRY_MARKS.BR, language: "pt", unless: [COUNTRY_MARKS.IN, /₹/u] },
  { code: "GBP", sign: /^£$/, country: COUNTRY_MARKS.TR, unless: [/\bGBP\b/], ocrOnly: true },
  { code: "GBP", sign: /^£$/, country: COUNTRY_MARKS.RU, unless: [/\bGBP\b/], ocrOnly: true },
];

// OCR's Chinese model reads a smudge on a Latin receipt as "元" ("SON  5元" for "Sum 20 varer"): a unit of the
// yuan, the yen or the won on a page OCR read no other character of their scripts in is noise.
const CJK_UNIT = /[元円원]/u;
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const writesCjk = (text: string): boolean => (text.replace(/[元円원]/gu, "").match(CJK_LETTER) ?? []).length >= 3;

/**
 * A currency as the page's country tells it: a regional sign on the other region's page is that region's currency
 * ("FCFA" in Cameroon); a quetzal's "Q" counts only on a page that names Guatemala, the code "DOP" only on a
 * Dominican one (RNC, NCF, ITBIS); a sign OCR makes of another country's is that country's (`MISREAD_SIGNS`); a CJK
 * unit in OCR's noise counts not at all. `unsure`: a regional sign on a page of neither region, a sign OCR made of
 * another glyph, or a misread sign only the page's language places. The page's text is looked through once per
 * question, and only when a sign asks it.
 */
const placedOn = (
  text: string,
  ocr: boolean,
  language: string,
): ((c: { code: string; sign: string | null }) => { code: string; sign: string | null; unsure?: true }[]) => {
  const once = new Map<RegExp | CountryMarks, boolean>();
  const names = (m: RegExp | CountryMarks): boolean =>
    once.get(m) ?? once.set(m, m instanceof RegExp ? m.test(text) : marks(m, text)).get(m) === true;
  let cjkPage: boolean | undefined;
  const cjkNoise = (): boolean => {
    cjkPage ??= writesCjk(text);
    return !cjkPage;
  };
  return (c) => {
    if (ocr && CJK_UNIT.test(c.sign ?? "") && cjkNoise()) return [];
    // Guatemala's name, without which a "Q" before an amount is no quetzal.
    if (c.code === "GTQ" && c.sign !== null) return names(COUNTRY_MARKS.GT) ? [c] : [];
    if (c.code === "DOP" && c.sign === null) return names(COUNTRY_MARKS.DO) ? [c] : [];
    const misread = MISREAD_SIGNS.find(
      (m) =>
        m.code === c.code &&
        m.sign.test(c.sign ?? "") &&
        (ocr || !m.ocrOnly) &&
        (names(m.country) || m.language === language),
    );
    // OCR's reading of another glyph is a guess of the currency, never sure; so is a country told by language alone.
    if (misread !== undefined && !misread.unless.some(names)) {
      const unsure = misread.ocrOnly === true || !names(misread.country);
      return [{ ...c, code: misread.country.currency, ...(unsure ? { unsure: true as const } : {}) }];
    }
    const regional = c.sign === null ? undefined : REGIONAL_SIGNS.find((r) => r.code === c.code);
    if (regional === undefined) return [c];
    const home = names(regional.home);
    const there = names(regional.there);
    if (there && !home) return [{ ...c, code: regional.other }];
    return home && !there ? [c] : [{ ...c, unsure: true }];
  };
};

// Signs several currencies write, or OCR makes of another's: the page, not the sign, tells which is meant.
const SHARED_SIGN = /^[$¥￥]$/;
// What only a Japanese bill prints (kana, its consumption tax's name) and what only a Chinese one does (the yuan,
// its names, the fapiao's "invoice" and "price and tax"). A Chinese OCR model reads Japanese in simplified
// characters ("小计", "合计"), so the characters both write tell nothing.
const KANA = /[\u3040-\u30ff]|消費税/u;
const CHINESE = /元|人民币|\bRMB\b|发票|价税/u;

// Currencies written "$" too, besides the US dollar's, and the countries whose marks tell them.
const DOLLAR_COUNTRIES = MARKED.filter((c) => c.dollar);
const OTHER_DOLLARS = DOLLAR_COUNTRIES.map((c) => c.currency);

/**
 * The document's currency: the one its total is printed in, else the one its amount lines name most (codes count
 * twice a sign; a bare "$" half, as OCR reads it for "€", "S" or "5" and several currencies write it). Sure (0.95)
 * when the total's line names it, or when it is the only currency named (in OCR's lines, by a code, a sign of
 * letters or bare signs on two lines or more).
 */
const findCurrency = (
  lines: readonly string[],
  totalLine: number,
  ocr: boolean,
  language: string,
): Found<string | null> => {
  const text = lines.join("\n");
  // A unit another country writes too, on a page of that country's: it names that country's currency, unsure.
  const shared = SHARED_UNITS.filter((u) => marks(u.country, text));
  const sharedUnit = (c: { code: string; sign: string | null }) =>
    shared.some((u) => u.code === c.code && u.unit.test(c.sign ?? ""));
  const placed = placedOn(text, ocr, language);
  const mentions = lines.map((line) => meantCurrencies(line, ocr).flatMap(placed));
  // A bare "$" on the total's line decides nothing: OCR reads "€" so; nor does a shared unit, nor a regional sign on
  // a page of neither region.
  const printedOn = (i: number): string[] => [
    ...new Set(
      (mentions[i] ?? []).flatMap((c) => (SHARED_SIGN.test(c.sign ?? "") || sharedUnit(c) || c.unsure ? [] : [c.code])),
    ),
  ];
  const onTotal = printedOn(totalLine);
  const [printed] = onTotal;
  // OCR reads "€" as "£" and back: a page whose amounts carry both signs is sure of neither.
  const signs = new Set(mentions.flatMap((m) => m.map((c) => c.sign)));
  const confused = ocr && signs.has("€") && signs.has("£");
  // Another total printed in another currency only (a card slip's "Total in EUR 12.80" under the shop's "Total CHF
  // 12.80", an export invoice's total in euros and in lira): the total's own currency, not sure. A summary row
  // printing the tax in the country's currency too ("Összesen/Total 500 EUR 100 EUR 26 200 Ft 600 EUR") is none.
  const twoTotals =
    printed !== undefined &&
    lines.some((l, i) => {
      if (i === totalLine || !LABELS.total.test(l)) return false;
      const [other, ...more] = printedOn(i);
      return other !== undefined && other !== printed && more.length === 0;
    });
  if (onTotal.length === 1 && printed !== undefined && !confused)
    return { value: printed, confidence: twoTotals ? 0.75 : 0.95 };
  const counts = new Map<string, number>();
  // Currencies named by a code or a sign of letters, or by bare signs on two lines or more: one bare sign is unsure.
  const named = new Map<string, number>();
  let usdNamed = false;
  for (const [i, line] of lines.entries()) {
    const weight = LABELS.total.test(line) || LABELS.subTotal.test(line) ? 3 : 1;
    for (const c of mentions[i] ?? []) {
      usdNamed ||= c.code === "USD" && c.sign !== "$";
      // A code OCR read once among other marks, away from any amount and label ("ACHE $4 FI THB  29" in a page's
      // noise), is as unsure as a bare sign; alone on its line (a receipt's column heading) or after the page's
      // currency label ("Pénznem: HUF", "Beträge in EUR") it is meant. So is a sign of letters on a line of no
      // digit at all ("S$. rie  Cel ey OE" in a crumpled receipt's noise).
      const apart =
        ocr &&
        weight === 1 &&
        (c.sign === null ? !CENTS_AMOUNT.test(line) : !/\d/.test(line)) &&
        !LABELS.currencyLabel.test(line) &&
        /[\p{L}\p{N}]/u.test(withoutCurrency(line));
      named.set(c.code, (named.get(c.code) ?? 0) + ((c.sign === null || !BARE_SIGN.test(c.sign)) && !apart ? 2 : 1));
      counts.set(
        c.code,
        (counts.get(c.code) ?? 0) + weight * (c.code === "USD" && c.sign === "$" ? 0.5 : c.sign ? 1 : 2),
      );
    }
  }
  // A bare "$" is any dollar's sign: where the page names one other dollar by its code or letters ("$5,270.00 AUD",
  // "C$") and never the US one, its "$" signs are that dollar's.
  const [dollar, ...more] = [...counts.keys()].filter((code) => OTHER_DOLLARS.includes(code));
  if (dollar !== undefined && more.length === 0 && counts.has("USD") && !usdNamed) {
    counts.set(dollar, (counts.get(dollar) ?? 0) + (counts.get("USD") ?? 0));
    // A code OCR read once in its noise ("TIE ARS EXPE") names nothing for sure, nor do the "$" signs it claims.
    if ((named.get(dollar) ?? 0) >= 2) named.set(dollar, (named.get(dollar) ?? 0) + (named.get("USD") ?? 0));
    counts.delete("USD");
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  if (!top) return none;
  // "¥" is the yen's and the yuan's; OCR reads India's "₹" as "¥" or "$" too.
  const ofCode = (code: string) => mentions.flat().filter((c) => c.code === code);
  const signOnly = (code: string) => ofCode(code).every((c) => SHARED_SIGN.test(c.sign ?? ""));
  if ((top[0] === "USD" || top[0] === "JPY") && signOnly(top[0]) && marks(COUNTRY_MARKS.IN, text))
    return { value: "INR", confidence: 0.75 };
  const other = shared.find((u) => u.code === top[0]);
  if (other && mentions.flat().every((c) => c.code !== top[0] || sharedUnit(c)))
    return { value: other.country.currency, confidence: 0.75 };
  if (top[0] === "JPY" && signOnly("JPY")) {
    // Written Chinese is evidence, where an English reading's page without kana is none.
    if (CHINESE.test(text) && !KANA.test(text)) return { value: "CNY", confidence: 0.8 };
    if (!KANA.test(text)) return { value: "JPY", confidence: 0.75 };
  }
  // Bare "$" signs on a page that names another dollar's country by its taxes or register, and the US dollar
  // nowhere by name, are that country's dollar, not yet sure, but surer than bare signs alone (0.75): a second
  // reading that missed the marks does not outweigh it.
  if (top[0] === "USD" && !usdNamed) {
    const usPage = US_ADDRESS.test(text);
    const [other, ...more] = DOLLAR_COUNTRIES.filter((c) => marks(c, text, !usPage));
    if (other !== undefined && more.length === 0) return { value: other.currency, confidence: 0.8 };
  }
  // A bare "$" is a dollar, not yet the US one: with no other currency on the page, it is the US dollar for sure
  // where the page names it ("USD", "US$") or has a US address (state and ZIP code); else it is unsure, as OCR's
  // one bare sign is (a smudge, a misread "€").
  const bareDollar = top[0] === "USD" && !usdNamed;
  const usAddress = bareDollar && US_ADDRESS.test(text);
  const ofTop = ofCode(top[0]);
  const unsure = ofTop.some((c) => c.unsure) && ofTop.every((c) => c.sign !== null);
  const sure =
    !confused && !unsure && ranked.length === 1 && (bareDollar ? usAddress : !ocr || (named.get(top[0]) ?? 0) >= 2);
  return { value: top[0], confidence: sure ? 0.95 : 0.75 };
};

// "kr" beside an amount or heading a column of them is the krona's or the krone's: the page's language tells which.
const KRONA_SIGN = /\d\s?kr\.?(?!\p{L})|(?<!\p{L})kr\.?\s?\d|(?<![\p{L}.])kr\s*$/imu;
const KRONA_OF: Readonly<Record<string, string>> = { sv: "SEK", da: "DKK", nb: "NOK" };
const kronaOf = (language: string, text: string): Found<string | null> | undefined => {
  const code = KRONA_OF[language];
  return code !== undefined && KRONA_SIGN.test(text) ? { value: code, confidence: 0.75 } : undefined;
};

// Languages one country alone bills in (Romanian's other, Moldova, is small beside it): a page written in one is
// that country's. Finnish, Estonian, Lithuanian and Latvian bill in euros.
const LANGUAGE_CURRENCY: Readonly<Record<string, string>> = {
  fi: "EUR",
  lt: "EUR",
  et: "EUR",
  ja: "JPY",
  ko: "KRW",
  uk: "UAH",
  he: "ILS",
  vi: "VND",
  hu: "HUF",
  da: "DKK",
  nb: "NOK",
  ro: "RON",
  lv: "EUR",
  tr: "TRY",
  id: "IDR",
  cs: "CZK",
  pl: "PLN",
  th: "THB",
};

/**
 * A page that prints no currency: its supplier's country's, where that country has one, named by the supplier's VAT
 * number, else the IBAN it asks to be paid to, else the one country the page's places name (`currencyOfPlace`),
 * else the one country that writes the page's language (`LANGUAGE_CURRENCY`), else the one country the page's places
 * name counting its cities' names (the hints).
 * A guess for a person to check (0.6): a seller may bill abroad.
 */
const currencyOfCountry = (
  taxNumber: string | null,
  iban: string | null | undefined,
  text: string,
  language: string,
): Found<string | null> => {
  const country = [taxNumber, iban].map((id) => (id && /^[A-Z]{2}\d/.test(id) ? id.slice(0, 2) : undefined));
  const code =
    country.map((c) => (c === undefined ? undefined : COUNTRY_CURRENCY[c])).find((c) => c !== undefined) ??
    currencyOfPlace(text) ??
    LANGUAGE_CURRENCY[language] ??
    currencyOfPlace(text, true);
  return code === undefined ? none : { value: code, confidence: CURRENCY_GUESS };
};

/**
 * The one currency the page's places name, or undefined where none or several do: what only one country prints
 * (COUNTRY_MARKS, but for its hints: places' names, which a buyer's address prints too), or the country's own name
 * ending a line of an address (COUNTRY_AT_END: its last word, or before its postal code).
 */
const currencyOfPlace = (text: string, hints = false): string | undefined => {
  const found = new Set(MARKED.filter((c) => marks(c, text, hints)).map((c) => c.currency));
  for (const m of text.matchAll(COUNTRY_AT_END)) {
    const code = COUNTRY_CURRENCY[COUNTRY_NAMES[(m[1] ?? "").toLowerCase()] ?? ""];
    if (code !== undefined) found.add(code);
  }
  return found.size === 1 ? [...found][0] : undefined;
};

// EU VAT numbers printed without a label.
const BARE_VAT =
  /\b(?:ATU\d{8}|BE0?\d{9}|DE\d{9}|FR[0-9A-Z]{2}\d{9}|GB\d{9}(?:\d{3})?|IT\d{11}|ES[0-9A-Z]\d{7}[0-9A-Z]|NL\d{9}B\d{2}|HU\d{8})\b/g;
// A VAT number's shape: its country, then digits (and letters).
const VAT_SHAPED = /^(?:[A-Z]{2}[0-9A-Z]{8,12}|CHE-?\d{9})$/;

/** What each tax-number label outside the buyer's block introduces, in page order: the first cell after it, compact. */
const labelledTaxNumbers = (lines: readonly string[], buyer: ReadonlySet<string>): string[] =>
  lines.flatMap((line, i) => {
    const m = line.match(LABELS.taxNumber);
    if (m?.index === undefined) return [];
    const at = m.index;
    const cell = cellsOf(line, i).find((c) => c.start <= at && at < c.end);
    if (cell && buyer.has(`${i}:${cell.start}`)) return [];
    // "Customer VAT ID", "Kunden-USt-IdNr.": the buyer's number.
    if (LABELS.billTo.test(line.slice(cell?.start ?? 0, at))) return [];
    // "USt.-Id.-Nr.:  DE 123 456 789": the label's own marks and the column gap come before the value.
    const value = firstCell(line.slice(at + m[0].length).replace(/^[\s.:#-]+/, ""));
    const che = value.match(/CHE[-\s]?\d{3}\.?\d{3}\.?\d{3}/i);
    if (che) return [che[0].toUpperCase().replace(/\s/, "-").replace(/\./g, "")];
    const id = value.match(/^[A-Z]{0,3}[\s-]?[0-9][0-9A-Z\s.-]{5,18}[0-9A-Z]/i)?.[0];
    return id ? [id.replace(/\s/g, "").toUpperCase()] : [];
  });

/**
 * The supplier's tax number, never the buyer's (its known identifiers, or one printed in its block): a labelled
 * VAT number (sure only when the page labels no other), else a VAT number printed bare, else another labelled
 * number (a Steuernummer, a SIRET: less sure, since the VAT number is the one that names a company across
 * borders), else the VAT number a French SIREN makes.
 */
const findTaxNumber = (
  lines: readonly string[],
  buyer: KnownBuyer,
  block: ReadonlySet<string>,
): Found<string | null> => {
  const notSupplier = buyer.identifiers.map(compactId);
  const theirs = (id: string): boolean => !notSupplier.includes(compactId(id));
  const labelled = labelledTaxNumbers(lines, block).filter(theirs);
  const vats = [...new Set(labelled.filter((id) => VAT_SHAPED.test(id.replace(/[.-]/g, ""))))];
  const [vat] = vats;
  if (vat !== undefined) return { value: vat, confidence: vats.length === 1 ? 0.9 : 0.7 };
  const bare = [...lines.join("\n").matchAll(BARE_VAT)].map((m) => m[0]).find(theirs);
  if (bare !== undefined) return { value: bare, confidence: 0.7 };
  const [other] = labelled;
  if (other !== undefined) return { value: other, confidence: 0.7 };
  const siren = pageSirens(lines).map(frenchVat).find(theirs);
  return siren === undefined ? none : { value: siren, confidence: 0.6 };
};

const restOfCell = (after: string): string | null => {
  const v = firstCell(after).replace(/^[:\s]+/, "");
  return v === "" ? null : v;
};

const NOT_ISSUE_DATE = new RegExp(`${LABELS.otherDate.source}|${LABELS.dueDate.source}`, "giu");

/**
 * A date label's value: a date near the start of what follows it, in the label's own cell (`inLabelCell`: "Invoice
 * date (Y-M-D)  2025-06-21") or the first cell after it that holds letters or digits. A cell of words or another
 * label before the date ("BILLING DATE  DUE DATE  Energy Charge  MAY 02 2018 to ...") makes the line a row of
 * column headings, whose values are under them.
 */
const labelledDate =
  (monthFirst: boolean) =>
  (after: string, inLabelCell = false): string | null => {
    // After its label, a date's parts may be spaced ("Date de la facture : 02 12 2024").
    const text = after.replace(/\s{2,}/g, "  ").replace(/^(\s*\d{1,2}) (\d{1,2}) ((?:19|20)\d{2})(?!\d)/, "$1.$2.$3");
    const found = findDate(text, monthFirst);
    if (!found || found.index >= 30) return null;
    const cellsBefore = text
      .slice(0, found.index)
      .split(/\s{2,}/)
      .slice(inLabelCell ? 1 : 0, -1);
    return cellsBefore.some((c) => /[\p{L}\p{N}]/u.test(c)) ? null : found.date;
  };

// The invoice date: labelled candidates ranked by how specific the label is ("Date of issue" beats "Invoice date",
// which beats a bare "Date"), never a delivery, order or due date.
const findInvoiceDate = (
  lines: readonly string[],
  monthFirst: boolean,
  due: string | null,
  number: { line: number; value: string | null },
  cells: readonly TextBox[] = [],
): Found<string | null> => {
  const mask = (l: string): string => l.replace(NOT_ISSUE_DATE, (m) => "#".repeat(m.length));
  // The number's own digits are no date ("FV 1/09/2019").
  const unnumbered = lines.map((l, i) =>
    i === number.line && number.value !== null ? l.replace(number.value, (m) => "#".repeat(m.length)) : l,
  );
  const masked = unnumbered.map(mask);
  const maskedCells = cells.map((c) => ({ ...c, text: mask(c.text) }));
  const read = labelledDate(monthFirst);
  // A label naming the issuing itself ("Rechnungserstellungsdatum") beats another invoice date ("Rechnungsdatum",
  // on a statement whose billing date is the end of its period).
  const issued = labelled(masked, LABELS.issueDate, read, maskedCells);
  if (issued.value !== null) return issued;
  const specific = labelled(masked, LABELS.invoiceDate, read, maskedCells);
  if (specific.value !== null) return specific;
  // "Rechnung Nr. 471102 vom 15.11.2024", "Invoice 2041 dated 3 May 2025".
  const onNumberLine = number.line >= 0 ? findDate(masked[number.line] ?? "", monthFirst) : null;
  if (onNumberLine) return { value: onNumberLine.date, confidence: 0.85 };
  // A letter's place and date: "München, den 01.11.2024", "Paris, le 3 mai 2025".
  for (const line of masked) {
    const m = line.match(LABELS.placeDate);
    const found = m?.index === undefined ? null : findDate(line.slice(m.index + m[0].length), monthFirst);
    if (found && found.index < 3) return { value: found.date, confidence: 0.85 };
  }
  const generic = labelled(masked, LABELS.date, read, maskedCells);
  if (generic.value !== null) return { value: generic.value, confidence: Math.min(generic.confidence, 0.8) };
  // The first date not printed as the due date: not on a due date's line, nor the due day printed again unlabelled
  // unless a line of its own gives it with another label (a garbled "Invoice Date" beside "Payment Due", same day).
  const dueLine = (l: string): boolean => LABELS.dueDate.test(l.replace(NOT_DUE_DATE, (m) => "#".repeat(m.length)));
  const otherLabel = (l: string): boolean => /\p{L}{3}/u.test(l.split(/\d/)[0] ?? "");
  const undue = unnumbered.filter((l) => !dueLine(l));
  const datesOf = (l: string): string[] => allDates(l, monthFirst).filter((d) => d !== due || otherLabel(l));
  // A till prints the sale's date with its time ("8/08/19 12:26 8095"), not a period's start above it ("points
  // collected from 19/07/19 onwards"); a browser's stamp beside its page counter ("1 of 2  17-Jan-24, 19:53") is
  // when the page was printed.
  const stamped = undue.filter((l) => CLOCK.test(l) && !PAGE_COUNTER.test(l));
  const first = stamped.flatMap(datesOf)[0] ?? undue.flatMap(datesOf)[0];
  return first ? { value: first, confidence: 0.5 } : none;
};

const CLOCK = /(?<![\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d.,])/;
const PAGE_COUNTER = /(?<![\d/.:-])\d{1,3}\s+(?:of|von|sur|de|di|z)\s+\d{1,3}(?![\d/.:-])/iu;

// Terms with a cash discount: "Bis zum 20.04.2026 2 % Skonto, bis zum 30.04.2026 ohne Abzug" — the day the whole
// amount is due is the one "without deduction", not the discount day a due-date column may show first.
const NET_BY = new RegExp(
  String.raw`(?:${vocabularyWords("payBy")})\s+(\S+(?:\s\S+){0,2}?)\s+(?:${vocabularyWords("withoutDeduction")})(?![\p{L}])`,
  "iu",
);

// "Amount due", "Change due": amounts, not the day a bill is due.
const NOT_DUE_DATE = new RegExp(`${LABELS.amountDue.source}|change\\s*due`, "giu");

const findDueDate = (
  lines: readonly string[],
  monthFirst: boolean,
  cells: readonly TextBox[] = [],
): Found<string | null> => {
  const mask = (l: string): string => l.replace(NOT_DUE_DATE, (m) => "#".repeat(m.length));
  const masked = lines.map(mask);
  const read = labelledDate(monthFirst);
  const labelledDue = labelled(
    masked,
    LABELS.dueDate,
    read,
    cells.map((c) => ({ ...c, text: mask(c.text) })),
  );
  for (const line of lines) {
    const m = line.match(NET_BY);
    const found = m?.[1] ? findDate(m[1], monthFirst) : null;
    if (found && found.index === 0) return { value: found.date, confidence: Math.max(labelledDue.confidence, 0.8) };
  }
  return labelledDue.value !== null ? labelledDue : underHeading(masked, LABELS.dueDate, monthFirst);
};

/**
 * A date heading the first column of a table ("Vervaldatum  Bedrag  BTW grondslag ..."), its value the first
 * cell of a row a little lower: another column's line can come between them in reading order. Weak: only the
 * first column, only a cell that is a date and nothing else.
 */
const underHeading = (lines: readonly string[], label: RegExp, monthFirst: boolean): Found<string | null> => {
  for (const [i, line] of lines.entries()) {
    const cells = line.trim().split(/\s{2,}/);
    if (cells.length < 3 || label.exec(cells[0] ?? "")?.[0] !== cells[0]) continue;
    for (const below of lines.slice(i + 1, i + 4)) {
      const first = below.trim().split(/\s{2,}/)[0] ?? "";
      const found = findDate(first, monthFirst);
      if (found && found.index === 0 && first.replace(/[\d./-]/g, "") === "")
        return { value: found.date, confidence: 0.7 };
    }
  }
  return none;
};

const currencyMark = (mark: string): boolean => /^kr/.test(mark) || currenciesIn(mark).length > 0;

/**
 * A page that labels no total but prints one amount other than zero beside its currency, however often (a transit
 * card's receipt: "Avgift nytt kort 0,00 kr", "1495,00 kr", "Saldo reskassa 0,00 kr"; a card slip's "102,500원"):
 * that amount, unsure.
 */
const withLonePricedTotal = (amounts: Amounts, lines: readonly string[]): Amounts => {
  if (amounts.totalAmount.value !== null) return amounts;
  const priced = lines.flatMap((line, i) =>
    [
      ...[...line.matchAll(PRICED)].filter((m) => currencyMark(m[1] ?? m[4] ?? "")),
      ...line.matchAll(WHOLE_PRICED),
    ].flatMap((m) => {
      const value = parseNumber(m[2] ?? m[3] ?? "");
      return value === null || !/[1-9]/.test(value) ? [] : [{ value, line: i }];
    }),
  );
  const [first] = priced;
  if (first === undefined || priced.some((p) => !near(p.value, first.value))) return amounts;
  // No total's line: what else its line prints is no currency's evidence ("hReH (£5) ... ¥2898.00" in OCR's noise).
  return { ...amounts, totalAmount: { value: first.value, confidence: 0.5 } };
};

/** What apar knows about a document before reading it. */
export interface ReadingContext {
  /**
   * The party the bill is addressed to (the organisation, its seller identity, the company it was forwarded to):
   * never the supplier, its VAT number never the supplier's, its IBAN never the payee's, and the address block
   * holding them is the buyer's.
   */
  readonly buyer?: KnownBuyer;
  /** The lines are OCR's: a lone currency sign may be a smudge (set by `extractFromText` for OCR readings). */
  readonly ocr?: boolean;
}

/**
 * Reads a bill's fields from its text lines (a PDF text layer or OCR output, top to bottom).
 * Pure: answers the fields and a confidence per field from how each was found; see `assessConfidence`.
 */
export const parseBillText = (
  input: readonly string[],
  context: ReadingContext = {},
  boxes: readonly TextBox[] = [],
): {
  fields: ExtractedFields;
  found: Partial<Record<ExtractedFieldName, number>>;
  /** Subtotal, tax and total agree only after an OCR slip was repaired, or which one is payable stays open. */
  amountsUnsure: boolean;
  /** What on the page can name a supplier the organisation knows. */
  evidence: PageEvidence;
  /** Whether the document carries an invoice number (one read, a number's label, an invoice's title). */
  numbered: boolean;
  /** Whether the page writes the total read in words too. */
  spelledTotal: boolean;
} => {
  const normalised = input.map(normalise);
  // The page's language, from its script or its words: neither changes in what follows.
  const page = normalised.join("\n");
  const language = detectLanguage(page);
  const thousandths = countsThousandths(page);
  const yearFirst = shortDatesYearFirst(page);
  const marked = (text: string): string => yearFirst(fixTotal(thousandths ? thousandthsMarked(text) : text));
  const lines = wholeUnitsJoined(normalised, language).map(marked);
  const cells = cellsOfBoxes(boxes, context.ocr === true).map((c) => ({ ...c, text: marked(normalise(c.text)) }));
  const text = lines.join("\n");
  const amounts = withLonePricedTotal(findAmounts(lines, cells, context.ocr === true), lines);
  const printedCurrency = findCurrency(lines, amounts.totalLine, context.ocr === true, language);
  // The page's own order of day and month, looked for once.
  const pageOrder = dateOrder(text);
  const monthFirst = pageOrder ?? (language === "en" && (printedCurrency.value === "USD" || US_ADDRESS.test(text)));
  const invoiceNumber = findInvoiceNumber(lines, cells, context.ocr === true);
  // Month first guessed from a bare "$" alone (no date on the page tells the order, no US address): a date that
  // reads otherwise day first is no surer than that guess. Latin America writes "$" too.
  const guessed = monthFirst && pageOrder === null && !US_ADDRESS.test(text) && printedCurrency.confidence < 0.9;
  const datesIn = (order: boolean) => {
    const due = findDueDate(lines, order, cells);
    return { due, issued: findInvoiceDate(lines, order, due.value, invoiceNumber, cells) };
  };
  const dates = datesIn(monthFirst);
  const other = guessed ? datesIn(false) : dates;
  const asSureAsTheOrder = (read: Found<string | null>, otherwise: string | null): Found<string | null> =>
    read.value !== otherwise ? { ...read, confidence: Math.min(read.confidence, 0.85) } : read;
  const dueDate = asSureAsTheOrder(dates.due, other.due.value);
  const invoiceDate = asSureAsTheOrder(dates.issued, other.issued.value);
  const purchaseOrderNumber = labelled(
    lines.map((l) => l.replace(/\bP\.?\s?O\.?\s*Box\b/gi, "")),
    LABELS.purchaseOrder,
    // Not the order's date ("Fecha del pedido 20 noviembre 2025").
    (after) => (findDate(after)?.index === 0 ? null : identifier(after)),
  );
  const paymentTerms = labelled(lines, LABELS.paymentTerms, restOfCell, cells);
  const paymentRef = labelled(lines, LABELS.paymentRef, identifier, cells);
  const lineItems = findLineItems(lines);
  const buyer = context.buyer ?? NO_BUYER;
  const block = buyerBlock(lines, buyer, cells);
  const supplier = findSupplierName(lines, buyer, block);
  const tax = findTaxNumber(lines, buyer, block);
  const bank = findBankDetails(lines, buyer.ibans.map(compactId));
  // OCR's one bare "$" in a photo's noise ("$7") on a page in a language only one country bills in (Danish: "AT
  // BETALE", "MOMS"; no such language's currency is a dollar) names no dollar: the page's country does.
  const strayDollar =
    context.ocr === true &&
    printedCurrency.value === "USD" &&
    printedCurrency.confidence < 0.9 &&
    (text.match(/\$/g) ?? []).length === 1 &&
    LANGUAGE_CURRENCY[language] !== undefined;
  const currency =
    printedCurrency.value !== null && !strayDollar
      ? printedCurrency
      : (kronaOf(language, text) ?? currencyOfCountry(tax.value, bank.value?.iban, text, language));
  const fields: ExtractedFields = {
    supplierName: supplier.value,
    invoiceNumber: invoiceNumber.value,
    currency: currency.value,
    totalAmount: amounts.totalAmount.value,
    lineItems,
    invoiceDate: invoiceDate.value,
    dueDate: dueDate.value,
    subTotal: amounts.subTotal.value,
    taxAmount: amounts.taxAmount.value,
    supplierTaxNumber: tax.value,
    bankDetails: bank.value,
    purchaseOrderNumber: purchaseOrderNumber.value,
    paymentTerms: paymentTerms.value,
    paymentRef: paymentRef.value,
  };
  const found: Partial<Record<ExtractedFieldName, number>> = {
    supplierName: supplier.confidence,
    invoiceNumber: invoiceNumber.confidence,
    currency: currency.confidence,
    totalAmount: amounts.totalAmount.confidence,
    lineItems: lineItems.length > 0 ? 0.7 : 0,
    invoiceDate: invoiceDate.confidence,
    dueDate: dueDate.confidence,
    subTotal: amounts.subTotal.confidence,
    taxAmount: amounts.taxAmount.confidence,
    supplierTaxNumber: tax.confidence,
    bankDetails: bank.confidence,
    purchaseOrderNumber: purchaseOrderNumber.confidence,
    paymentTerms: paymentTerms.confidence,
    paymentRef: paymentRef.confidence,
  };
  return {
    fields,
    found,
    amountsUnsure: amounts.unsure,
    evidence: pageEvidence(lines, buyer),
    numbered: invoiceNumber.value !== null || lines.some(namesNumber),
    spelledTotal: amounts.spelled,
  };
};
