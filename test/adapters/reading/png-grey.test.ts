// An opaque PNG made grey without the canvas: the same pixels as the canvas's grey on white, and every other PNG
// still composited on white by the canvas.
import { crc32, deflateSync } from "node:zlib";
import { greyByCanvas, imageForOcr } from "@apar/adapters/reading/pixels";
import { opaquePngGrey } from "@apar/adapters/reading/png-grey";
import test from "ava";
import { fixtures } from "./accuracy.js";

/** How many bytes of two images differ (-1 when their sizes do). */
const differing = (a: Uint8Array, b: Uint8Array): number => {
  if (a.length !== b.length) return -1;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
};

/** A spix image's grey pixels, row by row (Leptonica keeps the leftmost of four in a word's last byte). */
const greyRows = (b: Uint8Array): number[][] => {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const [width, height, wpl] = [view.getUint32(4, true), view.getUint32(8, true), view.getUint32(16, true)];
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => b[28 + y * wpl * 4 + (x ^ 3)] as number),
  );
};

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const body = new Uint8Array(4 + data.length);
  body.set(new TextEncoder().encode(type));
  body.set(data, 4);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return out;
};

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * A PNG of `rows` (each row's samples, unfiltered), written with filter `y % 5` on row y so that every filter is
 * used, its data split in two IDAT chunks, and `before` chunks between its header and its data.
 */
const png = (opts: {
  width: number;
  depth: number;
  colourType: number;
  bpp: number;
  rows: Uint8Array[];
  before?: Uint8Array[];
}): Uint8Array => {
  const { width, depth, colourType, bpp, rows } = opts;
  const filtered: number[] = [];
  let prev: Uint8Array = new Uint8Array(rows[0]?.length ?? 0);
  for (const [y, row] of rows.entries()) {
    const f = y % 5;
    filtered.push(f);
    for (let i = 0; i < row.length; i++) {
      const a = i >= bpp ? (row[i - bpp] as number) : 0;
      const b = prev[i] as number;
      const c = i >= bpp ? (prev[i - bpp] as number) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f] as number;
      filtered.push(((row[i] as number) - predicted) & 0xff);
    }
    prev = row;
  }
  const data = deflateSync(new Uint8Array(filtered));
  const half = Math.floor(data.length / 2);
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, rows.length);
  ihdr.set([depth, colourType, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(opts.before ?? []),
    chunk("IDAT", data.subarray(0, half)),
    chunk("IDAT", data.subarray(half)),
    chunk("IEND", new Uint8Array()),
  ];
  return new Uint8Array(Buffer.concat(parts));
};

// 31 pixels a row (whole words and a part), 11 rows; samples that change across and down the image.
const WIDTH = 31;
// Coarse samples (nine levels) over many pixels, so that Paeth's ties between its predictors come up too.
const sample = (x: number, y: number, channel: number): number =>
  ((x * 7 + y * 13 + channel * 5 + x * y) % 9) * 20 + 40;
const rowsOf = (channels: number, alpha: (x: number, y: number) => number = () => 255): Uint8Array[] =>
  Array.from({ length: 11 }, (_, y) =>
    Uint8Array.from({ length: WIDTH * channels }, (_, i) => {
      const x = Math.floor(i / channels);
      const c = i % channels;
      return (channels === 2 || channels === 4) && c === channels - 1 ? alpha(x, y) : sample(x, y, c);
    }),
  );

test("an opaque scan's grey made without the canvas is the canvas's grey, pixel for pixel", async (t) => {
  for (const scan of fixtures("scan")) {
    const own = await opaquePngGrey(scan.bytes);
    t.not(own, null, scan.file);
    t.is(differing(own as Uint8Array, await greyByCanvas(scan.bytes)), 0, scan.file);
    t.is(differing(await imageForOcr(scan.bytes, "png"), own as Uint8Array), 0, scan.file);
  }
});

test("every filter of every 8-bit colour type without transparency gives the canvas's grey", async (t) => {
  const kinds = [
    { name: "grey", colourType: 0, bpp: 1 },
    { name: "grey and alpha", colourType: 4, bpp: 2 },
    { name: "RGB", colourType: 2, bpp: 3 },
    { name: "RGBA", colourType: 6, bpp: 4 },
  ];
  for (const { name, colourType, bpp } of kinds) {
    const image = png({ width: WIDTH, depth: 8, colourType, bpp, rows: rowsOf(bpp) });
    const own = await opaquePngGrey(image);
    t.not(own, null, name);
    const canvas = await greyByCanvas(image);
    t.deepEqual(greyRows(own as Uint8Array), greyRows(canvas), name);
    t.is(differing(own as Uint8Array, canvas), 0, name);
  }
  // sRGB says what the canvas assumes anyway; a gamma beside it changes nothing.
  const srgb = png({
    width: WIDTH,
    depth: 8,
    colourType: 2,
    bpp: 3,
    rows: rowsOf(3),
    before: [chunk("sRGB", new Uint8Array([0])), chunk("gAMA", new Uint8Array([0, 0, 0xb1, 0x8f]))],
  });
  t.is(differing((await opaquePngGrey(srgb)) as Uint8Array, await greyByCanvas(srgb)), 0);
});

test("a PNG with transparency still reads as composited on white", async (t) => {
  // Black, three times: transparent, half transparent, opaque.
  const rgba = png({
    width: 3,
    depth: 8,
    colourType: 6,
    bpp: 4,
    rows: [new Uint8Array([0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 255])],
  });
  t.is(await opaquePngGrey(rgba), null);
  const [row = []] = greyRows(await imageForOcr(rgba, "png"));
  t.is(row[0], 255);
  t.true((row[1] as number) >= 126 && (row[1] as number) <= 128, `half black on white: ${row[1]}`);
  t.is(row[2], 0);
  // One pixel of a whole RGBA image not opaque is enough: the canvas composites the whole image.
  const oneClear = png({
    width: WIDTH,
    depth: 8,
    colourType: 6,
    bpp: 4,
    rows: rowsOf(4, (x, y) => (x === 6 && y === 10 ? 0 : 255)),
  });
  t.is(await opaquePngGrey(oneClear), null);
  t.is(greyRows(await imageForOcr(oneClear, "png"))[10]?.[6], 255);
  // Grey with a transparent value (tRNS): black is see-through, so it reads as paper.
  const keyed = png({
    width: 2,
    depth: 8,
    colourType: 0,
    bpp: 1,
    rows: [new Uint8Array([0, 90])],
    before: [chunk("tRNS", new Uint8Array([0, 0]))],
  });
  t.is(await opaquePngGrey(keyed), null);
  t.deepEqual(greyRows(await imageForOcr(keyed, "png")), [[255, 90]]);
});

test("PNGs of other kinds are made grey by the canvas, as before", async (t) => {
  const sixteen = png({
    width: WIDTH,
    depth: 16,
    colourType: 0,
    bpp: 2,
    rows: rowsOf(1).map((r) =>
      Uint8Array.from({ length: r.length * 2 }, (_, i) => (i % 2 === 0 ? (r[i / 2] as number) : 0)),
    ),
  });
  const palette = png({
    width: WIDTH,
    depth: 8,
    colourType: 3,
    bpp: 1,
    rows: rowsOf(1).map((r) => r.map((v) => v % 3)),
    before: [chunk("PLTE", new Uint8Array([255, 255, 255, 0, 0, 0, 200, 40, 10]))],
  });
  const gamma = png({
    width: WIDTH,
    depth: 8,
    colourType: 2,
    bpp: 3,
    rows: rowsOf(3),
    before: [chunk("gAMA", new Uint8Array([0, 0, 0x27, 0x10]))],
  });
  for (const [name, image] of [
    ["16 bits", sixteen],
    ["palette", palette],
    ["gamma without sRGB", gamma],
  ] as const) {
    t.is(await opaquePngGrey(image), null, name);
    const grey = await imageForOcr(image, "png");
    t.is(new TextDecoder().decode(grey.subarray(0, 4)), "spix", name);
    t.is(differing(grey, await greyByCanvas(image)), 0, name);
  }
  t.deepEqual(greyRows(await imageForOcr(palette, "png"))[0]?.slice(0, 3), [0, 255, 82]);
});

test("image data that does not inflate to exactly its rows is not made grey here", async (t) => {
  const whole = png({ width: WIDTH, depth: 8, colourType: 2, bpp: 3, rows: rowsOf(3) });
  t.not(await opaquePngGrey(whole), null);
  // The same header with one row fewer, and with one row more, than the data holds (checksums right).
  for (const rows of [10, 12]) {
    const lying = whole.slice();
    const ihdr = new DataView(lying.buffer, 8);
    ihdr.setUint32(12, rows);
    ihdr.setUint32(4 + 4 + 13, crc32(lying.subarray(12, 12 + 4 + 13)));
    t.is(await opaquePngGrey(lying), null, `${rows} rows`);
  }
  // Data that is not a zlib stream.
  const data = whole.slice();
  const idat = Buffer.from(data).indexOf("IDAT");
  data[idat + 4] = (data[idat + 4] as number) ^ 0xff;
  const length = new DataView(data.buffer).getUint32(idat - 4);
  new DataView(data.buffer).setUint32(idat + 4 + length, crc32(data.subarray(idat, idat + 4 + length)));
  t.is(await opaquePngGrey(data), null);
});
