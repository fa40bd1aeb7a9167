import { rmSync } from "node:fs";
import type { TextBox } from "@apar/core/extraction";
import { createWorker, PSM, type Worker } from "tesseract.js";
import { languageFolder, languagesFolder } from "./ocr-languages.js";
import { slotQueue } from "./slot-queue.js";

/**
 * tesseract.js takes one langPath: one language uses its package folder; several their shared folder
 * (languagesFolder), or a copy of the pool's own where that is squatted (`temporary`, removed when the pool closes).
 */
const langPathFor = (langs: readonly string[]): { path: string; temporary: boolean } => {
  if (langs.length === 1) return { path: languageFolder(langs[0] as string), temporary: false };
  const { path, shared } = languagesFolder(langs);
  return { path, temporary: !shared };
};

/**
 * Tesseract's TSV rows of level 5 (words): left, top, width, height at columns 6 to 9, the confidence at 10, the
 * text at 11. `sureWords` counts those it is sure of (80 or more) holding three letters or digits: a page read
 * upright has dozens, one lying on its side next to none (its words are read as strokes and marks).
 */
const readTsv = (tsv: string): { words: TextBox[]; sureWords: number } => {
  const words: TextBox[] = [];
  let sureWords = 0;
  for (const row of tsv.split("\n")) {
    const c = row.split("\t");
    const text = c[11]?.trim() ?? "";
    if (c[0] !== "5" || text === "") continue;
    const [x, y, width, height] = [c[6], c[7], c[8], c[9]].map(Number) as [number, number, number, number];
    words.push({ text, x, y, width, height, page: 1 });
    if (Number(c[10]) >= 80 && text.replace(/[^\p{L}\p{N}]/gu, "").length >= 3) sureWords++;
  }
  return { words, sureWords };
};

/** The words of tesseract's TSV with their boxes (readTsv). */
export const wordsOfTsv = (tsv: string): TextBox[] => readTsv(tsv).words;

/** Why an OCR job did not finish. */
export class OcrAborted extends Error {}

export interface OcrPool {
  /**
   * The text lines of an image (PNG, JPEG, WebP, Leptonica's spix of grey-pix.ts...), read with `languages` (some
   * of the pool's, the first leading) or else all of the pool's. Rejects with OcrAborted when the signal fires.
   */
  recognize(
    image: Uint8Array,
    signal?: AbortSignal,
    languages?: readonly string[],
    threshold?: Threshold,
  ): Promise<string[]>;
  /**
   * The same reading with the words' boxes (pixels, y downwards, page 1), from tesseract's TSV output, and how many
   * words it is sure of (readTsv).
   */
  recognizeBoxes(
    image: Uint8Array,
    signal?: AbortSignal,
    languages?: readonly string[],
    threshold?: Threshold,
  ): Promise<BoxedReading>;
  close(): Promise<void>;
}

/**
 * How tesseract tells ink from paper: `otsu`, one threshold for the whole page (its default, and apar's); `sauvola`,
 * a threshold of each pixel's neighbourhood, which reads a photo on a wide light margin that Otsu's turns all dark.
 */
export type Threshold = "otsu" | "sauvola";
const THRESHOLDING_METHOD: Record<Threshold, string> = { otsu: "0", sauvola: "2" };

/** An image's reading with its words' boxes. */
export interface BoxedReading {
  readonly lines: string[];
  readonly words: TextBox[];
  readonly sureWords: number;
}

interface Slot {
  worker: Promise<Worker> | null;
  /** The languages its worker reads with now, joined by "+". */
  languages: string;
  /** How its worker thresholds now. */
  threshold: Threshold;
  jobs: number;
  busy: boolean;
}

/**
 * A pool of tesseract.js workers, created on first use, sized to the cores, each replaced after `recycleAfter`
 * jobs (tesseract's memory grows with use) or when a job is aborted (the only way to stop a running recognise).
 */
export const createOcrPool = (options: {
  languages: readonly string[];
  size: number;
  recycleAfter?: number;
}): OcrPool => {
  const recycleAfter = options.recycleAfter ?? 50;
  const langs = [...options.languages];
  const { path: langPath, temporary } = langPathFor(langs);
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    worker: null,
    languages: langs.join("+"),
    threshold: "otsu",
    jobs: 0,
    busy: false,
  }));
  const { acquire, release } = slotQueue(slots);
  let closed = false;

  // One block keeps a row's cells on one line; kept spaces mark column gaps for the parser.
  const settings = {
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: "1",
    thresholding_method: THRESHOLDING_METHOD.otsu,
  } as const;
  const start = async (languages: readonly string[]): Promise<Worker> => {
    // Without an error handler tesseract.js throws a failed job's error (an image it cannot decode) from its
    // message listener, which ends the process; with one, the job's promise rejects and the reading fails alone.
    const worker = await createWorker([...languages], 1, {
      langPath,
      cacheMethod: "none",
      gzip: true,
      errorHandler: () => undefined,
    });
    await worker.setParameters(settings);
    return worker;
  };
  // A job for other languages than the slot's worker has: the worker loads them (from the same folder).
  const readingIn = async (slot: Slot, languages: readonly string[]): Promise<Worker> => {
    const key = languages.join("+");
    if (slot.worker === null) {
      slot.languages = key;
      slot.threshold = "otsu";
      slot.worker = start(languages);
      return slot.worker;
    }
    const worker = await slot.worker;
    if (slot.languages !== key) {
      slot.languages = key;
      slot.threshold = "otsu";
      await worker.reinitialize(key, 1);
      await worker.setParameters(settings);
    }
    return worker;
  };
  const retire = (slot: Slot): void => {
    const w = slot.worker;
    slot.worker = null;
    slot.jobs = 0;
    void w?.then((x) => x.terminate()).catch(() => undefined);
  };

  const run = async (
    image: Uint8Array,
    signal: AbortSignal | undefined,
    languages: readonly string[] | undefined,
    boxes: boolean,
    threshold: Threshold,
  ): Promise<BoxedReading> => {
    if (closed) throw new OcrAborted("the OCR pool is closed");
    const wanted = languages?.filter((l) => langs.includes(l)) ?? [];
    const slot = await acquire();
    let stop: (() => void) | undefined;
    try {
      if (signal?.aborted) throw new OcrAborted("aborted");
      const worker = await readingIn(slot, wanted.length > 0 ? wanted : langs);
      if (slot.threshold !== threshold) {
        await worker.setParameters({ thresholding_method: THRESHOLDING_METHOD[threshold] });
        slot.threshold = threshold;
      }
      // A view, not a copy: tesseract.js copies the bytes into its worker's message itself.
      // TSV is a string of a line per word: the words' boxes without the blocks output's tree of symbols.
      const job = worker.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        {},
        { text: true, tsv: boxes },
      );
      // Held only while the job runs: a signal that fires later must not end the worker's next job.
      const aborted = new Promise<never>((_, reject) => {
        stop = () => {
          retire(slot);
          reject(new OcrAborted("aborted"));
        };
        signal?.addEventListener("abort", stop, { once: true });
      });
      const result = await Promise.race([job, aborted]);
      slot.jobs++;
      if (slot.jobs >= recycleAfter) retire(slot);
      return { lines: result.data.text.split("\n"), ...readTsv(boxes ? (result.data.tsv ?? "") : "") };
    } catch (e) {
      if (!(e instanceof OcrAborted)) retire(slot);
      // tesseract.js rejects a job with its message, not an Error.
      throw e instanceof Error ? e : new Error(`OCR failed: ${String(e)}`);
    } finally {
      if (stop !== undefined) signal?.removeEventListener("abort", stop);
      release(slot);
    }
  };
  return {
    recognize: async (image, signal, languages, threshold = "otsu") =>
      (await run(image, signal, languages, false, threshold)).lines,
    recognizeBoxes: (image, signal, languages, threshold = "otsu") => run(image, signal, languages, true, threshold),
    async close() {
      closed = true;
      await Promise.all(slots.map(async (s) => (await s.worker?.catch(() => null))?.terminate()));
      for (const s of slots) s.worker = null;
      if (temporary) rmSync(langPath, { recursive: true, force: true });
    },
  };
};
