// A page's marked-content sequences and the text they say they stand for (ISO 32000-1, 14.9.4, /ActualText).
//
// A PDF written by Chrome's Skia wraps a glyph its ToUnicode map cannot name (a font's contextual alternate, such as
// Inter's hyphen between capitals and digits, which Stripe's invoice numbers print: "87B37C9-0152") in
// `/Span <</ActualText <FEFF002D>>> BDC ... EMC`, and maps the glyph itself to U+0000. pdfjs gives that glyph as
// "\u0000" and drops the sequence's properties from its text content (only the tag and an MCID are kept), so the
// ActualText is read here from the page's own content streams, with pdf-lib, which apar already uses to bound
// streams before pdfjs opens a document (pdf-limits.ts).
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/** The ActualText of each BDC of page `pageNumber`'s content streams, in order (null where one has none). */
export type SpanTexts = (pageNumber: number) => Promise<(string | null)[] | null>;

// The BDC operator, a token of its own (not "ABDC" in a string).
const BDC = /(?<![^\s/<>[\]()%])BDC(?![^\s/<>[\]()%])/g;
const ACTUAL = /\/ActualText\s*(?:<([0-9A-Fa-f\s]*)>|\(((?:[^()\\]|\\[\s\S]|\((?:[^()\\]|\\[\s\S])*\))*)\))/;

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** A literal string's bytes, its escapes undone. */
const literalBytes = (s: string): number[] => {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c !== "\\") {
      out.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const next = s[++i] ?? "";
    const octal = /^[0-7]{1,3}/.exec(s.slice(i, i + 3))?.[0];
    if (octal !== undefined) {
      out.push(Number.parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else if (next === "\r" || next === "\n") {
      if (next === "\r" && s[i + 1] === "\n") i++;
    } else out.push(ESCAPES[next] ?? next.charCodeAt(0) & 0xff);
  }
  return out;
};

/** A text string's bytes as text: UTF-16BE after its byte-order mark, else PDFDocEncoding (as Latin-1). */
const textOf = (bytes: readonly number[]): string => {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = "";
    for (let i = 2; i + 1 < bytes.length; i += 2)
      s += String.fromCharCode(((bytes[i] as number) << 8) | (bytes[i + 1] as number));
    return s;
  }
  return String.fromCharCode(...bytes);
};

/**
 * The inline dictionary that ends a BDC's operands ("/Span <</ActualText <FEFF002D>>>"), found backwards by
 * counting its brackets; null when the operands end with a name (a property list in the resources) or nothing.
 */
const lastDict = (operands: string): string | null => {
  const end = operands.trimEnd();
  if (!end.endsWith(">>")) return null;
  let depth = 0;
  for (let i = end.length - 1; i > 0; i--) {
    if (end[i] === ">" && end[i - 1] === ">") {
      depth++;
      i--;
    } else if (end[i] === "<" && end[i - 1] === "<") {
      depth--;
      i--;
      if (depth === 0) return end.slice(i + 2, -2);
    }
  }
  return null;
};

/** A properties dictionary's ActualText, or null. */
const actualTextIn = (dict: string): string | null => {
  const a = ACTUAL.exec(dict);
  if (!a) return null;
  if (a[1] === undefined) return textOf(literalBytes(a[2] ?? ""));
  const hex = a[1].replace(/\s/g, "");
  const padded = hex.length % 2 === 0 ? hex : `${hex}0`;
  return textOf(
    Array.from({ length: padded.length / 2 }, (_, i) => Number.parseInt(padded.slice(2 * i, 2 * i + 2), 16)),
  );
};

/**
 * The ActualText of each BDC in a content stream's text (Latin-1), in order. Each BDC's operands are read back
 * from it no further than the previous one, so the work is one pass over the content, whatever it holds.
 */
export const spanTextsOf = (content: string): (string | null)[] => {
  const out: (string | null)[] = [];
  let from = 0;
  for (const m of content.matchAll(BDC)) {
    const dict = lastDict(content.slice(from, m.index));
    from = m.index + 3;
    out.push(dict === null ? null : actualTextIn(dict));
  }
  return out;
};

/**
 * The spans' texts of a document's pages, read when first asked (the document parsed once); null for a page whose
 * content cannot be read. Streams are decoded as pdf-limits.ts let them through (each within its cap).
 */
export const spanTexts = (bytes: Uint8Array): SpanTexts => {
  let doc: Promise<PDFDocument | null> | undefined;
  return async (pageNumber) => {
    doc ??= PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    }).catch(() => null);
    const pdf = await doc;
    try {
      const page = pdf?.getPage(pageNumber - 1);
      const contents = page?.node.Contents();
      if (contents === undefined) return null;
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf?.context.lookup(r)) : [contents];
      let text = "";
      for (const stream of streams) {
        if (!(stream instanceof PDFRawStream)) return null;
        text += `${Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")}\n`;
      }
      return spanTextsOf(text);
    } catch {
      return null;
    }
  };
};
