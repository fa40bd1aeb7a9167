import { afterLabel, firstCell, LABELS } from "./labels.js";

const SUFFIX =
  /\b(?:ltd|limited|llc|llp|inc|corp|corporation|plc|co|gmbh|ag|kg|ohg|ug|e\.\s?k|gbr|sarl|sas|sasu|sa|s\.a|eurl|snc|bv|nv|srl|s\.r\.l|spa|oy|ab|as|aps|pty)\.?(?=$|[\s,)])/i;

const clean = (cell: string): string =>
  cell
    .replace(LABELS.title, " ")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s:|·•-]+|[\s:|·•,-]+$/g, "")
    .trim();

// A company name ends at its legal form: drop what OCR glued on after it.
const upToSuffix = (text: string): string => {
  const m = text.match(SUFFIX);
  return m && m.index !== undefined ? text.slice(0, m.index + m[0].length).trim() : text;
};

/** The supplier's name: a labelled sender, else the first company-like name outside the buyer's block. */
export const findSupplierName = (lines: readonly string[]): { value: string | null; confidence: number } => {
  for (const line of lines) {
    const after = afterLabel(line, LABELS.supplier);
    if (after !== null && firstCell(after) !== "") return { value: firstCell(after), confidence: 0.9 };
  }
  const buyer = new Set<number>();
  lines.forEach((line, i) => {
    if (LABELS.billTo.test(line) && !LABELS.taxNumber.test(line)) for (let k = i; k <= i + 4; k++) buyer.add(k);
  });
  const candidates: { text: string; line: number }[] = [];
  lines.forEach((line, i) => {
    for (const part of line.split(/\s{2,}|\s·\s/)) {
      const text = clean(part);
      if (text.length >= 3 && /[A-Za-zÀ-ÿ]{2}/.test(text)) candidates.push({ text, line: i });
    }
  });
  const company = candidates.find((c) => !buyer.has(c.line) && SUFFIX.test(c.text) && !/\d{3}/.test(c.text));
  if (company) {
    const name = upToSuffix(company.text);
    const wordy = name.split(" ").length <= 8;
    return { value: name, confidence: company.line < 8 && wordy ? 0.85 : 0.7 };
  }
  const top = candidates.find((c) => !buyer.has(c.line) && !/\d/.test(c.text));
  return top ? { value: top.text, confidence: 0.4 } : { value: null, confidence: 0 };
};
