// Pages tesseract cannot read as they come, read other ways within a share of the reading's budget of their own.
import type { TextBox } from "@apar/core/extraction";
import { withTopLines } from "./ocr-band.js";
import type { Threshold } from "./ocr-pool.js";
import type { QuarterTurn } from "./pdf-document.js";

/** A reading tesseract is sure of this many words of or fewer is of a page it could not read as it came. */
const FEW_SURE_WORDS = 2;
/** Another way of reading such a page is taken when tesseract is sure of this many of its words. */
const SURE_WORDS_ANOTHER_WAY = 8;
/**
 * The share of what is left of the reading's budget, once a page's first reading is done, that the page's other
 * ways may take: the rest stays for the reading that follows (the page's language, the second eye, later pages).
 */
const OTHER_WAYS_SHARE = 0.5;

/** The milliseconds the other ways may take, at `now`, in a reading that must end by `deadline`. */
export const otherWaysMs = (deadline: number, now: number): number =>
  Math.max(0, Math.floor((deadline - now) * OTHER_WAYS_SHARE));

/** The other ways' budget (readAnotherWay) in a reading that must end by `deadline` (of performance.now()). */
export const otherWaysBefore = (deadline: number) => (): AbortSignal =>
  AbortSignal.timeout(otherWaysMs(deadline, performance.now()));

/**
 * A page tesseract could not read as it came is sure of next to none of its words (0 on the corpora's two sideways
 * receipts and on a photo framed by a wide transparent margin, against dozens on a page it reads; 1 of 126 on a
 * receipt photographed upside down). Such a page is read other ways: thresholded by each pixel's neighbourhood
 * (where Otsu's one threshold for the page turned a photo on a white margin all dark), turned a quarter each way,
 * and upside down (`turned`: null when it cannot be). The way tesseract is surest of is kept when it is sure of
 * enough words. A page read well the first time costs nothing more.
 *
 * `read` stops when its signal fires: the first reading is stopped by the document's `signal`, the other ways also
 * by `budget`'s, asked for when the first reading is done. Once that fires no other way is begun, one still being
 * read is stopped, and the page keeps the best way read by then (its first reading at worst).
 */
export const readAnotherWay = async <S extends { threshold?: Threshold }, R extends { sureWords: number }>(
  shot: S,
  read: (shot: S, signal: AbortSignal) => Promise<R>,
  turned: (turn: QuarterTurn) => Promise<S | null>,
  signal: AbortSignal,
  budget: () => AbortSignal,
): Promise<{ shot: S; text: R }> => {
  let best = { shot, text: await read(shot, signal) };
  if (best.text.sureWords > FEW_SURE_WORDS) return best;
  const spent = AbortSignal.any([signal, budget()]);
  const others = [
    async () => ({ ...shot, threshold: "sauvola" as const }),
    () => turned(90),
    () => turned(270),
    () => turned(180),
  ];
  for (const other of others) {
    if (spent.aborted) break;
    try {
      const next = await other();
      if (next === null) continue;
      const text = await read(next, spent);
      if (text.sureWords >= SURE_WORDS_ANOTHER_WAY && text.sureWords > best.text.sureWords) best = { shot: next, text };
    } catch (e) {
      // The document's own stop, or a failure, ends the reading as before.
      if (signal.aborted || !spent.aborted) throw e;
    }
  }
  return best;
};

/**
 * Words this many pixels high or fewer (the median of a page's words of two letters or digits) are small for
 * tesseract's models: an invoice exported at a screen's resolution (1200 pixels across a page) gives it words 12-14
 * pixels high, which it reads as other letters ("Numero Documento" as "Namaro Bocments"), where the same image twice
 * the size reads right.
 */
const SMALL_WORDS = 18;
/** The height small words are enlarged to, and the most an image is enlarged by. */
const WORD_PIXELS = 32;
const MOST_ENLARGED = 3;
/**
 * The most pixels an enlarged image has: an A4 page drawn at 300 dpi (8.7 million), what OCR reads of a scanned
 * page. A large photo of small words is left as it is: enlarged, its reading would cost several pages'.
 */
const ENLARGED_PIXELS = 9_000_000;

/** The median height of a page's words of two letters or digits or more; null with fewer than five such words. */
export const medianWordHeight = (words: readonly TextBox[]): number | null => {
  const heights = words
    .filter((w) => /[\p{L}\p{N}]{2}/u.test(w.text))
    .map((w) => w.height)
    .sort((a, b) => a - b);
  return heights.length < 5 ? null : (heights[Math.floor(heights.length / 2)] ?? null);
};

/**
 * How many times to enlarge an image of `pixels` pixels whose words are `height` pixels high (medianWordHeight),
 * within `maxPixels` and ENLARGED_PIXELS: enough for WORD_PIXELS-high words, at most MOST_ENLARGED times; null for
 * words large enough, or where the bounds leave less than half as large again.
 */
export const enlargement = (height: number | null, pixels: number, maxPixels: number): number | null => {
  if (height === null || height <= 0 || height > SMALL_WORDS) return null;
  const k = Math.min(MOST_ENLARGED, WORD_PIXELS / height, Math.sqrt(Math.min(maxPixels, ENLARGED_PIXELS) / pixels));
  return k >= 1.5 ? k : null;
};

/**
 * A page whose words are small read again enlarged (`enlarged` draws it `k` times its size; null when it cannot),
 * within the other ways' `budget`: the enlarged reading is kept when tesseract is sure of more of its words, its
 * boxes brought back to the page's own size, with the first reading's top lines it lacks (a large heading beside
 * small text can drop out of it, as a logo's line does from a page: `withTopLines` in ocr-band.ts). A page of words
 * large enough costs nothing more; when the budget is spent first, the page keeps its first reading.
 */
export const readSmallTextEnlarged = async <R extends { sureWords: number; words: TextBox[]; lines: string[] }>(
  text: R,
  pixels: number,
  maxPixels: number,
  read: (enlarged: Uint8Array, signal: AbortSignal) => Promise<R>,
  enlarged: (k: number) => Promise<Uint8Array | null>,
  signal: AbortSignal,
  budget: () => AbortSignal,
): Promise<R> => {
  const k = enlargement(medianWordHeight(text.words), pixels, maxPixels);
  if (k === null) return text;
  const spent = AbortSignal.any([signal, budget()]);
  try {
    const image = await enlarged(k);
    if (image === null || spent.aborted) return text;
    const closer = await read(image, spent);
    if (closer.sureWords <= text.sureWords) return text;
    const back = (v: number): number => Math.round(v / k);
    return {
      ...closer,
      lines: withTopLines(closer.lines, text.lines),
      words: closer.words.map((w) => ({
        ...w,
        x: back(w.x),
        y: back(w.y),
        width: back(w.width),
        height: back(w.height),
      })),
    };
  } catch (e) {
    // The document's own stop, or a failure, ends the reading as before.
    if (signal.aborted || !spent.aborted) throw e;
    return text;
  }
};
