import { type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { Fonts } from "./pdf-fonts.js";

/** Colours and sizes of apar's documents. */
export const THEME = {
  ink: rgb(0.13, 0.15, 0.2),
  muted: rgb(0.42, 0.45, 0.5),
  accent: rgb(0.15, 0.35, 0.75),
  rule: rgb(0.85, 0.87, 0.9),
  band: rgb(0.95, 0.96, 0.98),
  margin: 50,
  width: 595.28, // A4
  height: 841.89,
} as const;

// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms) are not shaped or
// reordered by pdf-lib: they print as "?" rather than as letters in the wrong order (docs/log/foundation.md, Receivables).
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** Text a font can draw: characters it lacks (and right-to-left ones) become `?`, line breaks and tabs spaces. */
export const drawable = (text: string, covers: (codePoint: number) => boolean = () => true): string =>
  [...text.normalize("NFC").replace(/[\r\n\t]+/g, " ")]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && !RTL.test(c) && covers(code) ? c : "?";
    })
    .join("");

const coverage = new WeakMap<PDFFont, (codePoint: number) => boolean>();

/** Remembers which characters the document's fonts cover, so that drawing never asks for a missing glyph. */
export const registerFonts = (fonts: Fonts): Fonts => {
  coverage.set(fonts.regular, fonts.covers);
  coverage.set(fonts.bold, fonts.covers);
  return fonts;
};

const safeFor = (font: PDFFont, text: string) => drawable(text, coverage.get(font));

/** Splits text into lines no wider than `width` at `size` (words longer than a line are cut). */
export const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of safeFor(font, paragraph).split(" ")) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== "") lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
};

/** Draws text right-aligned so that it ends at `right`. */
export const drawRight = (
  page: PDFPage,
  text: string,
  right: number,
  y: number,
  font: PDFFont,
  size: number,
  color = THEME.ink,
) => {
  const safe = safeFor(font, text);
  page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color });
};

/** Draws text left-aligned at x. */
export const drawLeft = (
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  font: PDFFont,
  size: number,
  color = THEME.ink,
) => {
  page.drawText(safeFor(font, text), { x, y, size, font, color });
};
