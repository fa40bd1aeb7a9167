/** The document types a bill may be uploaded as. */
export const BILL_MEDIA_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/tiff",
  "image/webp",
  "application/xml",
] as const;
export type BillMediaType = (typeof BILL_MEDIA_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((b, i) => bytes[at + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * The media type of a document from its first bytes (magic numbers), never from the name or the declared
 * type, which a sender controls. XML is recognised by its start (after an optional BOM and white space).
 * Undefined for anything else.
 */
export const sniffMediaType = (head: Uint8Array): BillMediaType | undefined => {
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[i] ?? 0)) i += 1;
  // `<?xml` or a root element: `<` then a name start (a letter or `_`).
  if (head[i] === 0x3c) {
    const next = head[i + 1] ?? 0;
    if (next === 0x3f && startsWith(head, ascii("?xml"), i + 1)) return "application/xml";
    if ((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a) || next === 0x5f) return "application/xml";
  }
  return undefined;
};
