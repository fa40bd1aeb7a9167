import { einvoiceWriter, FACTUR_X_FILE, pdfInvoiceRenderer } from "@apar/adapters/invoices/index";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { openPdf } from "@apar/adapters/reading/pdf-document";
import { computeTotals, type Invoice, type SellerIdentity } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName } from "pdf-lib";
import { fatalAsserts } from "../../helpers/en16931.js";

const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, timeoutMs: 60_000 });
test.after.always(() => reader.close());

const seller: SellerIdentity = {
  legalName: "Atelier Dubois SAS",
  tradingName: null,
  addressLines: ["3 rue des Lilas"],
  city: "Lyon",
  postcode: "69001",
  countryCode: "FR",
  vatNumber: "FR40303265045",
  taxRegistration: null,
  companyRegistrationId: "303 265 045",
  contactName: null,
  contactEmail: "factures@dubois.example",
  contactPhone: null,
  defaultPaymentTermsDays: 30,
  bankAccounts: [{ iban: "FR1420041010050500013M02606", bic: null, accountName: null }],
  updatedAt: new Date("2026-03-01T00:00:00Z"),
};

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: "01900000-0000-7000-8000-000000000009",
  clientId: "c",
  organisationId: "o",
  status: "Sent",
  documentNumber: "F-2026-0042",
  customerId: "cu",
  customer: {
    name: "Schmidt GmbH",
    email: "ap@schmidt.example",
    address: "Ring 1",
    taxNumber: "DE123456789",
    country: "DE",
  },
  currency: "EUR",
  issueDate: "2026-03-02",
  dueDate: "2026-04-01",
  memo: null,
  ...computeTotals(
    [
      {
        id: "a",
        productId: null,
        description: "Conseil",
        quantity: "4",
        unitPrice: "150",
        discountPercent: "5",
        taxRate: "20",
      },
      {
        id: "b",
        productId: null,
        description: "Livre",
        quantity: "2",
        unitPrice: "24.90",
        discountPercent: "0",
        taxRate: "5.5",
      },
    ],
    "EUR",
  ),
  amountPaid: "0",
  amountCredited: "0",
  payments: [],
  publicToken: "tok",
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: new Date("2026-03-02T08:00:00Z"),
  voidedAt: null,
  voidReason: null,
  createdAt: new Date("2026-03-02T07:00:00Z"),
  updatedAt: new Date("2026-03-02T08:00:00Z"),
  ...over,
});
const context = { organisation: { id: "o", name: "Dubois" }, paymentUrl: "https://pay.example.test/i/tok", seller };
const renderer = pdfInvoiceRenderer({ facturX: einvoiceWriter() });

test("a Factur-X invoice PDF carries its CII (valid EN 16931), declared PDF/A-3 with the Factur-X XMP", async (t) => {
  const bytes = await renderer.invoicePdf(invoice(), context);
  const pdf = await openPdf(Uint8Array.from(bytes));
  const attachments = [...((await pdf.getAttachments())?.entries() ?? [])];
  const found = attachments.find(([, a]) => a.filename === FACTUR_X_FILE);
  if (found === undefined) return t.fail(`no ${FACTUR_X_FILE}: ${attachments.map(([, a]) => a.filename).join(", ")}`);
  const content = found[1].content ?? (await pdf.getAttachmentContent(found[0]));
  const xml = new TextDecoder().decode(content);
  t.deepEqual(await fatalAsserts("cii", xml), []);
  const raw = Buffer.from(bytes).toString("latin1");
  t.regex(raw, /<pdfaid:part>3<\/pdfaid:part><pdfaid:conformance>B<\/pdfaid:conformance>/);
  t.regex(raw, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
  const doc = await PDFDocument.load(bytes);
  const af = doc.catalog.lookup(PDFName.of("AF"), PDFArray);
  const spec = doc.context.lookup(af.get(0), PDFDict);
  t.is(spec.get(PDFName.of("AFRelationship"))?.toString(), "/Alternative");
  t.is(spec.lookup(PDFName.of("UF"), PDFHexString).decodeText(), "factur-x.xml");
});

test("the bills reader reads a Factur-X invoice back from its XML: the exact fields, not the page", async (t) => {
  const inv = invoice();
  const read = await reader.read(
    { bytes: await renderer.invoicePdf(inv, context), mediaType: "application/pdf", filename: "F-2026-0042.pdf" },
    { method: "ocr" },
  );
  if (E.isLeft(read)) return t.fail(read.left.detail);
  const f = read.right.fields;
  t.is(read.right.reader, "einvoice");
  t.is(f.supplierName, "Atelier Dubois SAS");
  t.is(f.invoiceNumber, "F-2026-0042");
  t.is(f.invoiceDate, "2026-03-02");
  t.is(f.dueDate, "2026-04-01");
  t.is(f.currency, "EUR");
  t.is(inv.totalAmount, "736.54");
  t.is(f.subTotal, "619.80");
  t.is(f.taxAmount, "116.74");
  t.is(f.totalAmount, "736.54");
});

test("drafts and renderers without facturX carry no XML", async (t) => {
  const draft = await renderer.invoicePdf(invoice({ status: "Draft", documentNumber: null }), context);
  const plain = await pdfInvoiceRenderer().invoicePdf(invoice(), context);
  for (const bytes of [draft, plain]) {
    const pdf = await openPdf(Uint8Array.from(bytes));
    t.is(await pdf.getAttachments(), null);
  }
});
