// Pages tesseract cannot read as they come, read other ways within a share of the reading's budget of their own.
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
 * receipts and on a photo framed by a wide transparent margin, against dozens on a page it reads). Such a page is
 * read other ways: thresholded by each pixel's neighbourhood (where Otsu's one threshold for the page turned a photo
 * on a white margin all dark) and turned a quarter each way (`turned`: null when it cannot be). The way tesseract is
 * surest of is kept when it is sure of enough words. A page read well the first time costs nothing more.
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
  const others = [async () => ({ ...shot, threshold: "sauvola" as const }), () => turned(90), () => turned(270)];
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
