// What OCR is handed: grey pixels as Leptonica's own image (grey-pix.ts), which tesseract takes in with one copy.
// Given a colour PNG, tesseract.js decodes it in WebAssembly and thresholds it in colour: about a fifth of a page's
// whole reading (bench:ocr). A rendered PDF page is pixels already; an uploaded PNG is decoded natively by the
// canvas pdfjs brings, and made grey here as tesseract would; an opaque one (a scan's usual kind) is made grey by
// png-grey.ts without the canvas, to the same pixels.
import { crc32 } from "node:zlib";
import { greyPix } from "./grey-pix.js";
import { jpegOrientation, type MediaKind } from "./media.js";
import { napiCanvas, type QuarterTurn, turnedCanvas } from "./pdf-document.js";
import { opaquePngGrey } from "./png-grey.js";

// A PNG whose chunks are all whole, each with its checksum right, ending in IEND: the canvas draws a damaged
// image as far as it goes, where tesseract's own decoder says it is damaged, which is the answer to keep.
const wholePng = (b: Uint8Array): boolean => {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 8; at + 12 <= b.length; ) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > b.length || crc32(b.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    if (b[at + 4] === 0x49 && b[at + 5] === 0x45 && b[at + 6] === 0x4e && b[at + 7] === 0x44) return true;
    at = end;
  }
  return false;
};

/**
 * An image's grey pixels on white by the canvas (transparency reads as paper, a JPEG's EXIF orientation applied),
 * or the bytes as they came when the canvas cannot decode it.
 */
export const greyByCanvas = async (bytes: Uint8Array): Promise<Uint8Array> =>
  (await enlargedForOcr(bytes, 1, Number.POSITIVE_INFINITY)) ?? bytes;

/**
 * An image the canvas decodes, drawn on opaque white (`scale` times its size, and scaled down to `maxPixels` when
 * that has more): its RGBA pixels (the canvas's own, not a copy by getImageData: premultiplied, which changes
 * nothing on opaque white) and size; null when it cannot be decoded.
 */
export const imageOnWhite = async (
  bytes: Uint8Array,
  maxPixels = Number.POSITIVE_INFINITY,
  scale = 1,
): Promise<{ rgba: Buffer; width: number; height: number } | null> => {
  try {
    const { createCanvas, loadImage } = await napiCanvas();
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const k = Math.min(scale, Math.sqrt(maxPixels / (image.width * image.height)));
    const canvas = createCanvas(Math.max(1, Math.round(image.width * k)), Math.max(1, Math.round(image.height * k)));
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    // Enlarged letters keep smooth edges (the canvas's cubic filter), not the steps of a pixel's copies.
    if (k > 1) context.imageSmoothingQuality = "high";
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { rgba: canvas.data(), width: canvas.width, height: canvas.height };
  } catch {
    return null;
  }
};

/**
 * An uploaded image as OCR should get it: a whole PNG decoded natively to grey pixels on white (an opaque one
 * without the canvas, the same pixels), a JPEG with an EXIF orientation decoded by the canvas, turned as shown; any
 * other kind (a JPEG's decoding in WebAssembly is cheap beside a PNG's), a damaged PNG, or one the canvas cannot
 * decode, as it came (tesseract decodes it, or says why not).
 */
export const imageForOcr = async (bytes: Uint8Array, kind: MediaKind): Promise<Uint8Array> => {
  // A photo stored on its side with an EXIF orientation: the canvas shows it as its camera meant (tesseract's
  // decoder would read it on its side).
  if (kind === "jpeg" && jpegOrientation(bytes) > 1) return greyByCanvas(bytes);
  if (kind !== "png" || !wholePng(bytes)) return bytes;
  return (await opaquePngGrey(bytes)) ?? greyByCanvas(bytes);
};

/**
 * An image's grey pixels as OCR takes them (grey-pix.ts), `scale` times its size within `maxPixels`, on white; null
 * when the canvas cannot decode it.
 */
export const enlargedForOcr = async (
  bytes: Uint8Array,
  scale: number,
  maxPixels: number,
): Promise<Uint8Array | null> => {
  const drawn = await imageOnWhite(bytes, maxPixels, scale);
  return drawn === null ? null : greyPix(drawn.width, drawn.height, drawn.rgba);
};

/** An image turned a quarter or a half, as OCR takes it (grey pixels, grey-pix.ts) and as a PNG (for the second eye). */
export interface TurnedImage {
  readonly pix: Uint8Array;
  readonly png: Uint8Array;
}

/**
 * An uploaded image's quarter turns (TurnedImage), both from one decoding, made on the first turn asked for and
 * kept for the other; null when the canvas cannot decode it (a TIFF, a damaged file).
 */
export const imageTurns = (bytes: Uint8Array): ((turn: QuarterTurn) => Promise<TurnedImage | null>) => {
  let decoded: Promise<{ width: number; height: number } | null> | undefined;
  return async (turn) => {
    decoded ??= napiCanvas()
      .then(({ loadImage }) => loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
      .catch(() => null);
    const image = await decoded;
    if (image === null) return null;
    try {
      const canvas = await turnedCanvas(image, turn);
      return {
        pix: greyPix(canvas.width, canvas.height, canvas.data()),
        png: new Uint8Array(canvas.toBuffer("image/png")),
      };
    } catch {
      return null;
    }
  };
};

/** An uploaded image turned a quarter (TurnedImage), or null when the canvas cannot decode it. */
export const turnedImage = (bytes: Uint8Array, turn: QuarterTurn): Promise<TurnedImage | null> =>
  imageTurns(bytes)(turn);
