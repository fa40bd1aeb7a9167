import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/** The regular and bold faces a document is drawn with. */
export interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  /** Code points both faces can draw; others print as `?`. */
  readonly covers: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);
let faces: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`, free licence): Latin with every European diacritic, Vietnamese, Greek
 * and Cyrillic. Read once per process; each document embeds only the glyphs it uses (subset).
 */
const dejaVu = () => {
  faces ??= Promise.all([
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  ]).then(([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }));
  return faces;
};

/** Embeds the document's fonts, subset to the characters drawn. */
export const embedFonts = async (doc: PDFDocument): Promise<Fonts> => {
  doc.registerFontkit(fontkit);
  const { regular, bold } = await dejaVu();
  const r = await doc.embedFont(regular, { subset: true });
  const b = await doc.embedFont(bold, { subset: true });
  const inBold = new Set(b.getCharacterSet());
  const both = new Set(r.getCharacterSet().filter((c) => inBold.has(c)));
  return { regular: r, bold: b, covers: (cp) => both.has(cp) };
};
