import { einvoiceWriter } from "@apar/adapters/invoices/index";
import {
  type CreditNote,
  type Currency,
  computeTotals,
  type Invoice,
  type LineInput,
  type Party,
  type SellerIdentity,
} from "@apar/core";
import type { DocumentContext } from "@apar/core/ports";
import test from "ava";
import { fatalAsserts } from "../../helpers/en16931.js";

// Every document apar writes, in both syntaxes, against the official EN 16931 1.3.16 rules (no fatal assert).

const SELLER: SellerIdentity = {
  legalName: "Muster Handel GmbH",
  tradingName: "Muster",
  addressLines: ["Hauptstraße 5", "Hinterhaus", "3. OG"],
  city: "München",
  postcode: "80331",
  countryCode: "DE",
  vatNumber: "DE123456789",
  taxRegistration: "143/123/45678",
  companyRegistrationId: "HRB 12345",
  contactName: "Erika Muster",
  contactEmail: "rechnung@muster.example",
  contactPhone: "+49 89 123456",
  defaultPaymentTermsDays: 30,
  bankAccounts: [
    { iban: "DE89370400440532013000", bic: "COBADEFFXXX", accountName: null },
    { iban: "DE02120300000000202051", bic: null, accountName: "Muster Handel GmbH Sammelkonto" },
  ],
  updatedAt: new Date("2026-03-01T00:00:00Z"),
};

const FR_BUYER: Party = {
  name: "Dupont & Fils SARL",
  email: "compta@dupont.example",
  address: "12 rue de la Paix\nBâtiment B\nCS 70001\n75002 Paris",
  taxNumber: "FR40303265045",
  country: "FR",
};

const line = (over: Partial<LineInput>): LineInput => ({
  id: `l-${Math.random().toString(36).slice(2)}`,
  productId: null,
  description: "Beratung",
  quantity: "1",
  unitPrice: "100",
  discountPercent: "0",
  taxRate: "19",
  ...over,
});

const invoice = (lines: LineInput[], over: Partial<Invoice> = {}, currency: Currency = "EUR"): Invoice => ({
  id: "01900000-0000-7000-8000-000000000001",
  clientId: "c",
  organisationId: "o",
  status: "Sent",
  documentNumber: "INV-000042",
  customerId: "cu",
  customer: FR_BUYER,
  currency,
  issueDate: "2026-03-01",
  dueDate: "2026-03-31",
  memo: "Vielen Dank für Ihren Auftrag.",
  ...computeTotals(lines, currency),
  amountPaid: "0",
  amountCredited: "0",
  payments: [],
  publicToken: "tok",
  reminderOffsets: null,
  recurringScheduleId: null,
  recurringOccurrenceNumber: null,
  sentAt: new Date("2026-03-01T09:00:00Z"),
  voidedAt: null,
  voidReason: null,
  createdAt: new Date("2026-03-01T08:00:00Z"),
  updatedAt: new Date("2026-03-01T09:00:00Z"),
  ...over,
});

const context = (seller: SellerIdentity | null = SELLER): DocumentContext => ({
  organisation: { id: "o", name: "Muster" },
  paymentUrl: "https://pay.example.test/i/tok",
  seller,
});

const creditNote = (inv: Invoice, amount: string, over: Partial<CreditNote> = {}): CreditNote => ({
  id: "01900000-0000-7000-8000-0000000000c1",
  clientId: "c",
  organisationId: "o",
  invoiceId: inv.id,
  status: "Issued",
  documentNumber: "CN-000007",
  currency: inv.currency,
  amount,
  reason: "Goodwill",
  invoiceLineItemId: null,
  amountOwedBack: "0",
  issuedAt: new Date("2026-03-10T10:00:00Z"),
  createdAt: new Date("2026-03-10T10:00:00Z"),
  updatedAt: new Date("2026-03-10T10:00:00Z"),
  ...over,
});

const writer = einvoiceWriter();

const SEVERAL_RATES = invoice([
  line({ description: "Design work", quantity: "12.5", unitPrice: "96", discountPercent: "10" }),
  line({ description: "Fachbuch", quantity: "3", unitPrice: "33.333", taxRate: "7" }),
  line({ description: "Versand", unitPrice: "4.99", discountPercent: "2.5" }),
  line({ description: "Export sample", unitPrice: "10", taxRate: "0" }),
]);
const EXEMPT = invoice([
  line({
    description: "Kurs",
    unitPrice: "400",
    taxRate: "0",
    taxCategory: "E",
    taxExemptionReason: "Steuerfrei nach § 4 Nr. 21 UStG",
  }),
  line({ description: "Kursunterlagen", unitPrice: "25", taxRate: "19", taxCategory: "S" }),
]);
const REVERSE_CHARGE = invoice([
  line({
    description: "Bauleistung",
    quantity: "8",
    unitPrice: "75",
    taxRate: "0",
    taxCategory: "AE",
    taxExemptionReason: "Reverse charge",
  }),
  line({
    description: "Material",
    quantity: "2",
    unitPrice: "120.50",
    taxRate: "0",
    taxCategory: "AE",
    taxExemptionReason: "Steuerschuldnerschaft des Leistungsempfängers",
  }),
]);

const CASES: [string, Invoice, DocumentContext][] = [
  ["several tax rates, a zero rate and discounts", SEVERAL_RATES, context()],
  ["an exempt line with its reason beside a taxed one", EXEMPT, context()],
  ["reverse charge lines (two reasons)", REVERSE_CHARGE, context()],
  ["partially paid", { ...SEVERAL_RATES, status: "PartiallyPaid", amountPaid: "500" }, context()],
  [
    "CHF, buyer without VAT number, address or country",
    invoice(
      [line({ unitPrice: "1234.55", taxRate: "8.1" })],
      {
        customer: { name: "Privatkunde Zürich", email: null, address: null, taxNumber: null, country: null },
      },
      "CHF",
    ),
    context({ ...SELLER, countryCode: "CH", vatNumber: "CHE123456789", bankAccounts: [] }),
  ],
  [
    "JPY (no minor unit), buyer with a local registration, not a VAT number",
    invoice(
      [line({ quantity: "3", unitPrice: "1999", taxRate: "10" })],
      {
        customer: { ...FR_BUYER, taxNumber: "123-456", country: "JP" },
      },
      "JPY",
    ),
    context(),
  ],
  [
    "USD, seller with a tax registration and company id only, no bank account",
    invoice([line({ unitPrice: "99.99", taxRate: "20" })], {}, "USD"),
    context({
      ...SELLER,
      vatNumber: null,
      tradingName: null,
      contactName: null,
      contactPhone: null,
      contactEmail: null,
      bankAccounts: [],
    }),
  ],
  [
    "a draft",
    { ...SEVERAL_RATES, status: "Draft", documentNumber: null, publicToken: null },
    { ...context(), paymentUrl: null },
  ],
];

for (const [title, inv, ctx] of CASES) {
  for (const syntax of ["ubl", "cii"] as const) {
    test(`${syntax} invoice: ${title}: no fatal EN 16931 assert`, async (t) => {
      const xml = writer.write(inv, ctx, syntax);
      t.deepEqual(await fatalAsserts(syntax, xml), [], xml);
    });
  }
}

const CREDIT_CASES: [string, CreditNote, Invoice][] = [
  ["spread over several rates", creditNote(SEVERAL_RATES, "100"), SEVERAL_RATES],
  [
    "for one line",
    creditNote(SEVERAL_RATES, "33.33", { invoiceLineItemId: SEVERAL_RATES.lines[1]?.id ?? null }),
    SEVERAL_RATES,
  ],
  ["of an exempt and taxed invoice", creditNote(EXEMPT, "212.50"), EXEMPT],
  ["of a reverse-charge invoice, whole", creditNote(REVERSE_CHARGE, REVERSE_CHARGE.totalAmount), REVERSE_CHARGE],
  [
    "a draft",
    creditNote(SEVERAL_RATES, "10", { status: "Draft", documentNumber: null, issuedAt: null }),
    SEVERAL_RATES,
  ],
];

for (const [title, note, inv] of CREDIT_CASES) {
  for (const syntax of ["ubl", "cii"] as const) {
    test(`${syntax} credit note: ${title}: no fatal EN 16931 assert, refers to its invoice`, async (t) => {
      const xml = writer.writeCreditNote(note, inv, context(), syntax);
      t.deepEqual(await fatalAsserts(syntax, xml), [], xml);
      t.true(xml.includes(syntax === "ubl" ? "<cbc:CreditNoteTypeCode>381<" : "<ram:TypeCode>381<"));
      t.true(xml.includes(syntax === "ubl" ? "<cbc:ID>INV-000042</cbc:ID>" : "<ram:IssuerAssignedID>INV-000042<"));
    });
  }
}

test("the rules do fail: an organisation without a seller identity writes an e-invoice they refuse", async (t) => {
  for (const syntax of ["ubl", "cii"] as const) {
    const ids = (await fatalAsserts(syntax, writer.write(SEVERAL_RATES, context(null), syntax))).map((a) => a.id);
    t.true(ids.includes("BR-CO-26"), `${syntax}: ${ids.join(", ")}`);
  }
});
