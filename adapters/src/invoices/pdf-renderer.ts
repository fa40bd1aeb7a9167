import type { CreditNote, Invoice, SellerIdentity } from "@apar/core";
import { creditorReferenceFor, formatAmount, invoiceTermsText, outstandingOf } from "@apar/core";
import type { DocumentContext, EinvoiceWriter, InvoiceRenderer } from "@apar/core/ports";
import { PDFDocument, type PDFPage } from "pdf-lib";
import { embedFacturX } from "./factur-x.js";
import { embedFonts, type Fonts } from "./pdf-fonts.js";
import { drawLeft, drawRight, registerFonts, THEME, wrap } from "./pdf-layout.js";

/** A page being filled top-down; `need` starts a new page when the next block would not fit. */
class Cursor {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = THEME.height - THEME.margin;
  }
  private newPage(): PDFPage {
    const page = this.doc.addPage([THEME.width, THEME.height]);
    drawLeft(page, this.footer, THEME.margin, 30, this.fonts.regular, 8, THEME.muted);
    return page;
  }
  need(height: number): void {
    if (this.y - height >= THEME.margin + 20) return;
    this.page = this.newPage();
    this.y = THEME.height - THEME.margin;
  }
}

const money = (amount: string, invoice: Pick<Invoice, "currency">) =>
  `${formatAmount(amount, invoice.currency)} ${invoice.currency}`;

// Columns of the line table: left edges, and right edges for numbers.
const COL = { description: 50, quantity: 330, unitPrice: 400, discount: 445, tax: 485, amount: 545 } as const;

const header = (c: Cursor, fonts: Fonts, title: string, issuer: string, facts: readonly [string, string][]) => {
  const right = THEME.width - THEME.margin;
  c.page.drawRectangle({ x: 0, y: THEME.height - 8, width: THEME.width, height: 8, color: THEME.accent });
  drawLeft(c.page, issuer, THEME.margin, c.y - 14, fonts.bold, 16);
  drawRight(c.page, title, right, c.y - 16, fonts.bold, 22, THEME.accent);
  c.y -= 44;
  for (const [label, value] of facts) {
    drawRight(c.page, value, right, c.y, fonts.bold, 10);
    drawRight(c.page, label, right - 110, c.y, fonts.regular, 10, THEME.muted);
    c.y -= 15;
  }
};

/** The name a document is headed with: the trading name, else the legal name, else the organisation's name. */
const issuerName = (context: DocumentContext) =>
  context.seller?.tradingName ?? context.seller?.legalName ?? context.organisation.name;

/** The seller's legal lines: name, address, country, registrations and contact. */
const sellerLines = (s: SellerIdentity): string[] =>
  [
    s.legalName,
    ...s.addressLines,
    [s.postcode, s.city].filter((x) => x !== null).join(" "),
    s.countryCode,
    s.vatNumber === null ? "" : `VAT ${s.vatNumber}`,
    s.taxRegistration === null ? "" : `Tax no. ${s.taxRegistration}`,
    s.companyRegistrationId === null ? "" : `Reg. ${s.companyRegistrationId}`,
    [s.contactName, s.contactEmail, s.contactPhone].filter((x) => x !== null).join(", "),
  ].filter((l) => l !== "");

/** The footer line: who issues the document, with its registrations. */
const footerOf = (context: DocumentContext, what: string) =>
  [
    context.seller?.legalName ?? context.organisation.name,
    context.seller?.vatNumber == null ? null : `VAT ${context.seller.vatNumber}`,
    context.seller?.companyRegistrationId ?? null,
    what,
  ]
    .filter((x) => x !== null)
    .join(" - ");

/** The seller (left) and the customer (right), side by side. */
const parties = (c: Cursor, fonts: Fonts, label: string, invoice: Invoice, context: DocumentContext) => {
  const from = context.seller === null ? [context.organisation.name] : sellerLines(context.seller);
  const top = c.y;
  c.y -= 10;
  drawLeft(c.page, "FROM", THEME.margin, c.y, fonts.bold, 9, THEME.muted);
  c.y -= 15;
  from.forEach((line, i) => {
    drawLeft(c.page, line, THEME.margin, c.y, i === 0 ? fonts.bold : fonts.regular, 10);
    c.y -= 14;
  });
  const bottom = c.y;
  c.y = top;
  party(c, fonts, label, invoice, THEME.width / 2);
  c.y = Math.min(c.y, bottom - 10);
};

/** How to pay: terms and the accounts to pay into. */
const paymentBlock = (c: Cursor, fonts: Fonts, invoice: Invoice, context: DocumentContext) => {
  const s = context.seller;
  if (s === null) return;
  const terms = invoiceTermsText(invoice);
  const lines = [
    ...(terms === null ? [] : [`${terms}, due ${invoice.dueDate}`]),
    ...s.bankAccounts.map((a) =>
      [a.accountName ?? s.legalName, `IBAN ${a.iban}`, a.bic === null ? null : `BIC ${a.bic}`]
        .filter((x) => x !== null)
        .join(" - "),
    ),
    ...(s.bankAccounts.length > 0 && invoice.documentNumber !== null
      ? [`Reference: ${creditorReferenceFor(invoice.documentNumber) ?? invoice.documentNumber}`]
      : []),
  ];
  if (lines.length > 0) note(c, fonts, "PAYMENT", lines.join("\n"));
};

const party = (c: Cursor, fonts: Fonts, label: string, invoice: Invoice, x: number = THEME.margin) => {
  c.y -= 10;
  drawLeft(c.page, label, x, c.y, fonts.bold, 9, THEME.muted);
  c.y -= 15;
  const p = invoice.customer;
  const lines = [
    p.name,
    ...(p.address ?? "").split(/\r?\n/).filter((l) => l.trim() !== ""),
    p.country ?? "",
    p.email ?? "",
  ]
    .concat(p.taxNumber === null ? [] : [`Tax number: ${p.taxNumber}`])
    .filter((l) => l !== "");
  lines.forEach((line, i) => {
    drawLeft(c.page, line, x, c.y, i === 0 ? fonts.bold : fonts.regular, 10);
    c.y -= 14;
  });
  c.y -= 10;
};

const lineTable = (c: Cursor, fonts: Fonts, invoice: Invoice) => {
  const head = () => {
    c.need(40);
    c.page.drawRectangle({
      x: THEME.margin - 5,
      y: c.y - 6,
      width: THEME.width - 2 * THEME.margin + 10,
      height: 20,
      color: THEME.band,
    });
    drawLeft(c.page, "Description", COL.description, c.y, fonts.bold, 9);
    drawRight(c.page, "Qty", COL.quantity, c.y, fonts.bold, 9);
    drawRight(c.page, "Unit price", COL.unitPrice, c.y, fonts.bold, 9);
    drawRight(c.page, "Disc.", COL.discount, c.y, fonts.bold, 9);
    drawRight(c.page, "Tax", COL.tax, c.y, fonts.bold, 9);
    drawRight(c.page, "Amount", COL.amount, c.y, fonts.bold, 9);
    c.y -= 24;
  };
  head();
  for (const line of invoice.lines) {
    const text = wrap(line.description, fonts.regular, 9, COL.quantity - COL.description - 40);
    if (c.y - text.length * 12 < THEME.margin + 30) {
      c.need(1000);
      head();
    }
    drawRight(c.page, line.quantity, COL.quantity, c.y, fonts.regular, 9);
    drawRight(c.page, formatAmount(line.unitPrice, invoice.currency), COL.unitPrice, c.y, fonts.regular, 9);
    drawRight(
      c.page,
      line.discountPercent === "0" ? "" : `${line.discountPercent}%`,
      COL.discount,
      c.y,
      fonts.regular,
      9,
    );
    drawRight(c.page, `${line.taxRate}%`, COL.tax, c.y, fonts.regular, 9);
    drawRight(c.page, formatAmount(line.netAmount, invoice.currency), COL.amount, c.y, fonts.regular, 9);
    for (const t of text) {
      drawLeft(c.page, t, COL.description, c.y, fonts.regular, 9);
      c.y -= 12;
    }
    c.page.drawLine({
      start: { x: THEME.margin, y: c.y + 4 },
      end: { x: THEME.width - THEME.margin, y: c.y + 4 },
      thickness: 0.5,
      color: THEME.rule,
    });
    c.y -= 8;
  }
};

// Totals: labels end well left of the amounts so that long figures never run into them.
const TOTAL_LABEL_RIGHT = COL.amount - 120;

const totalsBlock = (c: Cursor, fonts: Fonts, rows: readonly [string, string, boolean][]) => {
  c.need(rows.length * 18 + 24);
  c.y -= 6;
  for (const [label, value, strong] of rows) {
    const font = strong ? fonts.bold : fonts.regular;
    if (strong) {
      c.page.drawLine({
        start: { x: TOTAL_LABEL_RIGHT - 120, y: c.y + 13 },
        end: { x: COL.amount, y: c.y + 13 },
        thickness: 0.8,
        color: THEME.rule,
      });
      c.y -= 4;
    }
    drawRight(c.page, label, TOTAL_LABEL_RIGHT, c.y, font, strong ? 11 : 10, strong ? THEME.ink : THEME.muted);
    drawRight(c.page, value, COL.amount, c.y, font, strong ? 11 : 10);
    c.y -= strong ? 20 : 15;
  }
};

const note = (c: Cursor, fonts: Fonts, label: string, text: string) => {
  const lines = wrap(text, fonts.regular, 9, THEME.width - 2 * THEME.margin);
  c.need(lines.length * 12 + 24);
  c.y -= 10;
  drawLeft(c.page, label, THEME.margin, c.y, fonts.bold, 9, THEME.muted);
  c.y -= 13;
  for (const l of lines) {
    drawLeft(c.page, l, THEME.margin, c.y, fonts.regular, 9);
    c.y -= 12;
  }
};

const open = async (title: string, subject: string, context: DocumentContext) => {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setSubject(subject);
  doc.setAuthor(issuerName(context));
  doc.setProducer("apar");
  doc.setCreator("apar");
  const fonts = registerFonts(await embedFonts(doc));
  return { doc, fonts };
};

export interface PdfRendererOptions {
  /** Writes the CII a numbered invoice's PDF embeds; absent, PDFs carry no XML. */
  readonly facturX?: EinvoiceWriter;
}

/**
 * Renders invoices and credit notes as A4 PDFs in DejaVu Sans, subset per document, so that names in any
 * European, Greek, Cyrillic or Vietnamese spelling print as written (text stays extractable). With `facturX`,
 * a numbered invoice's PDF also carries its CII (Factur-X, EN 16931 profile): one file for people and machines.
 */
export const pdfInvoiceRenderer = (options: PdfRendererOptions = {}): InvoiceRenderer => ({
  async invoicePdf(invoice: Invoice, context: DocumentContext) {
    const number = invoice.documentNumber ?? "Draft";
    const { doc, fonts } = await open(`Invoice ${number}`, `Invoice ${number} from ${issuerName(context)}`, context);
    const c = new Cursor(doc, fonts, footerOf(context, `Invoice ${number}`));
    header(c, fonts, invoice.status === "Draft" ? "DRAFT INVOICE" : "INVOICE", issuerName(context), [
      ["Invoice number", number],
      ["Issue date", invoice.issueDate],
      ["Due date", invoice.dueDate],
      ...(invoice.status === "Void" ? ([["Status", "VOID"]] as [string, string][]) : []),
    ]);
    parties(c, fonts, "BILL TO", invoice, context);
    lineTable(c, fonts, invoice);
    totalsBlock(c, fonts, [
      ["Subtotal", money(invoice.subTotal, invoice), false],
      ...invoice.taxes.map((t): [string, string, boolean] => [
        `Tax ${t.rate}% on ${formatAmount(t.taxableAmount, invoice.currency)}`,
        money(t.taxAmount, invoice),
        false,
      ]),
      ["Total", money(invoice.totalAmount, invoice), true],
      ...(invoice.amountPaid === "0"
        ? []
        : ([["Paid", money(invoice.amountPaid, invoice), false]] as [string, string, boolean][])),
      ...(invoice.amountCredited === "0"
        ? []
        : ([["Credited", money(invoice.amountCredited, invoice), false]] as [string, string, boolean][])),
      ...(invoice.amountPaid === "0" && invoice.amountCredited === "0"
        ? []
        : ([["Amount due", money(outstandingOf(invoice), invoice), true]] as [string, string, boolean][])),
    ]);
    if (invoice.memo !== null) note(c, fonts, "NOTES", invoice.memo);
    const exemptions = invoice.taxes.filter((t) => t.exemptionReason != null);
    if (exemptions.length > 0)
      note(c, fonts, "TAX", exemptions.map((t) => `${t.category ?? ""} ${t.exemptionReason}`.trim()).join("\n"));
    paymentBlock(c, fonts, invoice, context);
    if (context.paymentUrl !== null) note(c, fonts, "VIEW AND PAY ONLINE", context.paymentUrl);
    if (options.facturX !== undefined && invoice.documentNumber !== null)
      await embedFacturX(doc, options.facturX.write(invoice, context, "cii"), {
        title: `Invoice ${number}`,
        author: issuerName(context),
        at: invoice.sentAt ?? invoice.updatedAt,
      });
    return doc.save();
  },
  async creditNotePdf(creditNote: CreditNote, invoice: Invoice, context: DocumentContext) {
    const number = creditNote.documentNumber ?? "Draft";
    const { doc, fonts } = await open(
      `Credit note ${number}`,
      `Credit note ${number} from ${issuerName(context)}`,
      context,
    );
    const c = new Cursor(doc, fonts, footerOf(context, `Credit note ${number}`));
    header(c, fonts, creditNote.status === "Draft" ? "DRAFT CREDIT NOTE" : "CREDIT NOTE", issuerName(context), [
      ["Credit note number", number],
      ["Issue date", creditNote.issuedAt?.toISOString().slice(0, 10) ?? "-"],
      ["For invoice", invoice.documentNumber ?? "-"],
    ]);
    parties(c, fonts, "CREDIT TO", invoice, context);
    const line = invoice.lines.find((l) => l.id === creditNote.invoiceLineItemId);
    if (line !== undefined) note(c, fonts, "FOR LINE", line.description);
    if (creditNote.reason !== null) note(c, fonts, "REASON", creditNote.reason);
    totalsBlock(c, fonts, [
      ["Invoice total", money(invoice.totalAmount, invoice), false],
      ["Credit", money(creditNote.amount, invoice), true],
      ...(creditNote.amountOwedBack === "0"
        ? []
        : ([["Owed back to you", money(creditNote.amountOwedBack, invoice), false]] as [string, string, boolean][])),
    ]);
    return doc.save();
  },
});
