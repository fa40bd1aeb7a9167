import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextBox } from "@apar/core/extraction";
import type { SpanTexts } from "./actual-text.js";
import { greyPix } from "./grey-pix.js";

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
export type PdfDocument = Awaited<ReturnType<Pdfjs["getDocument"]>["promise"]>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve("pdfjs-dist/package.json"));
// pdfjs reads these from disk in Node: fonts for the 14 standard fonts, wasm decoders for JPX/JBIG2 scans.
const standardFontDataUrl = `${join(pdfjsRoot, "standard_fonts")}/`;
const wasmUrl = `${join(pdfjsRoot, "wasm")}/`;
// The character maps of CID fonts: a Japanese, Chinese or Korean font embedded without a ToUnicode map (Identity-H
// over Adobe-Japan1) has its text only through them; without them pdfjs reads no text from those pages.
const cMapUrl = `${join(pdfjsRoot, "cmaps")}/`;

let loaded: Promise<Pdfjs> | undefined;
/** pdfjs-dist's legacy build, loaded once on first use (not at import time). */
export const pdfjs = (): Promise<Pdfjs> => {
  loaded ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((m) => {
    // In Node pdfjs runs its "worker" in the same thread; point it at the bundled file so nothing is fetched.
    m.GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href;
    return m;
  });
  return loaded;
};

/**
 * Opens a PDF from bytes: no eval, no font faces, no network, nothing fetched; images over `maxImageSize` pixels
 * are skipped. The 14 standard fonts' programs are loaded only `forDrawing`: text comes out the same without them
 * (pdfjs knows their metrics), and parsing them was most of reading a one-page bill's text.
 */
export const openPdf = async (bytes: Uint8Array, maxImageSize = -1, forDrawing = true): Promise<PdfDocument> => {
  const m = await pdfjs();
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = m.getDocument({
    data: bytes.slice(),
    ...(forDrawing ? { standardFontDataUrl } : {}),
    wasmUrl,
    cMapUrl,
    cMapPacked: true,
    useWorkerFetch: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
    maxImageSize,
  });
  return task.promise;
};

interface Run {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A text run's matrix as the page is shown: the page's /Rotate applied (a landscape page drawn rotated). */
const shown = (viewport: readonly number[], m: readonly number[]): number[] => {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = viewport;
  const [p = 1, q = 0, r = 0, s = 1, x = 0, y = 0] = m;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * x + c * y + e, b * x + d * y + f];
};

/**
 * A page's text as lines, top to bottom as the page is shown (its /Rotate applied), each ordered by x; wide gaps
 * become two spaces (column breaks). Runs not written left to right as shown (a diagonal "COPY" stamp, a
 * margin note turned on its side) follow, one line each.
 */
export const pageLines = async (page: PdfPage): Promise<string[]> => (await pageText(page)).lines;

/**
 * A page's text lines (as `pageLines`) and the runs they were made of as boxes where the page shows them (points,
 * y downwards from the page's top; `pageNumber` their page), from the one text extraction.
 */
export const pageText = async (
  page: PdfPage,
  pageNumber = 1,
  spans?: SpanTexts,
): Promise<{ lines: string[]; boxes: TextBox[] }> => {
  let items = (await page.getTextContent()).items;
  // A glyph its font's map names U+0000: the marked-content sequence around it may say what it stands for.
  if (spans !== undefined && items.some((i) => "str" in i && i.str.includes("\u0000"))) {
    const texts = await spans(pageNumber);
    const marked = texts === null ? null : (await page.getTextContent({ includeMarkedContent: true })).items;
    items = (marked !== null && texts !== null ? withActualTexts(marked, texts) : null) ?? items;
  }
  const viewport = page.getViewport({ scale: 1 }).transform as number[];
  const runs: Run[] = [];
  const turned: string[] = [];
  for (const item of items) {
    if (!("str" in item) || item.str.trim() === "") continue;
    // Device space: y grows downwards; flip it back so that larger y is higher up, as in the page's own space.
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = shown(viewport, item.transform as number[]);
    if (Math.abs(b) > Math.abs(a) * 0.1 || a <= 0) {
      turned.push(item.str.trim());
      continue;
    }
    runs.push({ text: item.str, x: e, y: -f, width: item.width, height: Math.hypot(c, d) || item.height || 10 });
  }
  // A filled form's values, on a page with text of its own: a scan's fields alone would hide it from OCR.
  if (runs.length > 0) runs.push(...fieldRuns(await page.getAnnotations({ intent: "display" }), viewport));
  const shownOnce = withoutOverprints(runs).sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Run[][] = [];
  for (const run of shownOnce) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    // Runs whose baselines differ by less than a third of the text height share a line.
    if (row && first && Math.abs(first.y - run.y) < Math.min(first.height, run.height) / 3) row.push(run);
    else rows.push([run]);
  }
  const lines = rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = "";
    let end = Number.NEGATIVE_INFINITY;
    for (const run of row) {
      const gap = run.x - end;
      if (line !== "") line += gap > run.height * 1.2 ? "  " : gap > run.height * 0.15 ? " " : "";
      line += run.text;
      end = run.x + run.width;
    }
    return line.replace(/\s+$/, "");
  });
  // Run y is the baseline with y upwards: a box's top is the baseline less the text height, y downwards.
  const boxes = shownOnce.map((r) => ({
    text: r.text.trim(),
    x: r.x,
    y: -r.y - r.height,
    width: r.width,
    height: r.height,
    page: pageNumber,
  }));
  return { lines: [...lines, ...turned], boxes };
};

/**
 * The runs without the copies a writer draws over a run to make it look bold ("TENNISMEHL GmbH" drawn three times,
 * each a fraction of a point beside the last, reads "TENNISMEHL GmbHTENNISMEHL GmbHTENNISMEHL GmbH"): the same
 * text again, less than a quarter of its height away.
 */
const withoutOverprints = (runs: readonly Run[]): Run[] => {
  const seen = new Map<string, Run[]>();
  return runs.filter((run) => {
    const same = seen.get(run.text);
    const near = run.height / 4;
    if (same?.some((o) => Math.abs(o.x - run.x) < near && Math.abs(o.y - run.y) < near)) return false;
    if (same === undefined) seen.set(run.text, [run]);
    else same.push(run);
    return true;
  });
};

/** What pdf.js tells of a form field's widget (the part read here). */
interface Widget {
  readonly subtype?: string;
  readonly fieldType?: string;
  readonly fieldValue?: unknown;
  readonly rect?: readonly number[];
  readonly hidden?: boolean;
  readonly multiLine?: boolean;
  readonly defaultAppearanceData?: { readonly fontSize?: number };
}

/**
 * A filled form's values (a fillable template's text fields) as runs where the page shows them: pdf.js keeps them
 * in the page's widgets, out of its text content, although the page shows them as any other text. Each line of a
 * value is a run in its field's box, one line centred, several from the top; its width guessed from its length, its
 * height the box's.
 */
const fieldRuns = (widgets: readonly Widget[], viewport: readonly number[]): Run[] => {
  const runs: Run[] = [];
  for (const w of widgets) {
    if (w.subtype !== "Widget" || w.fieldType !== "Tx" || w.hidden || typeof w.fieldValue !== "string") continue;
    const values = w.fieldValue.split(/\r\n|\r|\n/).filter((v) => v.trim() !== "");
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = w.rect ?? [];
    if (values.length === 0) continue;
    // The box's corners on the page as shown (y downwards).
    const corners = [shown(viewport, [1, 0, 0, 1, x1, y1]), shown(viewport, [1, 0, 0, 1, x2, y2])];
    const left = Math.min(...corners.map((m) => m[4] ?? 0));
    const right = Math.max(...corners.map((m) => m[4] ?? 0));
    const top = Math.min(...corners.map((m) => m[5] ?? 0));
    const bottom = Math.max(...corners.map((m) => m[5] ?? 0));
    const size = w.defaultAppearanceData?.fontSize || Math.min(12, (bottom - top) / values.length);
    const leading = size * 1.2;
    const first = w.multiLine ? top + 2 : top + (bottom - top - leading * values.length) / 2;
    values.forEach((text, k) => {
      const baseline = first + leading * (k + 1) - size * 0.2;
      // The field's own height: where a template sets a field against its label is looser than a line's text.
      const height = Math.max(size, (bottom - top) / values.length);
      runs.push({ text, x: left + 2, y: -baseline, width: Math.min(right - left, text.length * size * 0.5), height });
    });
  }
  return runs;
};

type Item = Awaited<ReturnType<PdfPage["getTextContent"]>>["items"][number];
type TextItem = Extract<Item, { str: string }>;

/**
 * A page's text items with each marked-content sequence that holds a glyph named U+0000 and has an ActualText
 * (`texts`, one for each BDC of the page's content, in order) made one item of that text, placed where its items
 * were. Null when the sequences pdfjs reports are not the ones counted (a form's content holds some): then the
 * items stay as they are.
 */
export const withActualTexts = (items: readonly Item[], texts: readonly (string | null)[]): TextItem[] | null => {
  if (items.filter((i) => "type" in i && i.type === "beginMarkedContentProps").length !== texts.length) return null;
  const out: TextItem[] = [];
  const open: { text: string | null; items: TextItem[] }[] = [];
  const close = (span: { text: string | null; items: TextItem[] }): void => {
    const into = open.at(-1)?.items ?? out;
    const shown = span.items.filter((i) => i.str !== "");
    const first = shown[0];
    const last = shown.at(-1);
    if (
      span.text === null ||
      first === undefined ||
      last === undefined ||
      !shown.some((i) => i.str.includes("\u0000"))
    ) {
      into.push(...span.items);
      return;
    }
    const width = (last.transform[4] ?? 0) + last.width - (first.transform[4] ?? 0);
    into.push({ ...first, str: span.text, width: Math.max(width, first.width) });
  };
  let k = 0;
  for (const item of items) {
    if (!("type" in item)) {
      (open.at(-1)?.items ?? out).push(item);
      continue;
    }
    if (item.type === "beginMarkedContentProps") open.push({ text: texts[k++] ?? null, items: [] });
    else if (item.type === "beginMarkedContent") open.push({ text: null, items: [] });
    else if (item.type === "endMarkedContent") {
      const span = open.pop();
      if (span) close(span);
    }
  }
  while (open.length > 0) close(open.pop() as { text: string | null; items: TextItem[] });
  return out;
};

/** What a page draws besides its text: the largest share of the page one image covers, and any invisible text. */
export interface PageMarks {
  readonly imageCover: number;
  readonly invisibleText: boolean;
}

/**
 * A page's marks from its operator list: an image's share of the page is the area its matrix gives the unit
 * square (the determinant of the transform in force, forms' matrices included) over the page's area; text is
 * invisible in rendering modes 3 and 7, as a scanner's OCR layer is written over its page image.
 */
export const pageMarks = async (page: PdfPage): Promise<PageMarks> => {
  const { OPS } = await pdfjs();
  const list = await page.getOperatorList();
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  const pageArea = Math.abs((x1 - x0) * (y1 - y0)) || 1;
  const det = (m: readonly number[]): number => (m[0] ?? 1) * (m[3] ?? 1) - (m[1] ?? 0) * (m[2] ?? 0);
  let scale = 1;
  const saved: number[] = [];
  let cover = 0;
  let invisibleText = false;
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) saved.push(scale);
    else if (fn === OPS.restore) scale = saved.pop() ?? scale;
    else if (fn === OPS.transform) scale *= det(args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      saved.push(scale);
      const matrix = args?.[0] as number[] | null | undefined;
      if (Array.isArray(matrix)) scale *= det(matrix);
    } else if (fn === OPS.paintFormXObjectEnd) scale = saved.pop() ?? scale;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject)
      cover = Math.max(cover, Math.abs(scale) / pageArea);
    else if (fn === OPS.setTextRenderingMode && (args?.[0] === 3 || args?.[0] === 7)) invisibleText = true;
  });
  return { imageCover: Math.min(1, cover), invisibleText };
};

const VOWEL = /[aeiouyäöüàâéèêëîïôûùæœąęóÿ]/iu;
// Two letters of a script other than Latin: a word of Japanese, Chinese or Thai (written without spaces, so a
// token is a phrase), Cyrillic, Greek, Hebrew, Arabic. Glyph codes come out as ASCII and Latin-1, never so.
const SCRIPT_WORD = /(?:(?!\p{Script=Latin})\p{L}){2}/u;

/**
 * Whether a page carries a usable text layer, judged by its words, not its length: a scan has none or a few
 * stray characters, and a font without a Unicode map gives glyph codes ("!\"#$ %&'()") that are no words.
 */
export const hasTextLayer = (lines: readonly string[]): boolean => {
  const tokens = lines
    .join(" ")
    .split(/\s+/)
    .filter((t) => t !== "");
  const words = tokens.filter((t) => (/^[(\p{L}]?\p{L}{2,}[).,:;]?$/u.test(t) && VOWEL.test(t)) || SCRIPT_WORD.test(t));
  return words.length >= 5 && words.length / tokens.length >= 0.25;
};

const drawPage = async (page: PdfPage, dpi: number) => {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const { createCanvas } = await napiCanvas();
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  return { canvas, context };
};

/** A page drawn at `dpi` on opaque white: its RGBA pixels (premultiplied, so the plain ones) and size. */
export const pageRgba = async (
  page: PdfPage,
  dpi: number,
): Promise<{ rgba: Buffer; width: number; height: number }> => {
  const { canvas } = await drawPage(page, dpi);
  return { rgba: canvas.data(), width: canvas.width, height: canvas.height };
};

/** Renders a page to PNG at `dpi` with pdfjs's Node canvas (the images an LLM is shown). */
export const renderPagePng = async (page: PdfPage, dpi: number): Promise<Uint8Array> =>
  new Uint8Array((await drawPage(page, dpi)).canvas.toBuffer("image/png"));

/**
 * Renders a page at `dpi` for OCR: its grey pixels (grey-pix.ts), and with `band` (a share of the height) also
 * the page's top band of that height as an image of its own (tesseract reads a rectangle of a larger image worse
 * than the same pixels alone).
 */
export const renderPageForOcr = async (
  page: PdfPage,
  dpi: number,
  band?: number,
  turn?: QuarterTurn,
): Promise<{ image: Uint8Array; band?: Uint8Array }> => {
  const drawn = (await drawPage(page, dpi)).canvas;
  const canvas = turn === undefined ? drawn : await turnedCanvas(drawn, turn);
  const { width, height } = canvas;
  // Drawn on opaque white: the canvas's premultiplied pixels are the plain ones, without getImageData's copy.
  const rgba = canvas.data();
  const image = greyPix(width, height, rgba);
  if (band === undefined) return { image };
  return { image, band: greyPix(width, height, rgba, Math.max(1, Math.round(height * band))) };
};

interface Canvas {
  width: number;
  height: number;
  getContext(kind: "2d"): {
    fillStyle: string;
    imageSmoothingQuality: "low" | "medium" | "high";
    fillRect(x: number, y: number, w: number, h: number): void;
    drawImage(image: unknown, x: number, y: number, width?: number, height?: number): void;
    translate(x: number, y: number): void;
    rotate(radians: number): void;
  };
  toBuffer(mime: "image/png"): Buffer;
  /** The stored pixels, RGBA premultiplied by alpha. */
  data(): Buffer;
}

interface NapiCanvas {
  createCanvas(w: number, h: number): Canvas;
  loadImage(source: Buffer): Promise<{ width: number; height: number }>;
}

/** A turn clockwise, in degrees: a quarter either way (90, 270), or upside down (180). */
export type QuarterTurn = 90 | 180 | 270;

/** An image or a canvas drawn on opaque white turned a quarter or a half, on a canvas of its own. */
export const turnedCanvas = async (source: { width: number; height: number }, turn: QuarterTurn): Promise<Canvas> => {
  const { createCanvas } = await napiCanvas();
  const half = turn === 180;
  const canvas = half ? createCanvas(source.width, source.height) : createCanvas(source.height, source.width);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // The new top-left corner is the old bottom-left (clockwise), top-right (counter-clockwise) or bottom-right.
  if (half) context.translate(source.width, source.height);
  else if (turn === 90) context.translate(source.height, 0);
  else context.translate(0, source.width);
  context.rotate((turn * Math.PI) / 180);
  context.drawImage(source, 0, 0);
  return canvas;
};

// @napi-rs/canvas arrives as pdfjs-dist's optional dependency (a top-level install breaks npm ci here):
// resolve it from pdfjs-dist's own location.
let canvasModule: Promise<NapiCanvas> | undefined;
/** The canvas implementation pdfjs-dist brings. */
export const napiCanvas = (): Promise<NapiCanvas> => {
  canvasModule ??= import(
    pathToFileURL(createRequire(join(pdfjsRoot, "package.json")).resolve("@napi-rs/canvas")).href
  );
  return canvasModule;
};
