import type { CreditNote, Invoice } from "@apar/core";
import { creditorReferenceFor, formatAmount, invoiceTermsText, outstandingOf } from "@apar/core";
import type { DocumentContext, EinvoiceWriter, InvoiceRenderer } from "@apar/core/ports";
import { embedFacturX } from "./factur-x.js";
import { band, COL, Cursor, footerOf, header, issuerName, note, open, parties, totalsBlock } from "./pdf-blocks.js";
import type { Fonts } from "./pdf-fonts.js";
import { drawLeft, drawRight, THEME, wrap } from "./pdf-layout.js";
import { statementPdf } from "./statement-pdf.js";

const money = (amount: string, invoice: Pick<Invoice, "currency">) =>
  `${formatAmount(amount, invoice.currency)} ${invoice.currency}`;

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
const lineTable = (c: Cursor, fonts: Fonts, invoice: Invoice) => {
  const head = () =>
    band(c, fonts, [
      ["Description", COL.description, "left"],
      ["Qty", COL.quantity, "right"],
      ["Unit price", COL.unitPrice, "right"],
      ["Disc.", COL.discount, "right"],
      ["Tax", COL.tax, "right"],
      ["Amount", COL.amount, "right"],
    ]);
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

export interface PdfRendererOptions {
  /** Writes the CII a numbered invoice's PDF embeds; absent, PDFs carry no XML. */
  readonly facturX?: EinvoiceWriter;
}

/**
 * Renders invoices, credit notes and customer statements as A4 PDFs in DejaVu Sans, subset per document, so that names in any
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
    parties(c, fonts, "BILL TO", invoice.customer, context);
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
    parties(c, fonts, "CREDIT TO", invoice.customer, context);
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
  statementPdf,
});
