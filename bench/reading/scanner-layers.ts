// Makes a development set for judging text layers: each one-page image-only print of CORPUS/einvoice-scan gets
// a scanner's OCR layer of its own, invisible text over the page image, read by apar's OCR from the page drawn at
// a low resolution (as a cheap scanner's firmware would), so that the layer has the words and misreads figures.
// Writes OUT/einvoice-layer/ with an index.json of the same truth; read it with bench:reading.
//   node --conditions=source --import tsx bench/reading/scanner-layers.ts CORPUS OUT [dpi]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { PDFDocument, StandardFonts, setTextRenderingMode, TextRenderingMode } from "pdf-lib";

const [root, out, dpiArg] = process.argv.slice(2);
if (root === undefined || out === undefined) throw new Error("usage: scanner-layers.ts CORPUS OUT [dpi]");
const dpi = Number(dpiArg ?? 80);
interface Entry {
  readonly file: string;
  readonly pages?: number;
}
const index = JSON.parse(readFileSync(join(root, "einvoice-scan", "index.json"), "utf8")) as Entry[];
const chosen = index.filter((e) => (e.pages ?? 1) === 1);
const folder = join(out, "einvoice-layer");
mkdirSync(folder, { recursive: true });
let lines: readonly string[] = [];
const reader = createDocumentReader({ languages: ["eng"], dpi, onText: (l) => (lines = l) });
try {
  for (const entry of chosen) {
    const bytes = new Uint8Array(readFileSync(join(root, "einvoice-scan", entry.file)));
    lines = [];
    await reader.read({ bytes, mediaType: "application/pdf", filename: entry.file }, { method: "ocr" });
    const pdf = await PDFDocument.load(bytes);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.getPage(0);
    const { height } = page.getSize();
    const step = Math.min(14, (height - 40) / Math.max(1, lines.length));
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    lines.forEach((line, i) => {
      // Helvetica's WinAnsi encoding: what it cannot write is left out, as a layer's unmapped glyphs are.
      const text = [...line].filter((c) => font.getCharacterSet().includes(c.codePointAt(0) ?? 0)).join("");
      page.drawText(text, { x: 30, y: height - 30 - i * step, size: Math.max(4, step * 0.8), font });
    });
    writeFileSync(join(folder, entry.file), await pdf.save());
  }
} finally {
  await reader.close();
}
writeFileSync(join(folder, "index.json"), JSON.stringify(chosen, null, 1));
console.log(`${chosen.length} one-page prints with a ${dpi} dpi OCR layer in ${folder}`);
