import {
  checkMessageShape,
  MAX_HEADER_FIELDS,
  MAX_MIME_PARTS,
  MAX_MULTIPART_CONTAINERS,
  UnacceptableMessage,
} from "@apar/adapters/mail/inbound/index";
import test from "ava";
import nodemailer from "nodemailer";

const refusal = (raw: Buffer): string | undefined => {
  try {
    checkMessageShape(raw);
    return undefined;
  } catch (error) {
    if (!(error instanceof UnacceptableMessage)) throw error;
    return error.message;
  }
};

/** `count` header fields, each folded over `lines` lines, then a body. */
const fields = (count: number, lines = 1): Buffer =>
  Buffer.from(
    `${Array.from({ length: count }, (_, i) => `X-F${i}: a${"\r\n\tb".repeat(lines - 1)}\r\n`).join("")}\r\nbody\r\n`,
  );

/** `containers` multipart containers nested in each other, each with one more part beside the next. */
const nested = (containers: number): Buffer => {
  let body = "Content-Type: text/plain\r\n\r\nleaf\r\n";
  for (let i = containers - 1; i >= 0; i -= 1)
    body = `Content-Type: multipart/mixed;\r\n boundary="=_b${i}"\r\n\r\n--=_b${i}\r\n${body}\r\n--=_b${i}--\r\n`;
  return Buffer.from(`From: a@b.example\r\nMIME-Version: 1.0\r\n${body}`);
};

/** One multipart container with `parts` parts. */
const flat = (parts: number): Buffer =>
  Buffer.from(
    "From: a@b.example\r\nContent-Type: multipart/mixed; boundary=flat\r\n\r\n" +
      Array.from({ length: parts }, (_, i) => `--flat\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join("") +
      "--flat--\r\n",
  );

test("a message as mail programs write it passes", async (t) => {
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: "Accounts <ap@supplier.example>",
    to: "acme@in.example",
    subject: "Invoice",
    text: 'See attached; the boundary="fake" in text is just text.',
    html: "<p>See attached</p>",
    attachments: [
      { filename: "a.pdf", content: Buffer.from("%PDF-1.7") },
      { filename: "b.xml", content: "<Invoice/>" },
    ],
  });
  t.is(refusal(info.message as Buffer), undefined);
});

test("header fields are counted as fields, folded lines included in theirs", (t) => {
  t.is(refusal(fields(MAX_HEADER_FIELDS, 3)), undefined);
  t.is(refusal(fields(MAX_HEADER_FIELDS + 1)), `more than ${MAX_HEADER_FIELDS} header fields`);
  t.is(refusal(fields(20_000)), `more than ${MAX_HEADER_FIELDS} header fields`);
});

test("nesting is bounded by the number of multipart containers", (t) => {
  t.is(refusal(nested(MAX_MULTIPART_CONTAINERS)), undefined);
  t.is(refusal(nested(MAX_MULTIPART_CONTAINERS + 1)), `more than ${MAX_MULTIPART_CONTAINERS} multipart containers`);
  t.is(refusal(nested(2000)), `more than ${MAX_MULTIPART_CONTAINERS} multipart containers`);
});

test("parts are bounded by the delimiter lines of declared boundaries only", (t) => {
  // Each part opens with one delimiter and the container closes with one more.
  t.is(refusal(flat(MAX_MIME_PARTS - 1)), undefined);
  t.is(refusal(flat(MAX_MIME_PARTS)), `more than ${MAX_MIME_PARTS} MIME parts`);
  const lookalikes = Buffer.concat([flat(3), Buffer.from("--other\r\n".repeat(MAX_MIME_PARTS * 2))]);
  t.is(refusal(lookalikes), undefined);
});
