// Hostile documents generated on the spot (no large fixtures): compressed zero runs inside PDFs, oversized XML,
// images whose headers claim huge sizes.
import { createHash } from "node:crypto";
import { createDeflate, deflateSync } from "node:zlib";

let zeros: Promise<Buffer> | undefined;
/** One GiB of zeros, deflated (about 1 MB), made once per test process. */
export const deflatedGiBOfZeros = (): Promise<Buffer> => {
  zeros ??= (async () => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on("data", (c: Buffer) => out.push(c));
    const ended = new Promise((resolve) => deflate.on("end", resolve));
    const chunk = Buffer.alloc(2 ** 20);
    for (let i = 0; i < 1024; i++) {
      if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once("drain", resolve));
    }
    deflate.end();
    await ended;
    return Buffer.concat(out);
  })();
  return zeros;
};

/** A one-page PDF from objects (dictionaries, or dictionaries with stream bytes), with a correct xref table. */
export const pdfOf = (objects: readonly (string | { dict: string; stream: Buffer })[]): Buffer => {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const body =
      typeof o === "string"
        ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, "latin1")
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n${o.dict.replace(">>", ` /Length ${o.stream.length} >>`)}\nstream\n`),
            o.stream,
            Buffer.from("\nendstream\nendobj\n"),
          ]);
    parts.push(body);
    length += body.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF\n",
  ].join("\n");
  return Buffer.concat([...parts, Buffer.from(xref)]);
};

const TEXT = Buffer.from("BT /F1 12 Tf 72 720 Td (Invoice INV-1 Total 10.00 EUR from ACME Ltd) Tj ET");
const catalog = (names = "") => `<< /Type /Catalog /Pages 2 0 R ${names}>>`;
const pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const page =
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R " +
  "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>";

/** A PDF whose embedded `factur-x.xml` is a GiB of compressed zeros. */
export const pdfWithBombAttachment = async (): Promise<Buffer> =>
  pdfOf([
    catalog("/Names << /EmbeddedFiles 5 0 R >> "),
    pages,
    page,
    { dict: "<< >>", stream: TEXT },
    "<< /Names [(factur-x.xml) 6 0 R] >>",
    "<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 7 0 R >> >>",
    { dict: "<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode >>", stream: await deflatedGiBOfZeros() },
  ]);

/** A PDF whose page content is a GiB of compressed zeros. */
export const pdfWithBombPage = async (): Promise<Buffer> =>
  pdfOf([catalog(), pages, page, { dict: "<< /Filter /FlateDecode >>", stream: await deflatedGiBOfZeros() }]);

/**
 * A page with a text layer over an RGB image of `width` x `height` pixels whose stream (deflated) decodes to
 * `decoded` bytes: its raster with a predictor's tag a row, or more.
 */
export const pdfWithPageImage = (width: number, height: number, decoded: number): Buffer =>
  pdfOf([
    catalog(),
    pages,
    page.replace("/Font", "/XObject << /Im1 5 0 R >> /Font"),
    { dict: "<< >>", stream: Buffer.concat([Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q "), TEXT]) },
    {
      dict:
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB ` +
        "/BitsPerComponent 8 /Filter /FlateDecode >>",
      stream: deflateSync(Buffer.alloc(decoded, 0xff), { level: 9 }),
    },
  ]);

/** A small, well-formed PDF with a text layer (the control: it reads). */
export const plainPdf = (): Buffer => pdfOf([catalog(), pages, page, { dict: "<< >>", stream: TEXT }]);

/** A PNG header claiming 100,000 x 100,000 pixels. */
export const hugePng = (): Buffer => {
  const b = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write("IHDR", 12, "latin1");
  b.writeUInt32BE(100_000, 16);
  b.writeUInt32BE(100_000, 20);
  return b;
};

/** A UBL invoice whose text is padded past `bytes` with a comment. */
export const oversizeXml = (bytes: number): Buffer =>
  Buffer.concat([
    Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><!--'),
    Buffer.alloc(bytes, 0x20),
    Buffer.from("--><ID>1</ID></Invoice>"),
  ]);

/** XML nested `depth` elements deep (a parser that recurses runs out of stack). */
export const deepXml = (depth: number): Buffer =>
  Buffer.from(`<?xml version="1.0"?><Invoice>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</Invoice>`);

const rc4 = (key: Buffer, data: Buffer): Buffer => {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
};
const md5 = (...parts: Buffer[]): Buffer => createHash("md5").update(Buffer.concat(parts)).digest();

/**
 * A PDF encrypted with the standard handler (RC4, 40 bits, empty user password: it opens without one) whose page
 * content is a GiB of compressed zeros. Nothing can measure the stream without decrypting it first.
 */
export const encryptedPdfWithBombPage = async (): Promise<Buffer> => {
  const pad = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
  const owner = Buffer.alloc(32, 7);
  const id = Buffer.alloc(16, 9);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const key = md5(pad, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, pad);
  const objectKey = md5(key, Buffer.from([4, 0, 0, 0, 0])).subarray(0, 10);
  const pdf = pdfOf([
    catalog(),
    pages,
    page,
    { dict: "<< /Filter /FlateDecode >>", stream: rc4(objectKey, await deflatedGiBOfZeros()) },
  ]).toString("latin1");
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${owner.toString("hex")}> /U <${user.toString("hex")}> /P -4 >> /ID [<${id.toString("hex")}> <${id.toString("hex")}>]`;
  // The trailer grows; startxref still points at the xref table, which comes before it.
  return Buffer.from(pdf.replace("/Root 1 0 R >>", `/Root 1 0 R ${encrypt} >>`), "latin1");
};
