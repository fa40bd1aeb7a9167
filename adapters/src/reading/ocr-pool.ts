import { copyFileSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createWorker, PSM, type Worker } from "tesseract.js";
import { slotQueue } from "./slot-queue.js";

const require = createRequire(import.meta.url);

/** The folder holding a language's gzipped LSTM data in its npm package `@tesseract.js-data/<lang>`. */
export const languageFolder = (lang: string): string =>
  join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int");

// tesseract.js takes one langPath: one language uses its package folder; several are copied side by side once.
const langPathFor = (langs: readonly string[]): string => {
  if (langs.length === 1) return languageFolder(langs[0] as string);
  const dir = mkdtempSync(join(tmpdir(), "apar-tessdata-"));
  for (const l of langs) copyFileSync(join(languageFolder(l), `${l}.traineddata.gz`), join(dir, `${l}.traineddata.gz`));
  return dir;
};

/** Why an OCR job did not finish. */
export class OcrAborted extends Error {}

export interface OcrPool {
  /** The text lines of an image (PNG, JPEG, WebP...). Rejects with OcrAborted when the signal fires. */
  recognize(image: Uint8Array, signal?: AbortSignal): Promise<string[]>;
  close(): Promise<void>;
}

interface Slot {
  worker: Promise<Worker> | null;
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
  const langPath = langPathFor(langs);
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    worker: null,
    jobs: 0,
    busy: false,
  }));
  const { acquire, release } = slotQueue(slots);
  let closed = false;

  const start = async (): Promise<Worker> => {
    // Without an error handler tesseract.js throws a failed job's error (an image it cannot decode) from its
    // message listener, which ends the process; with one, the job's promise rejects and the reading fails alone.
    const worker = await createWorker(langs, 1, {
      langPath,
      cacheMethod: "none",
      gzip: true,
      errorHandler: () => undefined,
    });
    // One block keeps a row's cells on one line; kept spaces mark column gaps for the parser.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: "1" });
    return worker;
  };
  const retire = (slot: Slot): void => {
    const w = slot.worker;
    slot.worker = null;
    slot.jobs = 0;
    void w?.then((x) => x.terminate()).catch(() => undefined);
  };

  return {
    async recognize(image, signal) {
      if (closed) throw new OcrAborted("the OCR pool is closed");
      const slot = await acquire();
      try {
        if (signal?.aborted) throw new OcrAborted("aborted");
        slot.worker ??= start();
        const worker = await slot.worker;
        const job = worker.recognize(Buffer.from(image));
        const aborted = new Promise<never>((_, reject) => {
          signal?.addEventListener(
            "abort",
            () => {
              retire(slot);
              reject(new OcrAborted("aborted"));
            },
            { once: true },
          );
        });
        const result = await Promise.race([job, aborted]);
        slot.jobs++;
        if (slot.jobs >= recycleAfter) retire(slot);
        return result.data.text.split("\n");
      } catch (e) {
        if (!(e instanceof OcrAborted)) retire(slot);
        // tesseract.js rejects a job with its message, not an Error.
        throw e instanceof Error ? e : new Error(`OCR failed: ${String(e)}`);
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      await Promise.all(slots.map(async (s) => (await s.worker?.catch(() => null))?.terminate()));
      for (const s of slots) s.worker = null;
    },
  };
};
