// Grey pixels as a binary PGM (P5), which tesseract's Leptonica takes in without decoding (pixels.ts says why).

/**
 * Grey pixels of RGBA rows as a PGM: the first `rows` rows (all by default). Luminance weights and rounding as
 * Leptonica's pixConvertRGBToGray (0.3, 0.5, 0.2), what tesseract itself does to a colour image.
 */
export const greyPgm = (
  width: number,
  height: number,
  rgba: Uint8Array | Uint8ClampedArray,
  rows: number = height,
): Uint8Array => {
  const n = Math.min(rows, height);
  const header = new TextEncoder().encode(`P5\n${width} ${n}\n255\n`);
  const out = new Uint8Array(header.length + width * n);
  out.set(header);
  for (let i = 0, j = header.length; j < out.length; i += 4, j++) {
    out[j] = ((rgba[i] as number) * 300 + (rgba[i + 1] as number) * 500 + (rgba[i + 2] as number) * 200 + 500) / 1000;
  }
  return out;
};
