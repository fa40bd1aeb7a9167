// What a document is, from its first bytes (never from its name or a client's Content-Type), and its pixel size.

export type MediaKind = "pdf" | "png" | "jpeg" | "tiff" | "webp" | "xml";

const starts = (b: Uint8Array, sig: readonly number[], at = 0): boolean => sig.every((v, i) => b[at + i] === v);

/** The document's kind by magic bytes, or null when it is none we read. */
export const detectMedia = (b: Uint8Array): MediaKind | null => {
  if (starts(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(b.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("<?xml") || /^<([A-Za-z_][\w.-]*:)?(Invoice|CreditNote|CrossIndustryInvoice)\b/.test(head))
    return "xml";
  // A few PDF writers put junk before the header; the spec allows it within the first 1024 bytes.
  const kb = new TextDecoder("latin1").decode(b.subarray(0, 1024));
  if (kb.includes("%PDF-")) return "pdf";
  return null;
};

/** The media type for a kind. */
export const MEDIA_TYPES: Record<MediaKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
  webp: "image/webp",
  xml: "application/xml",
};

const u16 = (b: Uint8Array, i: number, le = false): number =>
  le ? (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) : ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number, le = false): number =>
  le ? u16(b, i, true) + u16(b, i + 2, true) * 65536 : u16(b, i) * 65536 + u16(b, i + 2);

/**
 * A TIFF structure's first directory, entry by entry (its tag and value, a short or a long), from the header at
 * `base`: a TIFF file's own (base 0), or the one a JPEG's EXIF segment holds. Entries past the bytes are not read.
 */
function* tiffEntries(b: Uint8Array, base: number): Generator<{ tag: number; value: number }> {
  const le = b[base] === 0x49;
  const ifd = base + u32(b, base + 4, le);
  const count = ifd + 2 <= b.length ? u16(b, ifd, le) : 0;
  for (let k = 0; k < count && ifd + 2 + k * 12 + 12 <= b.length; k++) {
    const e = ifd + 2 + k * 12;
    yield { tag: u16(b, e, le), value: u16(b, e + 2, le) === 3 ? u16(b, e + 8, le) : u32(b, e + 8, le) };
  }
}

// SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame, which carries the image's size.
const isFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** A JPEG's segments before its scan (their marker and where they start), as long as their lengths hold. */
function* jpegSegments(b: Uint8Array): Generator<{ marker: number; at: number }> {
  for (let i = 2; i + 9 < b.length && b[i] === 0xff && b[i + 1] !== 0xda; i += 2 + u16(b, i + 2)) {
    yield { marker: b[i + 1] ?? 0, at: i };
  }
}

/**
 * A JPEG's EXIF orientation (1-8: 6 is stored turned a quarter left, shown turned right), 1 when it has none or it
 * cannot be read. A phone stores its photo as the sensor saw it and says in this tag how to show it.
 */
export const jpegOrientation = (b: Uint8Array): number => {
  for (const { marker, at } of jpegSegments(b)) {
    // The application segments all come before the frame.
    if (isFrame(marker)) return 1;
    if (marker !== 0xe1 || new TextDecoder("latin1").decode(b.subarray(at + 4, at + 10)) !== "Exif\0\0") continue;
    for (const { tag, value } of tiffEntries(b, at + 10)) {
      if (tag === 0x0112) return value >= 1 && value <= 8 ? value : 1;
    }
    return 1;
  }
  return 1;
};

/** An image's width and height from its header, or null when the header cannot be read. */
export const imageSize = (b: Uint8Array, kind: MediaKind): { width: number; height: number } | null => {
  if (kind === "png") return b.length >= 24 ? { width: u32(b, 16), height: u32(b, 20) } : null;
  if (kind === "jpeg") {
    for (const { marker, at } of jpegSegments(b)) {
      if (isFrame(marker)) return { height: u16(b, at + 5), width: u16(b, at + 7) };
    }
    return null;
  }
  if (kind === "webp") {
    const chunk = new TextDecoder("latin1").decode(b.subarray(12, 16));
    if (chunk === "VP8X")
      return { width: 1 + (u32(b, 24, true) & 0xffffff), height: 1 + (u32(b, 27, true) & 0xffffff) };
    if (chunk === "VP8L") {
      const bits = u32(b, 21, true);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === "VP8 ") return { width: u16(b, 26, true) & 0x3fff, height: u16(b, 28, true) & 0x3fff };
    return null;
  }
  if (kind === "tiff") {
    let width = 0;
    let height = 0;
    for (const { tag, value } of tiffEntries(b, 0)) {
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return width > 0 && height > 0 ? { width, height } : null;
  }
  return null;
};
