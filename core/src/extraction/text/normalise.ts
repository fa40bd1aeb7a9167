// A line of text made plain before any field is read from it: the same characters however the PDF writer or OCR
// encoded them. Shared by the bill's reading (parse-bill-text.ts) and the split of several invoices (documents.ts).
import { glossesRead } from "./labels.js";

// Accents set apart from their letters, as TeX's fonts draw them and pdf.js hands them over ("Num´ero de facture",
// "D´esignation"): the spacing accent before a letter, with the combining mark it stands for. Composed only where
// one letter results: elsewhere (OCR's stray "`") the marks stay as they were.
const SPACING_ACCENTS: Readonly<Record<string, string>> = {
  "\u00b4": "\u0301",
  "`": "\u0300",
  "\u02c6": "\u0302",
  "\u02dc": "\u0303",
  "\u00a8": "\u0308",
  "\u02c7": "\u030c",
  "\u02da": "\u030a",
  "\u02d8": "\u0306",
};
const SPACING_ACCENT = new RegExp(`([${Object.keys(SPACING_ACCENTS).join("")}])(\\p{L})`, "gu");
const composeSpacingAccents = (line: string): string =>
  line.replace(SPACING_ACCENT, (both, accent: string, letter: string) => {
    const composed = `${letter}${SPACING_ACCENTS[accent] ?? ""}`.normalize("NFC");
    return composed.length === 1 ? composed : both;
  });

/** A line as every reader of its fields takes it: composed accents, plain spaces and dashes, glosses read. */
export const normalise = (line: string): string =>
  glossesRead(
    composeSpacingAccents(line)
      .normalize("NFC")
      .replace(/[\u00a0\u202f\t\u3000]/g, " ")
      // Fullwidth forms, as Chinese, Japanese and Korean text sets punctuation and digits ("发票号码：07007198").
      .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      // Zero-width characters some PDF writers put between a label and its colon ("DATE\u200b:").
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
      // Dashes, and the minus sign some PDF writers print for a hyphen ("RUT: 76.269.769−6").
      .replace(/[‐‑‒–—−]/g, "-")
      .replace(/\s+$/, ""),
  );
