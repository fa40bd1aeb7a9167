import type { SellerIdentity } from "@apar/core";
import type { StatementContext } from "@apar/core/ports";
import { PDFDocument, type PDFPage } from "pdf-lib";
import { embedFonts, type Fonts } from "./pdf-fonts.js";
import { drawLeft, drawRight, registerFonts, THEME, wrap } from "./pdf-layout.js";

// The blocks apar's documents are drawn from (invoices, credit notes, statements): a page cursor, the heading, the
// parties, totals and notes, in one theme.

/** Who a document is addressed to, as printed. */
export interface PrintedParty {
  readonly name: string;
  readonly address: string | null;
  readonly country: string | null;
  readonly email: string | null;
  readonly taxNumber?: string | null;
}

/** A page being filled top-down; `need` starts a new page when the next block would not fit. */
export class Cursor {
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

// Columns of the line table: left edges, and right edges for numbers.
export const COL = { description: 50, quantity: 330, unitPrice: 400, discount: 445, tax: 485, amount: 545 } as const;

export const header = (c: Cursor, fonts: Fonts, title: string, issuer: string, facts: readonly [string, string][]) => {
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
export const issuerName = (context: StatementContext) =>
  context.seller?.tradingName ?? context.seller?.legalName ?? context.organisation.name;

/** The seller's legal lines: name, address, country, registrations and contact. */
export const sellerLines = (s: SellerIdentity): string[] =>
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
export const footerOf = (context: StatementContext, what: string) =>
  [
    context.seller?.legalName ?? context.organisation.name,
    context.seller?.vatNumber == null ? null : `VAT ${context.seller.vatNumber}`,
    context.seller?.companyRegistrationId ?? null,
    what,
  ]
    .filter((x) => x !== null)
    .join(" - ");

/** The seller (left) and the customer (right), side by side. */
export const parties = (c: Cursor, fonts: Fonts, label: string, to: PrintedParty, context: StatementContext) => {
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
  party(c, fonts, label, to, THEME.width / 2);
  c.y = Math.min(c.y, bottom - 10);
};

export const party = (c: Cursor, fonts: Fonts, label: string, p: PrintedParty, x: number = THEME.margin) => {
  c.y -= 10;
  drawLeft(c.page, label, x, c.y, fonts.bold, 9, THEME.muted);
  c.y -= 15;
  const lines = [
    p.name,
    ...(p.address ?? "").split(/\r?\n/).filter((l) => l.trim() !== ""),
    p.country ?? "",
    p.email ?? "",
  ]
    .concat(p.taxNumber == null ? [] : [`Tax number: ${p.taxNumber}`])
    .filter((l) => l !== "");
  lines.forEach((line, i) => {
    drawLeft(c.page, line, x, c.y, i === 0 ? fonts.bold : fonts.regular, 10);
    c.y -= 14;
  });
  c.y -= 10;
};

// Totals: labels end well left of the amounts so that long figures never run into them.
export const TOTAL_LABEL_RIGHT = COL.amount - 120;

export const totalsBlock = (c: Cursor, fonts: Fonts, rows: readonly [string, string, boolean][]) => {
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

export const note = (c: Cursor, fonts: Fonts, label: string, text: string) => {
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

export const open = async (title: string, subject: string, context: StatementContext) => {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setSubject(subject);
  doc.setAuthor(issuerName(context));
  doc.setProducer("apar");
  doc.setCreator("apar");
  const fonts = registerFonts(await embedFonts(doc));
  return { doc, fonts };
};

/** A table's head: a shaded band with its column titles in bold, left- or right-aligned at their x. */
export const band = (c: Cursor, fonts: Fonts, cells: readonly (readonly [string, number, "left" | "right"])[]) => {
  c.need(40);
  c.page.drawRectangle({
    x: THEME.margin - 5,
    y: c.y - 6,
    width: THEME.width - 2 * THEME.margin + 10,
    height: 20,
    color: THEME.band,
  });
  for (const [text, x, align] of cells) (align === "left" ? drawLeft : drawRight)(c.page, text, x, c.y, fonts.bold, 9);
  c.y -= 24;
};
