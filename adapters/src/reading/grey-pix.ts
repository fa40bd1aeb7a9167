// Grey pixels as Leptonica's own serialised image ("spix"), which tesseract's pixRead takes in with one copy: no
// format to parse (a PGM is read byte by byte, 4-5 % of a page's OCR in WebAssembly). pixels.ts says why grey.
//
// Layout (Leptonica's pixSerializeToMemory, little-endian as WebAssembly is): "spix", width, height, depth 8,
// words per row, 0 colours, raster bytes, then the raster: each row padded to whole 32-bit words, a word holding
// four pixels with the leftmost in its most significant byte.
import { endianness } from "node:os";

export const SPIX_HEADER = 28;

/** Leptonica's grey of an RGBA pixel: weights 0.3, 0.5 and 0.2, rounded half up (pixConvertRGBToGray). */
export const grey = (r: number, g: number, b: number): number => ((r * 3 + g * 5 + b * 2 + 5) * 52_429) >>> 19;

/** The grey of a pixel read as one little-endian word (R in the low byte). */
const greyOfWord = (v: number): number => grey(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff);

/**
 * One row of RGBA pixels read as little-endian words (`src` from `from`, `width` of them) written as grey into a
 * spix raster's words (`dst` from `to`).
 */
export const greyRowByWords = (src: Uint32Array, from: number, width: number, dst: Uint32Array, to: number): void => {
  let i = from;
  const end = from + width;
  let o = to;
  for (; i + 4 <= end; i += 4, o++) {
    dst[o] =
      (greyOfWord(src[i] as number) << 24) |
      (greyOfWord(src[i + 1] as number) << 16) |
      (greyOfWord(src[i + 2] as number) << 8) |
      greyOfWord(src[i + 3] as number);
  }
  let last = 0;
  for (let shift = 24; i < end; i++, shift -= 8) last |= greyOfWord(src[i] as number) << shift;
  if (width % 4 !== 0) dst[o] = last;
};

/** An empty spix image of `width` x `rows` grey pixels: its header written, its raster to fill. */
export const emptyPix = (width: number, rows: number): Uint8Array => {
  const raster = ((width + 3) >> 2) * 4 * rows;
  const out = new Uint8Array(SPIX_HEADER + raster);
  const header = new DataView(out.buffer);
  out.set([0x73, 0x70, 0x69, 0x78]);
  for (const [i, v] of [width, rows, 8, (width + 3) >> 2, 0, raster].entries()) header.setUint32(4 + 4 * i, v, true);
  return out;
};

// Four pixels a word, read and written as words where the host is little-endian and the pixels are aligned.
const rowsByWords = (rgba: Uint8Array | Uint8ClampedArray, out: Uint8Array, width: number, n: number): void => {
  const wpl = (width + 3) >> 2;
  const src = new Uint32Array(rgba.buffer, rgba.byteOffset, width * n);
  const dst = new Uint32Array(out.buffer, out.byteOffset + SPIX_HEADER, wpl * n);
  for (let y = 0; y < n; y++) greyRowByWords(src, y * width, width, dst, y * wpl);
};

// The same, a byte at a time (any host, any alignment): pixel x of a row is byte x ^ 3.
const rowsByBytes = (rgba: Uint8Array | Uint8ClampedArray, out: Uint8Array, width: number, n: number): void => {
  const stride = ((width + 3) >> 2) * 4;
  for (let y = 0; y < n; y++) {
    const row = SPIX_HEADER + y * stride;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      out[row + (x ^ 3)] = grey(rgba[i] as number, rgba[i + 1] as number, rgba[i + 2] as number);
    }
  }
};

export const littleEndian = endianness() === "LE";

/**
 * The grey of RGBA rows as a spix image: the first `rows` rows (all by default). Luminance weights and rounding
 * as Leptonica's pixConvertRGBToGray, what tesseract itself does to a colour image.
 */
export const greyPix = (
  width: number,
  height: number,
  rgba: Uint8Array | Uint8ClampedArray,
  rows: number = height,
): Uint8Array => {
  const n = Math.min(rows, height);
  const out = emptyPix(width, n);
  if (littleEndian && rgba.byteOffset % 4 === 0) rowsByWords(rgba, out, width, n);
  else rowsByBytes(rgba, out, width, n);
  return out;
};

/** Grey pixels one byte each, row by row. */
export interface GreyImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The grey pixels of a rectangle of a spix image, clipped to the image; null when nothing of it is inside. */
export const cropPix = (pix: Uint8Array, x: number, y: number, width: number, height: number): GreyImage | null => {
  const header = new DataView(pix.buffer, pix.byteOffset, SPIX_HEADER);
  const pixWidth = header.getUint32(4, true);
  const pixHeight = header.getUint32(8, true);
  const stride = header.getUint32(16, true) * 4;
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const w = Math.min(pixWidth, Math.ceil(x + width)) - left;
  const h = Math.min(pixHeight, Math.ceil(y + height)) - top;
  if (w <= 0 || h <= 0) return null;
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) {
    const row = SPIX_HEADER + (top + r) * stride;
    for (let c = 0; c < w; c++) data[r * w + c] = pix[row + ((left + c) ^ 3)] as number;
  }
  return { data, width: w, height: h };
};
