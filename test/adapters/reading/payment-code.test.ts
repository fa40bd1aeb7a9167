// A bill's payment code read from the page's pixels: a real Swiss QR-bill, and a GiroCode on a generated bill. A
// page is looked at for a code only when it shows a payment part's heading.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { imagePaymentCode } from "@apar/adapters/reading/payment-qr";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { PDFDocument, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { FIXTURES } from "./accuracy.js";

const read = async (bytes: Uint8Array) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, secondEye: "off" });
  try {
    const result = await reader.read({ bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
    if (E.isLeft(result)) throw new Error(result.left.detail);
    return result.right;
  } finally {
    await reader.close();
  }
};

test("a Swiss QR-bill's code makes its total, currency and supplier sure and gives the payee's account", async (t) => {
  // Printed: "Netto inkl. MWST 1'756.05" in the invoice part, the payment part below with its code.
  const read1 = await read(new Uint8Array(readFileSync(join(FIXTURES, "qr-bill", "invoice-01.pdf"))));
  t.is(read1.fields.totalAmount, "1756.05");
  t.is(read1.fieldConfidence.totalAmount, 0.98);
  t.is(read1.fields.currency, "CHF");
  t.is(read1.fields.supplierName, "Omnia Trading AG");
  t.is(read1.fieldConfidence.supplierName, 0.98);
  t.is(read1.fields.bankDetails?.iban, "CH4809000000857573372");
  t.is(read1.fields.bankDetails?.accountHolderName, "Omnia Trading AG");
  t.is(read1.fields.paymentRef, "RF672021007834");
});

/** A one-page text bill with a GiroCode of `payload` in its corner and, with `heading`, its name over it. */
const giroBill = async (payload: string, heading: boolean): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ["Lindqvist Werkzeuge GmbH", "Rechnung Nr. 2024-118", "Datum: 12.03.2024", "Gesamtbetrag EUR 415,80"];
  for (const [i, text] of lines.entries()) page.drawText(text, { x: 50, y: 780 - i * 22, size: 12, font });
  if (heading) page.drawText("GiroCode", { x: 50, y: 330, size: 10, font });
  const png = await pdf.embedPng(await QRCode.toBuffer(payload, { errorCorrectionLevel: "M", scale: 4, margin: 4 }));
  page.drawImage(png, { x: 50, y: 170, width: 150, height: 150 });
  return pdf.save();
};

test("a GiroCode under its name gives the account and confirms the total; without a heading no code is looked for", async (t) => {
  const payload = [
    "BCD",
    "002",
    "1",
    "SCT",
    "",
    "Lindqvist Werkzeuge GmbH",
    "DE89370400440532013000",
    "EUR415.80",
    "",
    "",
    "Rechnung 2024-118",
  ].join("\n");
  const named = await read(await giroBill(payload, true));
  t.is(named.fields.totalAmount, "415.80");
  t.is(named.fieldConfidence.totalAmount, 0.98);
  t.is(named.fields.bankDetails?.iban, "DE89370400440532013000");
  const unnamed = await read(await giroBill(payload, false));
  t.is(unnamed.fields.totalAmount, "415.80");
  t.is(unnamed.fields.bankDetails?.iban ?? null, null);
});

test("a QR code that is no payment code (a link) leaves the reading as it is", async (t) => {
  const plain = await read(await giroBill("BCD", false));
  const linked = await read(await giroBill("https://example.com/pay/2024-118", true));
  t.deepEqual(linked.fields, plain.fields);
  t.deepEqual(linked.fieldConfidence, plain.fieldConfidence);
});

test("an image larger than the code's pixel bound is looked at drawn smaller, and its code still read", async (t) => {
  const payload = ["BCD", "002", "1", "SCT", "", "Lindqvist Werkzeuge GmbH", "DE89370400440532013000", "EUR415.80"];
  const { napiCanvas } = await import("@apar/adapters/reading/pdf-document");
  const { createCanvas, loadImage } = await napiCanvas();
  // 6,000 x 4,000 pixels (three times the bound), the code's modules 12 pixels wide.
  const code = await loadImage(await QRCode.toBuffer(payload.join("\n"), { scale: 12, margin: 4 }));
  const sheet = createCanvas(6000, 4000);
  const context = sheet.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 6000, 4000);
  context.drawImage(code, 4000, 2500);
  const found = await imagePaymentCode(new Uint8Array(sheet.toBuffer("image/png")));
  t.is(found?.iban, "DE89370400440532013000");
  t.is(found?.amount, "415.80");
});
