import { einvoiceWriter, pdfInvoiceRenderer } from "@apar/adapters/invoices/index";
import { readEinvoiceXml } from "@apar/adapters/reading/index";
import { openPdf, pageLines } from "@apar/adapters/reading/pdf-document";
import { computeTotals, type Invoice } from "@apar/core";
import test from "ava";

const lines = computeTotals(
  [
    {
      id: "a",
      productId: null,
      description: "Consulting & design <phase 1>",
      quantity: "12.5",
      unitPrice: "96",
      discountPercent: "10",
      taxRate: "20",
    },
    {
      id: "b",
      productId: null,
      description: "Licence",
      quantity: "1",
      unitPrice: "250",
      discountPercent: "0",
      taxRate: "0",
    },
  ],
  "EUR",
);

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: "01900000-0000-7000-8000-000000000001",
  clientId: "c",
  organisationId: "o",
  status: "Sent",
  documentNumber: "INV-000042",
  customerId: "cu",
  customer: {
    name: "Globex Müller GmbH",
    email: "ap@globex.example",
    address: "Hauptstraße 1\n10115 Berlin",
    taxNumber: "DE123456789",
    country: "DE",
  },
  currency: "EUR",
  issueDate: "2026-03-01",
  dueDate: "2026-03-31",
  memo: "Thank you for your business. 日本",
  ...lines,
  amountPaid: "0",
  amountCredited: "0",
  payments: [],
  publicToken: "tok",
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: new Date(),
  voidedAt: null,
  voidReason: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

const context = {
  organisation: { id: "o", name: "Acme Studio Ltd" },
  paymentUrl: "http://localhost:8080/i/tok",
  seller: null,
};

const textOf = async (bytes: Uint8Array): Promise<string> => {
  const pdf = await openPdf(bytes);
  const out: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) out.push(...(await pageLines(await pdf.getPage(i))));
  return out.join("\n");
};

test("an invoice PDF reads back with its number, parties, lines, tax breakdown, total and link", async (t) => {
  t.is(lines.totalAmount, "1546");
  const text = await textOf(await pdfInvoiceRenderer().invoicePdf(invoice(), context));
  for (const expected of [
    "INVOICE",
    "INV-000042",
    "Acme Studio Ltd",
    "Globex Müller GmbH",
    "Hauptstraße 1",
    "Consulting & design <phase 1>",
    "1080.00",
    "Tax 20% on 1080.00",
    "216.00 EUR",
    "1546.00 EUR",
    "2026-03-31",
    "http://localhost:8080/i/tok",
  ]) {
    t.true(text.includes(expected), `missing ${expected} in:\n${text}`);
  }
  // Characters the standard fonts lack are replaced, not fatal.
  t.true(text.includes("Thank you for your business. ??"));
});

test("a draft prints as a draft without a link; many lines flow onto more pages", async (t) => {
  const many = computeTotals(
    Array.from({ length: 80 }, (_, i) => ({
      id: `${i}`,
      productId: null,
      description: `Item ${i + 1}`,
      quantity: "1",
      unitPrice: "1",
      discountPercent: "0",
      taxRate: "0",
    })),
    "EUR",
  );
  const bytes = await pdfInvoiceRenderer().invoicePdf(invoice({ status: "Draft", documentNumber: null, ...many }), {
    ...context,
    paymentUrl: null,
  });
  const pdf = await openPdf(bytes);
  t.true(pdf.numPages >= 2);
  const text = await textOf(bytes);
  t.true(text.includes("DRAFT INVOICE"));
  t.true(text.includes("Item 80"));
  t.false(text.includes("/i/"));
});

test("a credit note PDF names its invoice, amount and what is owed back", async (t) => {
  const note = {
    id: "n",
    clientId: "c",
    organisationId: "o",
    invoiceId: "i",
    status: "Issued" as const,
    documentNumber: "CN-000003",
    currency: "EUR" as const,
    amount: "100",
    reason: "Returned goods",
    invoiceLineItemId: null,
    amountOwedBack: "40",
    issuedAt: new Date("2026-04-02T10:00:00Z"),
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const text = await textOf(await pdfInvoiceRenderer().creditNotePdf(note, invoice(), context));
  for (const expected of [
    "CREDIT NOTE",
    "CN-000003",
    "INV-000042",
    "2026-04-02",
    "Returned goods",
    "100.00 EUR",
    "40.00 EUR",
  ]) {
    t.true(text.includes(expected), `missing ${expected}`);
  }
});

for (const format of ["ubl", "cii"] as const) {
  test(`the ${format} e-invoice reads back through the bills reader with the same figures`, (t) => {
    const xml = einvoiceWriter().write(invoice(), context, format);
    t.true(xml.includes("urn:cen.eu:en16931:2017"));
    const read = readEinvoiceXml(new TextEncoder().encode(xml));
    if (typeof read === "string") return t.fail(read);
    const f = read.fields;
    t.is(f.supplierName, "Acme Studio Ltd");
    t.is(f.invoiceNumber, "INV-000042");
    t.is(f.currency, "EUR");
    t.is(f.invoiceDate, "2026-03-01");
    t.is(f.dueDate, "2026-03-31");
    t.is(f.subTotal, "1330.00");
    t.is(f.taxAmount, "216.00");
    t.is(f.totalAmount, "1546.00");
    t.deepEqual(
      f.lineItems.map((l) => [l.description, l.quantity, l.amount]),
      [
        ["Consulting & design <phase 1>", "12.5", "1080.00"],
        ["Licence", "1", "250.00"],
      ],
    );
  });
}
