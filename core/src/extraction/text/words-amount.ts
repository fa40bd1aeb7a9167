// Amounts written in words. Invoices in Latin America ("Importe con letra: QUINIENTOS NOVENTA Y OCHO PESOS 70/100
// M.N."), India ("Amount in words: Nine Thousand Four Hundred Forty Only") and French-speaking Africa ("Arrêtée la
// présente facture à la somme de cent trente-deux mille francs CFA") print their payable total a second time in
// words: where a printed total is that amount, the two printings agree. The words of each language are in its
// vocabulary file (`amountInWords`).
import { LABELS, wholeWords } from "./labels.js";
import { VOCABULARIES } from "./vocabulary/index.js";
import type { AmountInWords } from "./vocabulary/types.js";

/** Lower case without accents, as the vocabularies write the words. */
const plain = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

// A token: a fraction of a hundred ("49/100"), a word with inner dots ("m.n."), or digits.
const TOKEN = /\d{1,2}\/100|\p{L}+(?:\.\p{L}+)*\.?|\d+/gu;
const tokensOf = (text: string): string[] => text.match(TOKEN) ?? [];

interface Lexicon {
  readonly words: AmountInWords;
  readonly label: RegExp;
}
const LEXICONS: readonly Lexicon[] = VOCABULARIES.flatMap((v) =>
  v.amountInWords ? [{ words: v.amountInWords, label: wholeWords(v.amountInWords.labels, "u") }] : [],
);

/** A word's value in one of the language's tables ("siete" 7, "mil" 1000), or undefined. */
const valueIn = (table: Readonly<Record<string, number>>, token: string | undefined): number | undefined =>
  token !== undefined && Object.hasOwn(table, token) ? table[token] : undefined;
const numberOf = (w: AmountInWords, token: string | undefined): number | undefined => valueIn(w.numbers, token);
const scaleOf = (w: AmountInWords, token: string | undefined): number | undefined => valueIn(w.scales, token);
const isNumberWord = (w: AmountInWords, token: string | undefined): boolean =>
  numberOf(w, token) !== undefined || scaleOf(w, token) !== undefined || w.hundred.includes(token ?? "");

interface Run {
  readonly value: number;
  /** The index after the run's last word. */
  readonly end: number;
  /** How many number words it holds. */
  readonly words: number;
}

/**
 * The number the words from `at` make, or null when none starts there. Units, tens and hundreds add up; "hundred"
 * multiplies what is before it; a scale ("mil", "thousand", "lakh") multiplies what is before it and starts the next
 * part; a larger scale after a smaller one multiplies the whole ("dos mil millones").
 */
const readRun = (tokens: readonly string[], at: number, w: AmountInWords): Run | null => {
  let total = 0;
  let current = 0;
  let words = 0;
  let lastScale = Number.POSITIVE_INFINITY;
  let i = at;
  let end = at;
  while (i < tokens.length) {
    const token = tokens[i] as string;
    const pair = numberOf(w, `${token} ${tokens[i + 1] ?? ""}`);
    const n = pair ?? numberOf(w, token);
    const scale = scaleOf(w, token);
    if (n !== undefined) {
      current += n;
      i += pair === undefined ? 1 : 2;
    } else if (w.hundred.includes(token)) {
      current = (current || 1) * 100;
      i++;
    } else if (scale !== undefined) {
      if (current === 0 && total > 0 && scale > lastScale) total *= scale;
      else total += (current || 1) * scale;
      current = 0;
      lastScale = scale;
      i++;
    } else if (words > 0 && w.joins.includes(token) && isNumberWord(w, tokens[i + 1])) {
      i++;
      continue;
    } else break;
    words++;
    end = i;
  }
  return words === 0 ? null : { value: total + current, end, words };
};

/** The cents written after an amount's words: "49/100", "con 49/100", "and paise fifty", "cinquenta centavos". */
const centsAfter = (tokens: readonly string[], from: number, w: AmountInWords): number | null => {
  for (let k = from; k < Math.min(tokens.length, from + 6); k++) {
    const token = tokens[k] as string;
    const fraction = token.match(/^(\d{1,2})\/100$/);
    if (fraction) return Number(fraction[1]);
    if (!w.minor.includes(token)) continue;
    const before = tokens[k - 1];
    if (before !== undefined && /^\d{1,2}$/.test(before)) return Number(before);
    const after = readRun(tokens, k + 1, w);
    if (after !== null && after.value < 100) return after.value;
    for (let s = from; s < k; s++) {
      const run = readRun(tokens, s, w);
      if (run !== null && run.end === k && run.value < 100) return run.value;
    }
  }
  return null;
};

/** Whether the words are closed where they end ("Only", "EXACTOS", "M.N.", "70/100"). */
const closedAfter = (tokens: readonly string[], from: number, w: AmountInWords): boolean =>
  tokens.slice(from, from + 5).some((t) => w.closing.includes(t) || /^\d{1,2}\/100$/.test(t));

const asAmount = (run: Run, cents: number | null): string =>
  cents === null ? String(run.value) : `${run.value}.${String(cents).padStart(2, "0")}`;

/** The amount of a labelled text: the words starting within its first three tokens ("INR Three Thousand ..."). */
const labelledAmount = (text: string, w: AmountInWords): string | null => {
  const tokens = tokensOf(text);
  for (let s = 0; s < Math.min(tokens.length, 3); s++) {
    const run = readRun(tokens, s, w);
    if (run !== null) return asAmount(run, centsAfter(tokens, run.end, w));
  }
  return null;
};

/** Amounts in words closed as such without a label ("QUINIENTOS NOVENTA Y OCHO PESOS 70/100 M.N."). */
const closedAmounts = (tokens: readonly string[], w: AmountInWords): string[] => {
  const out: string[] = [];
  for (let s = 0; s < tokens.length; s++) {
    const run = readRun(tokens, s, w);
    if (run === null) continue;
    if (run.words >= 2 && closedAfter(tokens, run.end, w)) out.push(asAmount(run, centsAfter(tokens, run.end, w)));
    // The next run starts at the first token after this one (the loop steps onto it).
    s = run.end - 1;
  }
  return out;
};

/**
 * Every amount the lines write in words, after a label ("Valor en Letras", "Amount in words:", on its line or the
 * next) or closed as amounts in words are ("... PESOS 70/100 M.N.", "... Only"), as decimal strings.
 */
export const amountsInWords = (lines: readonly string[]): string[] => {
  const found = new Set<string>();
  // The line after a tax's label in words ("Tax Amount (in words):" above "Rs. Nine Hundred Only"), left out.
  let taxLine = -1;
  lines.forEach((raw, i) => {
    const line = plain(raw);
    const tokens = tokensOf(line);
    for (const { words, label } of LEXICONS) {
      const m = label.exec(line);
      // India's tax invoices write the tax in words too, under a label that opens with the tax's.
      if (m && taxFirst(line.slice(0, m.index))) {
        taxLine = i + 1;
        return;
      }
      if (m) {
        const value =
          labelledAmount(line.slice(m.index + m[0].length), words) ?? labelledAmount(plain(lines[i + 1] ?? ""), words);
        if (value !== null) found.add(value);
      }
      if (i !== taxLine) for (const v of closedAmounts(tokens, words)) found.add(v);
    }
  });
  return [...found];
};

/** Whether a text opens with a tax's label ("Tax Amount (", "GST "). */
const taxFirst = (text: string): boolean => LABELS.tax.exec(text.replace(/^[^\p{L}]+/u, ""))?.index === 0;
