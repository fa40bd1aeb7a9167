import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  type PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
} from "pdf-lib";

/** The caps a PDF is held to before pdfjs opens it. */
export interface PdfLimits {
  /** Bytes one stream may decode to. */
  readonly maxStreamBytes: number;
  /** Bytes all streams of the document may decode to together. */
  readonly maxDocumentBytes: number;
  /** Pixels of one embedded image (width x height). */
  readonly maxPixels: number;
}

// The transfer filters pdf-lib decodes; image codecs (DCT, JPX, JBIG2, CCITT) come last and are bounded by pixels.
const TRANSFER = new Set(["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"]);
const ALIASES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  A85: "ASCII85Decode",
  AHx: "ASCIIHexDecode",
  RL: "RunLengthDecode",
};

// Reads a top-level object's dictionary and says where the parser stopped (the `stream` keyword, if any).
class DictParser extends PDFObjectParser {
  dictAt(offset: number): { dict: PDFDict; after: number } {
    this.bytes.moveTo(offset);
    const dict = this.parseDict();
    this.skipWhitespaceAndComments();
    return { dict, after: this.bytes.offset() };
  }
}

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const streamStart = (bytes: Uint8Array, at: number): number | null => {
  if (!STREAM.every((c, i) => bytes[at + i] === c)) return null;
  let p = at + STREAM.length;
  if (bytes[p] === 0x0d) p++;
  if (bytes[p] === 0x0a) p++;
  return p;
};

const numberIn = (dict: PDFDict, key: string): number | null => {
  const v = dict.get(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : null;
};

const filtersOf = (dict: PDFDict): PDFName[] => {
  const f = dict.get(PDFName.of("Filter"));
  const names = f instanceof PDFName ? [f] : f instanceof PDFArray ? f.asArray() : [];
  return names.filter((n): n is PDFName => n instanceof PDFName);
};

// Decoded a block at a time: asked for the cap at once, pdf-lib would allocate a buffer of the cap (128 MiB for
// 64) for every stream however small, which was most of a one-page bill's reading cost (and its garbage).
const BLOCK = 64 * 1024;
/** Bytes a stream decodes to, counted until its end or until past `cap`. */
const decodedSize = (stream: { getBytes(n: number): { readonly length: number } }, cap: number): number => {
  let size = 0;
  for (;;) {
    const got = stream.getBytes(Math.min(BLOCK, cap + 1 - size)).length;
    size += got;
    if (got === 0 || size > cap) return size;
  }
};

// Components of an image's colour space by its name; an array (ICC-based, indexed, separations) counts as four, the
// most a raster can have.
const COMPONENTS: Record<string, number> = { DeviceGray: 1, CalGray: 1, G: 1, DeviceRGB: 3, CalRGB: 3, RGB: 3 };
/**
 * Bytes an image's raster takes (rows of its pixels, a byte more a row for a PNG predictor's tag): what its
 * transfer filters may decode to, bounded by its pixels. A scan's page at 600 dpi (4958 x 7016 RGB, 104 MB) is
 * more than a stream's cap yet no bomb; decoding past its own raster is.
 */
const rasterBytes = (dict: PDFDict, width: number, height: number): number => {
  const space = dict.get(PDFName.of("ColorSpace"));
  const mask = dict.get(PDFName.of("ImageMask"))?.toString() === "true";
  const components = mask ? 1 : space instanceof PDFName ? (COMPONENTS[space.decodeText()] ?? 4) : 4;
  const bits = mask ? 1 : Math.min(16, numberIn(dict, "BitsPerComponent") ?? 8);
  return (Math.ceil((width * components * bits) / 8) + 1) * height;
};

/** What the check saw: why the document is over a cap (or null), and the pixels of its largest image. */
export interface PdfSurvey {
  readonly over: string | null;
  readonly largestImage: number;
}

/**
 * Checks a PDF before anything inflates it: every stream's transfer filters are decoded here, at most to the
 * stream's cap plus one byte, so that a run of a gigabyte of compressed zeros costs at most the cap. Each stream
 * is decoded from its start to the end of the file (the decoders stop at their own end markers), so a lying or
 * indirect `/Length` cannot hide bytes that pdfjs would later read. Answers why the document is over a cap (or null) and
 * the pixels of its largest image (a scan's page, say).
 */
export const surveyPdf = (bytes: Uint8Array, limits: PdfLimits): PdfSurvey => {
  const context = PDFContext.create();
  // pdf-lib does not export its ByteStream: borrow the one a plain parser makes over the same bytes.
  const byteStream = (PDFObjectParser.forBytes(bytes, context) as unknown as { bytes: never }).bytes;
  const parser = new DictParser(byteStream, context);
  const text = new TextDecoder("latin1").decode(bytes);
  // Bounded runs, so that a file of digits and spaces cannot make the search quadratic.
  const header = /(?<![0-9])[0-9]{1,10}\s{1,20}[0-9]{1,5}\s{1,20}obj\s{0,20}<</g;
  let total = 0;
  let largestImage = 0;
  const over = (why: string): PdfSurvey => ({ over: why, largestImage });
  for (let m = header.exec(text); m !== null; m = header.exec(text)) {
    let parsed: { dict: PDFDict; after: number };
    try {
      parsed = parser.dictAt(m.index + m[0].length - 2);
    } catch {
      continue; // pdfjs will judge an object nobody can parse
    }
    const { dict } = parsed;
    const width = numberIn(dict, "Width");
    const height = numberIn(dict, "Height");
    // What this stream may decode to: the cap, or an image's own raster where that is more.
    let cap = limits.maxStreamBytes;
    if (width !== null && height !== null) {
      if (width * height > limits.maxPixels)
        return over(`an image of ${width}x${height} pixels is more than ${limits.maxPixels}`);
      largestImage = Math.max(largestImage, width * height);
      cap = Math.max(cap, rasterBytes(dict, width, height));
    }
    const start = streamStart(bytes, parsed.after);
    if (start === null) continue;
    const filters = filtersOf(dict).map((n) => ALIASES[n.decodeText()] ?? n.decodeText());
    const codec = filters.findIndex((f) => !TRANSFER.has(f));
    const transfer = codec === -1 ? filters : filters.slice(0, codec);
    if (transfer.length === 0) continue; // raw bytes: no bigger than the file
    const parms = dict.get(PDFName.of("DecodeParms"));
    const chain = context.obj({ Filter: transfer, ...(parms === undefined ? {} : { DecodeParms: parms }) });
    const remaining = Math.min(cap, limits.maxDocumentBytes - total);
    let size: number;
    try {
      size = decodedSize(decodePDFRawStream(PDFRawStream.of(chain, bytes.subarray(start))), remaining);
    } catch {
      continue; // a broken stream: pdfjs fails on it too, within the worker's bounds
    }
    total += size;
    if (size > cap) return over(`a stream decodes to more than ${cap} bytes`);
    if (total > limits.maxDocumentBytes)
      return over(`the streams decode to more than ${limits.maxDocumentBytes} bytes`);
  }
  return { over: null, largestImage };
};
