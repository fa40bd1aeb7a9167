import { availableParallelism } from "node:os";
import type { Extraction, ReadFailure } from "@apar/core";
import {
  bestOfReadings,
  bestOfTwoEngines,
  extractFromText,
  languageOf,
  ocrLanguagesOf,
  PAYMENT_PART,
  readAlike,
  scriptLanguageOf,
  type TextBox,
  type TokenToCheck,
  tokensToCheck,
  withCheckedTokens,
  withModelAnswers,
  withPaymentCode,
} from "@apar/core/extraction";
import type { DocumentReader, DocumentToRead, ReadOptions } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { spanTexts } from "./actual-text.js";
import { readEinvoiceXml } from "./einvoice-xml.js";
import { cropPix } from "./grey-pix.js";
import { type LlmConfig, readWithLlm } from "./llm-reader.js";
import { detectMedia, imageSize, MEDIA_TYPES, type MediaKind } from "./media.js";
import { HEADER_BAND, withHeaderBand } from "./ocr-band.js";
import { createOcrPool, OcrAborted, type OcrPool, type Threshold } from "./ocr-pool.js";
import { otherWaysBefore, readAnotherWay, readSmallTextEnlarged } from "./other-ways.js";
import { imagePaymentCode, pagePaymentCode } from "./payment-qr.js";
import {
  hasTextLayer,
  openPdf,
  type PdfDocument,
  pageMarks,
  pageText,
  renderPageForOcr,
  renderPagePng,
} from "./pdf-document.js";
import { surveyPdf } from "./pdf-limits.js";
import { enlargedForOcr, imageForOcr, imageTurns } from "./pixels.js";
import { createSecondEye, type EyeReading, type SecondEye } from "./second-eye.js";

export interface DocumentReaderOptions {
  /** tesseract language codes, each with its `@tesseract.js-data/<code>` package installed. */
  readonly languages: readonly string[];
  /** OCR workers; defaults to the cores. */
  readonly ocrWorkers?: number;
  /** OCR jobs a worker runs before it is replaced. */
  readonly recycleAfter?: number;
  /** Longest a reading may take. */
  readonly timeoutMs?: number;
  readonly llm?: LlmConfig;
  readonly maxPages?: number;
  /** Pixels of an image, an image inside a PDF, or a page rendered for OCR. */
  readonly maxPixels?: number;
  /** Bytes one PDF stream may decode to. */
  readonly maxStreamBytes?: number;
  /** Bytes all of a PDF's streams may decode to together. */
  readonly maxDocumentBytes?: number;
  /** Bytes of an e-invoice XML, on its own or attached to a PDF. */
  readonly maxXmlBytes?: number;
  /** Rendering resolution for scanned pages and LLM page images. */
  readonly dpi?: number;
  /** Whether a PDF's embedded e-invoice XML is read (default true); false reads its pages (benchmarks). */
  readonly readAttachedEinvoice?: boolean;
  /**
   * With `llm` set: after a text-layer or OCR reading, the key fields whose confidence is below this are asked of
   * the LLM (one request with the page images, only when some field is unsure). Unset: never.
   */
  readonly llmBelow?: number;
  /**
   * Whether a text layer written over a page image in invisible text (a scanner's OCR) is judged against apar's
   * own OCR of the page, field by field (default true); false trusts every text layer (benchmarks).
   */
  readonly judgeTextLayers?: boolean;
  /**
   * The second eye for photos and scans (second-eye.ts): `paddle` (the default) reads an image again with PaddleOCR
   * when tesseract's reading of it is unsure, and the better reading is kept; `off`: tesseract alone.
   */
  readonly secondEye?: "paddle" | "off";
  /**
   * Called with the text lines a text-layer or OCR reading parsed (benchmarks keep them to re-parse): for an image
   * the second eye read again, tesseract's.
   */
  readonly onText?: (lines: readonly string[], reader: "pdf-text" | "ocr", boxes: readonly TextBox[]) => void;
  /** Called with what the second eye read of an image (benchmarks keep it to re-parse with `withSecondEye`). */
  readonly onSecondEye?: (seen: EyeReading) => void;
}

// An image this large (A4 at about 72 dpi) may be a page's scan; a smaller one is a logo or a stamp.
const SCAN_PIXELS = 500_000;
// The share of a page an image must cover to be the page's scan.
const SCAN_COVER = 0.5;

// Below this bill-level confidence an image's tesseract reading is read again by the second eye.
const LOOK_AGAIN = 0.9;

/** Whether an image's tesseract reading is unsure enough for the second eye to read the image again. */
export const wantsSecondEye = (read: Extraction): boolean => read.confidence < LOOK_AGAIN;

/**
 * Tesseract's reading of an image (from its text `lines`) and the second eye's text of it made one by
 * `bestOfTwoEngines` (the eye's first when it found another total; a number or date both read alike is sure; of two
 * names read as surely, the one the other engine's text holds too). Benchmarks re-parse kept texts with it.
 */
export const withSecondEye = (
  read: Extraction,
  lines: readonly string[],
  seen: EyeReading,
  context: Parameters<typeof extractFromText>[2],
): Extraction =>
  bestOfTwoEngines(read, extractFromText(seen.lines, "ocr", context, seen.words), { first: lines, second: seen.lines });

// The fields a person needs to pay a bill, the ones worth a model's second look.
const KEY_FIELDS = ["supplierName", "invoiceNumber", "invoiceDate", "dueDate", "currency", "totalAmount"] as const;

type Result = E.Either<ReadFailure, Extraction>;
const fail = (reason: ReadFailure["reason"], detail: string): Result => E.left({ reason, detail });

class Failed extends Error {
  constructor(readonly failure: ReadFailure) {
    super(failure.detail);
  }
}

const E_INVOICE_NAMES = /(?:factur-?x|zugferd|xrechnung|order-x|invoice|ubl|cii).*\.xml$|\.xml$/i;

/**
 * The DocumentReader: e-invoice XML (direct or attached to a PDF) first, then a PDF's text layer, then OCR of
 * images and scanned pages, or an LLM's vision when a client reads by `llm`. Never throws for a bad document.
 */
export const createDocumentReader = (options: DocumentReaderOptions): DocumentReader & { close(): Promise<void> } => {
  const maxPages = options.maxPages ?? 50;
  const maxPixels = options.maxPixels ?? 40_000_000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const dpi = options.dpi ?? 300;
  const maxStreamBytes = options.maxStreamBytes ?? 64 * 2 ** 20;
  const maxDocumentBytes = options.maxDocumentBytes ?? 256 * 2 ** 20;
  const maxXmlBytes = options.maxXmlBytes ?? 16 * 2 ** 20;
  const languages = options.languages.length > 0 ? options.languages : ["eng"];
  const first = languages[0] as string;
  /**
   * The OCR languages for a document whose text read so far tells `language` (a vocabulary's code, "en" when it
   * tells none): the first configured one, led by one that reads that language when it is another configured one.
   * With one language configured, that one.
   */
  const languagesFor = (language: string): string[] => {
    const own = ocrLanguagesOf(language).find((l) => languages.includes(l));
    return own !== undefined && own !== first ? [own, first] : [first];
  };
  const languagesOfText = (text: readonly string[]): string[] =>
    languages.length === 1 ? [first] : languagesFor(languageOf(text.join("\n")) ?? "en");
  /**
   * A reading in the first language, read again in the document's own: the configured language its text is in; or,
   * when its text tells none (a script the first language's OCR cannot read comes out as noise), each configured
   * language of another script in turn, kept when what it reads is written in that script. `langs` is what the
   * reading was made with.
   */
  const inItsLanguage = async <T extends { lines: readonly string[] }>(
    seen: T,
    readIn: (langs: string[]) => Promise<T>,
  ): Promise<{ text: T; langs: string[] }> => {
    if (languages.length === 1) return { text: seen, langs: [first] };
    const told = languageOf(seen.lines.join("\n"));
    const again = languagesFor(told ?? "en");
    if (again[0] !== first) return { text: await readIn(again), langs: again };
    if (told !== null) return { text: seen, langs: again };
    for (const lang of languages) {
      const script = scriptLanguageOf(lang);
      if (lang === first || script === undefined) continue;
      const other = await readIn([lang, first]);
      if (languageOf(other.lines.join("\n")) === script) return { text: other, langs: [lang, first] };
    }
    return { text: seen, langs: again };
  };
  let pool: OcrPool | undefined;
  const ocr = (): OcrPool => {
    pool ??= createOcrPool({
      languages,
      size: options.ocrWorkers ?? availableParallelism(),
      ...(options.recycleAfter === undefined ? {} : { recycleAfter: options.recycleAfter }),
    });
    return pool;
  };
  let secondEye: SecondEye | undefined;
  const eye = (): SecondEye => {
    secondEye ??= createSecondEye({ timeoutMs: Math.min(30_000, timeoutMs / 2) });
    return secondEye;
  };
  /** An image's reading, or, where tesseract's is unsure, tesseract's and the second eye's made one. */
  const lookAgain = async (
    read: Extraction,
    lines: readonly string[],
    image: Uint8Array,
    context: Parameters<typeof extractFromText>[2],
    signal: AbortSignal,
  ): Promise<Extraction> => {
    if (options.secondEye === "off" || !wantsSecondEye(read)) return read;
    const seen = await eye().read(image, signal);
    if (seen === null) return read;
    options.onSecondEye?.(seen);
    return withSecondEye(read, lines, seen, context);
  };

  /**
   * A scanned page's reading with the numbers and dates the second eye reads alike where tesseract printed them on
   * the first page (each token's box and a margin, at the page's full resolution) made sure.
   */
  const checkTokens = async (
    read: Extraction,
    words: readonly TextBox[],
    page: Uint8Array,
    signal: AbortSignal,
  ): Promise<Extraction> => {
    if (options.secondEye === "off") return read;
    const checked: TokenToCheck[] = [];
    const onFirstPage = words.filter((w) => w.page === 1);
    for (const token of tokensToCheck(read, onFirstPage)) {
      const { x, y, width, height } = token.box;
      const crop = cropPix(page, x - 2 * height, y - height, width + 4 * height, 3 * height);
      const seen = crop === null ? null : await eye().read(crop, signal);
      if (seen !== null && readAlike(token.token, seen.lines)) checked.push(token);
    }
    return withCheckedTokens(read, checked);
  };

  const viaLlm = async (images: { bytes: Uint8Array; mediaType: string }[], signal: AbortSignal): Promise<Result> => {
    if (!options.llm) return fail("unreadable", "no LLM endpoint is configured");
    const r = await readWithLlm(options.llm, images, signal);
    return E.isLeft(r) ? fail("unreadable", r.left) : r;
  };

  // Asks the LLM for the key fields the reading is unsure of and takes its answers for those fields only.
  const secondLook = async (
    read: Extraction,
    images: () => Promise<{ bytes: Uint8Array; mediaType: string }[]>,
    signal: AbortSignal,
  ): Promise<Extraction> => {
    const below = options.llmBelow;
    if (!options.llm || below === undefined) return read;
    const unsure = KEY_FIELDS.filter((f) => (read.fieldConfidence[f] ?? 0) < below);
    if (unsure.length === 0) return read;
    const answer = await readWithLlm(options.llm, await images(), signal, unsure);
    if (E.isLeft(answer)) return read;
    return withModelAnswers(read, unsure, answer.right.fields);
  };

  const readImage = async (
    doc: DocumentToRead,
    kind: MediaKind,
    read: ReadOptions,
    signal: AbortSignal,
    otherWays: () => AbortSignal,
  ): Promise<Result> => {
    const size = imageSize(doc.bytes, kind);
    if (size === null) return fail("corrupt", `the ${kind.toUpperCase()} header cannot be read`);
    if (size.width * size.height > maxPixels) {
      return fail("too-large", `${size.width}x${size.height} pixels is more than ${maxPixels}`);
    }
    if (read.method === "llm") return viaLlm([{ bytes: doc.bytes, mediaType: MEDIA_TYPES[kind] }], signal);
    const context = read.buyer === undefined ? {} : { buyer: read.buyer };
    // What OCR reads (`pix`), and the image the second eye and a model are shown (`bytes`, of `mediaType`).
    type Shot = { pix: Uint8Array; bytes: Uint8Array; mediaType: string; threshold?: Threshold };
    const readPix = (shot: Shot, langs: readonly string[], stop = signal) =>
      ocr().recognizeBoxes(shot.pix, stop, langs, shot.threshold);
    const asSent: Shot = { pix: await imageForOcr(doc.bytes, kind), bytes: doc.bytes, mediaType: MEDIA_TYPES[kind] };
    const turns = imageTurns(doc.bytes);
    const { shot, text } = await readAnotherWay(
      asSent,
      (s, stop) => readPix(s, [first], stop),
      async (turn) => {
        const image = await turns(turn);
        return image === null ? null : { pix: image.pix, bytes: image.png, mediaType: "image/png" };
      },
      signal,
      otherWays,
    );
    // Read again in the language the first reading shows, or in the script it could not read.
    const mine = await inItsLanguage(text, (langs) => readPix(shot, langs));
    let seen = mine.text;
    const again = mine.langs;
    // Small words read again enlarged (a page exported at a screen's resolution).
    seen = await readSmallTextEnlarged(
      seen,
      size.width * size.height,
      maxPixels,
      (pix, stop) => readPix({ ...shot, pix }, again, stop),
      (k) => enlargedForOcr(shot.bytes, k, maxPixels),
      signal,
      otherWays,
    );
    const { lines, words } = seen;
    options.onText?.(lines, "ocr", words);
    const seenTwice = await lookAgain(
      extractFromText(lines, "ocr", context, words),
      lines,
      shot.bytes,
      context,
      signal,
    );
    const code = lines.some((l) => PAYMENT_PART.test(l)) ? await imagePaymentCode(shot.bytes) : null;
    const reading = code === null ? seenTwice : withPaymentCode(seenTwice, code, lines);
    return E.right(await secondLook(reading, async () => [{ bytes: shot.bytes, mediaType: shot.mediaType }], signal));
  };

  const readPdf = async (
    bytes: Uint8Array,
    read: ReadOptions,
    signal: AbortSignal,
    otherWays: () => AbortSignal,
  ): Promise<Result> => {
    const context = read.buyer === undefined ? {} : { buyer: read.buyer };
    const survey = surveyPdf(bytes, { maxStreamBytes, maxDocumentBytes, maxPixels });
    if (survey.over !== null) return fail("too-large", survey.over);
    const judge = options.judgeTextLayers !== false && survey.largestImage >= SCAN_PIXELS;
    // What a marked-content sequence says its glyphs stand for, read only for a page with a glyph named U+0000.
    const spans = spanTexts(bytes);
    let pdf: PdfDocument;
    // Pages are drawn (for a model's eyes or for OCR) from a copy opened with the standard fonts' programs; the
    // text is read without them (the same text, for a sixth of the cost).
    let drawn: Promise<PdfDocument> | undefined;
    const forDrawing = (): Promise<PdfDocument> => {
      drawn ??= read.method === "llm" ? Promise.resolve(pdf) : openPdf(bytes, maxPixels, true);
      return drawn;
    };
    try {
      pdf = await openPdf(bytes, maxPixels, read.method === "llm");
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === "PasswordException") return fail("encrypted", "the PDF needs a password");
      return fail("corrupt", `the PDF cannot be opened: ${(e as Error).message}`);
    }
    try {
      if (pdf.numPages > maxPages) return fail("too-large", `${pdf.numPages} pages is more than ${maxPages}`);
      const attached = options.readAttachedEinvoice === false ? null : await einvoiceAttachment(pdf, maxXmlBytes);
      if (attached) return E.right(attached);
      const pageWithin = async (n: number) => {
        const page = await (await forDrawing()).getPage(n);
        const viewport = page.getViewport({ scale: dpi / 72 });
        if (viewport.width * viewport.height > maxPixels) {
          throw new Failed({ reason: "too-large", detail: `page ${n} renders to more than ${maxPixels} pixels` });
        }
        return page;
      };
      const render = async (n: number): Promise<Uint8Array> => renderPagePng(await pageWithin(n), dpi);
      if (read.method === "llm") {
        const images: { bytes: Uint8Array; mediaType: string }[] = [];
        for (let n = 1; n <= Math.min(pdf.numPages, 5); n++)
          images.push({ bytes: await render(n), mediaType: "image/png" });
        return await viaLlm(images, signal);
      }
      // The pages' text as their layers give it (OCR where a page has none), and the same with apar's own OCR
      // in place of a layer a scanner wrote over its page image.
      // The page of boxes of each: the text layer's runs, or OCR's words (the header band's lines come without).
      const lines: string[] = [];
      const own: string[] = [];
      const boxes: TextBox[] = [];
      const ownBoxes: TextBox[] = [];
      let scanned = false;
      let judged = false;
      // The first page's grey pixels when apar OCR'd it: a second engine checks numbers and dates there.
      let firstPage: Uint8Array | undefined;
      const ocrPage = async (n: number): Promise<{ lines: string[]; words: TextBox[] }> => {
        const page = await pageWithin(n);
        // The page, and its header band on its own: a page's reading can drop the top line beside a logo.
        type Shot = { image: Uint8Array; band?: Uint8Array; threshold?: Threshold };
        const read = async (shot: Shot, langs: readonly string[], stop = signal) => {
          const [whole, top] = await Promise.all([
            ocr().recognizeBoxes(shot.image, stop, langs, shot.threshold),
            shot.band ? ocr().recognize(shot.band, stop, langs, shot.threshold) : [],
          ]);
          return {
            lines: withHeaderBand(whole.lines, top),
            words: whole.words.map((w) => ({ ...w, page: n })),
            sureWords: whole.sureWords,
          };
        };
        // The document's language is told by its text so far, or else by this page's reading in the first
        // language, read again in its own when that is another configured one.
        const known = lines.length > 0 ? languagesOfText(lines) : undefined;
        const drawn: Shot = await renderPageForOcr(page, dpi, HEADER_BAND);
        const { shot, text } = await readAnotherWay(
          drawn,
          (s, stop) => read(s, known ?? [first], stop),
          (turn) => renderPageForOcr(page, dpi, HEADER_BAND, turn),
          signal,
          otherWays,
        );
        if (n === 1) firstPage = shot.image;
        return known === undefined ? (await inItsLanguage(text, (langs) => read(shot, langs))).text : text;
      };
      // The pages that show a payment part's heading, where a payment code is looked for (the first two).
      const paymentParts: number[] = [];
      const withPageCode = async (read: Extraction, all: readonly string[]): Promise<Extraction> => {
        for (const n of paymentParts.slice(0, 2)) {
          const code = await pagePaymentCode(await (await forDrawing()).getPage(n));
          if (code !== null) return withPaymentCode(read, code, all);
        }
        return read;
      };
      for (let n = 1; n <= pdf.numPages; n++) {
        if (signal.aborted) throw new OcrAborted("aborted");
        const page = await pdf.getPage(n);
        const text = await pageText(page, n, spans);
        const before = lines.length;
        if (hasTextLayer(text.lines)) {
          lines.push(...text.lines);
          boxes.push(...text.boxes);
          const marks = judge ? await pageMarks(page) : null;
          if (marks?.invisibleText && marks.imageCover >= SCAN_COVER) {
            judged = true;
            const shot = await ocrPage(n);
            own.push(...shot.lines);
            ownBoxes.push(...shot.words);
          } else {
            own.push(...text.lines);
            ownBoxes.push(...text.boxes);
          }
        } else {
          scanned = true;
          const shot = await ocrPage(n);
          lines.push(...shot.lines);
          own.push(...shot.lines);
          boxes.push(...shot.words);
          ownBoxes.push(...shot.words);
        }
        if (lines.slice(before).some((l) => PAYMENT_PART.test(l))) paymentParts.push(n);
      }
      options.onText?.(judged ? own : lines, scanned || judged ? "ocr" : "pdf-text", judged ? ownBoxes : boxes);
      // A scanner's layer is OCR too, of unknown quality: both readings are held to OCR's caps, and apar's own
      // wins a field unless the layer's is surer.
      const asRead = judged
        ? bestOfReadings(extractFromText(own, "ocr", context, ownBoxes), extractFromText(lines, "ocr", context, boxes))
        : extractFromText(lines, scanned ? "ocr" : "pdf-text", context, boxes);
      const checked = firstPage === undefined ? asRead : await checkTokens(asRead, ownBoxes, firstPage, signal);
      const reading = await withPageCode(checked, judged ? own : lines);
      const pages = async (): Promise<{ bytes: Uint8Array; mediaType: string }[]> => {
        const images: { bytes: Uint8Array; mediaType: string }[] = [];
        for (let n = 1; n <= Math.min(pdf.numPages, 5); n++)
          images.push({ bytes: await render(n), mediaType: "image/png" });
        return images;
      };
      return E.right(await secondLook(reading, pages, signal));
    } finally {
      await pdf.loadingTask.destroy().catch(() => undefined);
      if (drawn !== undefined && read.method !== "llm")
        await drawn.then((d) => d.loadingTask.destroy()).catch(() => undefined);
    }
  };

  const readAny = async (
    doc: DocumentToRead,
    read: ReadOptions,
    signal: AbortSignal,
    otherWays: () => AbortSignal,
  ): Promise<Result> => {
    if (doc.bytes.length === 0) return fail("corrupt", "the document is empty");
    const kind = detectMedia(doc.bytes);
    if (kind === null) return fail("unsupported", "not a PDF, PNG, JPEG, TIFF, WebP or e-invoice XML document");
    if (kind === "xml") {
      if (doc.bytes.length > maxXmlBytes) return fail("too-large", `the XML is more than ${maxXmlBytes} bytes`);
      const r = readEinvoiceXml(doc.bytes);
      if (r === "corrupt") return fail("corrupt", "the XML is not well-formed or declares a DOCTYPE");
      if (r === "not-einvoice") return fail("unsupported", "the XML is neither a UBL invoice nor a CII invoice");
      return E.right(r);
    }
    if (kind === "pdf") return readPdf(doc.bytes, read, signal, otherWays);
    return readImage(doc, kind, read, signal, otherWays);
  };

  return {
    async read(document, read) {
      const controller = new AbortController();
      const otherWays = otherWaysBefore(performance.now() + timeoutMs);
      const onAbort = (): void => controller.abort();
      read.signal?.addEventListener("abort", onAbort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<Result>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(fail("timeout", `reading took longer than ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([
          readAny(document, read, controller.signal, otherWays).catch((e: unknown): Result => {
            if (e instanceof Failed) return E.left(e.failure);
            if (e instanceof OcrAborted || controller.signal.aborted) return fail("timeout", "the reading was stopped");
            return fail("unreadable", `the document could not be read: ${(e as Error).message}`);
          }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
        read.signal?.removeEventListener("abort", onAbort);
      }
    },
    async close() {
      await Promise.all([pool?.close(), secondEye?.close()]);
      pool = undefined;
      secondEye = undefined;
    },
  };
};

// A Factur-X/ZUGFeRD/XRechnung PDF carries its invoice as an embedded XML file: exact fields beat reading the page.
const einvoiceAttachment = async (pdf: PdfDocument, maxXmlBytes: number): Promise<Extraction | null> => {
  const attachments = await pdf.getAttachments().catch(() => null);
  if (!attachments) return null;
  for (const [id, a] of attachments) {
    if (!E_INVOICE_NAMES.test(a.filename)) continue;
    const content = a.content ?? (await pdf.getAttachmentContent(id).catch(() => null));
    if (!content) continue;
    if (content.length > maxXmlBytes)
      throw new Failed({ reason: "too-large", detail: `the attached XML is more than ${maxXmlBytes} bytes` });
    const r = readEinvoiceXml(content);
    if (typeof r === "object") return r;
  }
  return null;
};
