import { type PDFFont, type PDFPage, rgb } from "pdf-lib";

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

// Characters the standard fonts' WinAnsi encoding has beyond Latin-1.
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);

/** Text the standard fonts can draw: other characters become `?`, line breaks and tabs spaces. */
export const drawable = (text: string): string =>
  [...text.replace(/[\r\n\t]+/g, " ")]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : "?";
    })
    .join("");

/** Splits text into lines no wider than `width` at `size` (words longer than a line are cut). */
export const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of drawable(paragraph).split(" ")) {
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
  const safe = drawable(text);
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
  page.drawText(drawable(text), { x, y, size, font, color });
};
