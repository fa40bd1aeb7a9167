import type { CustomerStatement, StatementCurrency, StatementLineType } from "@apar/core";
import type { StatementContext } from "@apar/core/ports";
import { band, Cursor, footerOf, header, issuerName, note, open, parties, totalsBlock } from "./pdf-blocks.js";
import type { Fonts } from "./pdf-fonts.js";
import { drawLeft, drawRight, THEME } from "./pdf-layout.js";

// Columns of a statement's lines: left edges for text, right edges for amounts.
const COL = { date: 50, type: 112, document: 185, due: 330, amount: 465, balance: 545 } as const;

/** How a line's type reads on paper. */
const TYPE_WORDS: Readonly<Record<StatementLineType, string>> = {
  Invoice: "Invoice",
  CreditNote: "Credit note",
  Payment: "Payment",
  Void: "Withdrawn",
};

const rule = (c: Cursor) =>
  c.page.drawLine({
    start: { x: THEME.margin, y: c.y + 8 },
    end: { x: THEME.width - THEME.margin, y: c.y + 8 },
    thickness: 0.5,
    color: THEME.rule,
  });

/** One currency: opening balance, its lines with the running balance, closing balance, then what was late. */
const currencySection = (c: Cursor, fonts: Fonts, part: StatementCurrency, from: string, to: string) => {
  const money = (amount: string) => `${amount} ${part.currency}`;
  const head = () =>
    band(c, fonts, [
      ["Date", COL.date, "left"],
      ["Type", COL.type, "left"],
      ["Document", COL.document, "left"],
      ["Due", COL.due, "left"],
      [`Amount ${part.currency}`, COL.amount, "right"],
      ["Balance", COL.balance, "right"],
    ]);
  head();
  const row = (date: string, type: string, document: string, due: string, amount: string, balance: string) => {
    if (c.y < THEME.margin + 40) {
      c.need(1000);
      head();
    }
    drawLeft(c.page, date, COL.date, c.y, fonts.regular, 9);
    drawLeft(c.page, type, COL.type, c.y, fonts.regular, 9);
    drawLeft(c.page, document, COL.document, c.y, fonts.regular, 9);
    drawLeft(c.page, due, COL.due, c.y, fonts.regular, 9);
    drawRight(c.page, amount, COL.amount, c.y, fonts.regular, 9);
    drawRight(c.page, balance, COL.balance, c.y, fonts.bold, 9);
    c.y -= 16;
    rule(c);
  };
  row(from, "Opening balance", "", "", "", part.openingBalance);
  for (const line of part.lines) {
    const document =
      line.type === "Invoice"
        ? (line.documentNumber ?? "")
        : [line.documentNumber, line.invoiceNumber === null ? null : `for ${line.invoiceNumber}`]
            .filter((x) => x !== null)
            .join(" ");
    row(line.date, TYPE_WORDS[line.type], document, line.dueDate ?? "", line.amount, line.balance);
  }
  row(to, "Closing balance", "", "", "", part.closingBalance);
  totalsBlock(c, fonts, [
    ["Not yet due", money(part.aging.current), false],
    ["1-30 days overdue", money(part.aging.days1To30), false],
    ["31-60 days overdue", money(part.aging.days31To60), false],
    ["61-90 days overdue", money(part.aging.days61To90), false],
    ["Over 90 days overdue", money(part.aging.over90), false],
    ["Overdue", money(part.overdue), true],
    ["Balance", money(part.closingBalance), true],
  ]);
};

/**
 * A customer's statement as an A4 PDF in the invoices' theme: who sends it and to whom, then per currency the
 * opening balance, every line with the running balance, the closing balance and what was overdue at the end.
 */
export const statementPdf = async (statement: CustomerStatement, context: StatementContext): Promise<Uint8Array> => {
  const title = `Statement ${statement.from} to ${statement.to}`;
  const { doc, fonts } = await open(title, `${title} for ${statement.customer.name}`, context);
  const c = new Cursor(doc, fonts, footerOf(context, `Statement for ${statement.customer.name} to ${statement.to}`));
  header(c, fonts, "STATEMENT", issuerName(context), [
    ["From", statement.from],
    ["To", statement.to],
  ]);
  parties(c, fonts, "STATEMENT FOR", statement.customer, context);
  if (statement.currencies.length === 0) note(c, fonts, "NOTHING IN THIS PERIOD", "No invoices, credits or payments.");
  for (const part of statement.currencies) currencySection(c, fonts, part, statement.from, statement.to);
  return doc.save();
};
