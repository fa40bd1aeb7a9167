import { pdfInvoiceRenderer } from "@apar/adapters/invoices/index";
import { openPdf, pageLines } from "@apar/adapters/reading/pdf-document";
import { computeTotals, type Invoice, type SellerIdentity } from "@apar/core";
import test from "ava";

const NAMES = {
  Polish: "Łódź Dąb Sp. z o.o. — Usługa żółć",
  Czech: "Příliš žluťoučký kůň úpěl ďábelské ódy",
  Greek: "Ελληνικά Τρόφιμα Α.Ε. — Υπηρεσία",
  Cyrillic: "ООО «Ромашка» — Услуга съёмки",
  Turkish: "Işık Gıda Ticaret A.Ş. — İğdır",
  Vietnamese: "Công ty TNHH Nguyễn Văn Đức — Dịch vụ",
} as const;

const seller: SellerIdentity = {
  legalName: "Ελληνικά Τρόφιμα Α.Ε.",
  tradingName: null,
  addressLines: ["ул. Тверская 1"],
  city: "Łódź",
  postcode: "90-001",
  countryCode: "PL",
  vatNumber: "PL1234567890",
  taxRegistration: null,
  companyRegistrationId: null,
  contactName: "Nguyễn Thị Minh Khai",
  contactEmail: null,
  contactPhone: null,
  defaultPaymentTermsDays: 14,
  bankAccounts: [{ iban: "PL61109010140000071219812874", bic: null, accountName: "Dąb Sp. z o.o." }],
  updatedAt: new Date(),
};

const invoice = (): Invoice => ({
  id: "01900000-0000-7000-8000-000000000001",
  clientId: "c",
  organisationId: "o",
  status: "Sent",
  documentNumber: "FV/2026/001",
  customerId: "cu",
  customer: { name: NAMES.Turkish, email: null, address: "Çarşı Cad. 5\nİstanbul", taxNumber: null, country: "TR" },
  currency: "PLN",
  issueDate: "2026-03-01",
  dueDate: "2026-03-15",
  memo: `${NAMES.Vietnamese} שלום עולם`,
  ...computeTotals(
    Object.values(NAMES).map((description, i) => ({
      id: String(i),
      productId: null,
      description,
      quantity: "1",
      unitPrice: "10",
      discountPercent: "0",
      taxRate: "23",
    })),
    "PLN",
  ),
  amountPaid: "0",
  amountCredited: "0",
  payments: [],
  publicToken: null,
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: new Date(),
  voidedAt: null,
  voidReason: null,
  createdAt: new Date(),
  updatedAt: new Date(),
});

const render = () =>
  pdfInvoiceRenderer().invoicePdf(invoice(), { organisation: { id: "o", name: "x" }, paymentUrl: null, seller });

const textOf = async (bytes: Uint8Array) => {
  const pdf = await openPdf(Uint8Array.from(bytes));
  const lines: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) lines.push(...(await pageLines(await pdf.getPage(i))));
  return lines.join("\n");
};

for (const [script, name] of Object.entries(NAMES)) {
  test(`a ${script} name prints as written and reads back with pdfjs`, async (t) => {
    const text = await textOf(await render());
    t.true(text.includes(name), text);
  });
}

test("the seller's identity prints in its own scripts; right-to-left text prints as ?, never reordered", async (t) => {
  const text = await textOf(await render());
  for (const s of ["Ελληνικά Τρόφιμα Α.Ε.", "ул. Тверская 1", "90-001 Łódź", "Nguyễn Thị Minh Khai", "Dąb Sp. z o.o."])
    t.true(text.includes(s), s);
  t.false(/[\u0590-\u05ff]/.test(text));
  t.true(text.includes("???? ????"), text);
});

test("the font is subset: the file holds the glyphs used, not the whole face", async (t) => {
  const bytes = await render();
  // DejaVu Sans and its bold face are about 1.4 MB together; a subset invoice is a small part of that.
  t.true(bytes.length < 200_000, String(bytes.length));
});
