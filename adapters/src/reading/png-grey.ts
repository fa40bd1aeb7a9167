// An opaque PNG made grey here, without the canvas: the canvas decodes to RGBA, converts it to premultiplied
// pixels and composites them on white, about 0.15-0.19 CPU s of a 300 dpi page (bench:ocr), while an opaque
// image's grey needs only the image data inflated (node:zlib, native) and its rows unfiltered, one row at a time
// straight into the spix raster. Only the common kind is taken: 8 bits a channel, not interlaced, grey, grey with
// alpha, RGB or RGBA, no transparency chunk, no colour profile other than sRGB. Anything else, and any pixel not
// fully opaque, answers null: the caller composites it on white with the canvas, as before, so what OCR sees is the
// same grey either way (png-grey.test.ts compares them pixel for pixel).
import { createInflate } from "node:zlib";
import { emptyPix, grey, greyRowByWords, littleEndian, SPIX_HEADER } from "./grey-pix.js";

/** Bytes a pixel of each PNG colour type takes at 8 bits a channel (grey, RGB, grey and alpha, RGBA). */
const BYTES_PER_PIXEL: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

const chunkType = (b: Uint8Array, at: number): string =>
  String.fromCharCode(b[at + 4] as number, b[at + 5] as number, b[at + 6] as number, b[at + 7] as number);

interface Header {
  width: number;
  height: number;
  bpp: number;
  colourType: number;
  data: Uint8Array[];
}

// The header and the image data of a PNG this module decodes, or null.
const readChunks = (b: Uint8Array): Header | null => {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < 33 || chunkType(b, 8) !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [depth, colourType, compression, filter, interlace] = b.subarray(24, 29);
  const bpp = BYTES_PER_PIXEL[colourType as number];
  if (depth !== 8 || bpp === undefined || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  if (width === 0 || height === 0) return null;
  const data: Uint8Array[] = [];
  let srgb = false;
  let otherSpace = false;
  for (let at = 8; at + 12 <= b.length; ) {
    const length = view.getUint32(at);
    const type = chunkType(b, at);
    if (type === "IDAT") data.push(b.subarray(at + 8, at + 8 + length));
    else if (type === "tRNS" || type === "iCCP") return null;
    else if (type === "sRGB") srgb = true;
    else if (type === "gAMA" || type === "cHRM") otherSpace = true;
    else if (type === "IEND") break;
    at += 12 + length;
  }
  // Without sRGB, a gamma or chromaticities chunk may make the canvas convert colours.
  if (otherSpace && !srgb) return null;
  return { width, height, bpp, colourType: colourType as number, data };
};

// Bytewise sum of two words' four bytes, each modulo 256 (no carry from one byte into the next).
const addBytes = (a: number, b: number): number => ((a & 0x7f7f7f7f) + (b & 0x7f7f7f7f)) ^ ((a ^ b) & 0x80808080);

/** Undoes a row's filter: `line` (the filtered bytes) into `cur`, given the row above unfiltered in `prev`. */
const unfilter = (
  filter: number,
  line: Uint8Array,
  cur: Uint8Array,
  prev: Uint8Array,
  bpp: number,
  words: { line: Uint32Array; cur: Uint32Array; prev: Uint32Array } | null,
): boolean => {
  const n = line.length;
  switch (filter) {
    case 0:
      cur.set(line);
      return true;
    case 1:
      if (words) {
        // Four bytes a pixel: a pixel at a time.
        let left = 0;
        for (let i = 0; i < words.line.length; i++) {
          left = addBytes(words.line[i] as number, left);
          words.cur[i] = left;
        }
        return true;
      }
      for (let i = 0; i < bpp; i++) cur[i] = line[i] as number;
      for (let i = bpp; i < n; i++) cur[i] = ((line[i] as number) + (cur[i - bpp] as number)) & 0xff;
      return true;
    case 2:
      if (words) {
        for (let i = 0; i < words.line.length; i++)
          words.cur[i] = addBytes(words.line[i] as number, words.prev[i] as number);
        return true;
      }
      for (let i = 0; i < n; i++) cur[i] = ((line[i] as number) + (prev[i] as number)) & 0xff;
      return true;
    case 3:
      for (let i = 0; i < bpp; i++) cur[i] = ((line[i] as number) + ((prev[i] as number) >> 1)) & 0xff;
      for (let i = bpp; i < n; i++) {
        cur[i] = ((line[i] as number) + (((cur[i - bpp] as number) + (prev[i] as number)) >> 1)) & 0xff;
      }
      return true;
    case 4:
      // Paeth: of left (a), above (b) and above-left (c), the nearest to a + b - c; with no left, above.
      for (let i = 0; i < bpp; i++) cur[i] = ((line[i] as number) + (prev[i] as number)) & 0xff;
      for (let i = bpp; i < n; i++) {
        const a = cur[i - bpp] as number;
        const b = prev[i] as number;
        const c = prev[i - bpp] as number;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - c - c);
        cur[i] = ((line[i] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return true;
    default:
      return false;
  }
};

/**
 * Takes the inflated rows as they come and writes each one's grey into a spix image: false as soon as a row has an
 * unknown filter or a pixel not fully opaque.
 */
const rowsToGrey = (h: Header) => {
  const { width, height, bpp, colourType } = h;
  const n = width * bpp;
  const out = emptyPix(width, height);
  const wpl = (width + 3) >> 2;
  const dst = new Uint32Array(out.buffer, SPIX_HEADER, wpl * height);
  // Rows whole in words (fresh buffers are aligned): the filtered one (its filter byte apart) and the two last.
  const padded = (n + 3) & ~3;
  const line = new Uint8Array(padded);
  const lineBytes = line.subarray(0, n);
  let cur = new Uint8Array(padded);
  let prev = new Uint8Array(padded);
  const line32 = new Uint32Array(line.buffer);
  let cur32 = new Uint32Array(cur.buffer);
  let prev32 = new Uint32Array(prev.buffer);
  let y = 0;
  let filter = -1;
  let filled = 0;

  const row = (): boolean => {
    const words = bpp === 4 ? { line: line32, cur: cur32, prev: prev32 } : null;
    if (!unfilter(filter, lineBytes, cur.subarray(0, n), prev.subarray(0, n), bpp, words)) return false;
    const at = SPIX_HEADER + y * wpl * 4;
    if (colourType === 6) {
      let alpha = 0xff;
      for (let x = 0; x < width; x++) alpha &= (cur32[x] as number) >>> 24;
      if (alpha !== 0xff) return false;
      greyRowByWords(cur32, 0, width, dst, y * wpl);
    } else if (colourType === 2) {
      for (let x = 0, i = 0; x < width; x++, i += 3) {
        out[at + (x ^ 3)] = grey(cur[i] as number, cur[i + 1] as number, cur[i + 2] as number);
      }
    } else if (colourType === 0) {
      for (let x = 0; x < width; x++) out[at + (x ^ 3)] = cur[x] as number;
    } else {
      for (let x = 0, i = 0; x < width; x++, i += 2) {
        if (cur[i + 1] !== 0xff) return false;
        out[at + (x ^ 3)] = cur[i] as number;
      }
    }
    [prev, cur] = [cur, prev];
    [prev32, cur32] = [cur32, prev32];
    y++;
    return true;
  };

  return {
    /** The next inflated bytes; false when the image is not one made grey here (or has more rows than it says). */
    push(chunk: Uint8Array): boolean {
      for (let i = 0; i < chunk.length; ) {
        if (y === height) return false;
        if (filter < 0) {
          filter = chunk[i++] as number;
          continue;
        }
        const take = Math.min(n - filled, chunk.length - i);
        lineBytes.set(chunk.subarray(i, i + take), filled);
        filled += take;
        i += take;
        if (filled === n) {
          if (!row()) return false;
          filter = -1;
          filled = 0;
        }
      }
      return true;
    },
    /** The spix image once every row has come, else null. */
    done: (): Uint8Array | null => (y === height && filter < 0 ? out : null),
  };
};

/**
 * The grey of an opaque PNG as a spix image, as the canvas path of pixels.ts makes it (Leptonica's weights), or
 * null when this PNG is not one decoded here (see above), when a pixel is not fully opaque, or when its data does
 * not inflate to exactly its rows. Inflated in chunks of 64 KiB, each made grey while it is in the cache: inflating
 * a 300 dpi page's 35 MB of RGBA in one buffer and reading it back cost half as much again.
 */
export const opaquePngGrey = async (png: Uint8Array): Promise<Uint8Array | null> => {
  // The words are read as little-endian (R in the low byte).
  if (!littleEndian) return null;
  const h = readChunks(png);
  if (h === null) return null;
  const rows = rowsToGrey(h);
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  return new Promise((resolve) => {
    const stop = () => {
      inflate.destroy();
      resolve(null);
    };
    inflate.on("data", (chunk: Buffer) => {
      if (!rows.push(chunk)) stop();
    });
    inflate.on("error", () => resolve(null));
    inflate.on("end", () => resolve(rows.done()));
    for (const part of h.data) inflate.write(part);
    inflate.end();
  });
};
