// Folios, receipts and statements of account (issue 33 part 5): payments are not the total, and the currency is
// the one the total is printed in. Small written bills, one rule each.
import { extractFromText } from "@apar/core/extraction";
import test from "ava";

const read = (lines: string[]) => extractFromText(lines, "pdf-text").fields;

test("what is left to pay after a deposit is not the total: the total it was taken from is", (t) => {
  const folio = ["Hotel Miramar S.L.", "Factura 2211", "Habitación  3 noches  450.00", "Desayuno  50.00"];
  const left = (payment: string, balance: string) => [...folio, "Total  500.00", payment, balance];
  t.is(read(left("Deposit  200.00", "Balance due  300.00")).totalAmount, "500.00");
  t.is(read(left("Visa  -200.00", "Amount due  300.00")).totalAmount, "500.00");
  t.is(read(left("Anzahlung  200,00", "Offener Betrag  300,00")).totalAmount, "500.00");
  // With nothing paid on the page, the amount due is what the bill asks for.
  t.is(read([...folio, "Total  500.00", "Discount  200.00", "Amount due  300.00"]).totalAmount, "300.00");
});

test("a payment is named in each language's own words: what is left after it is not the total, and a tip is no payment", (t) => {
  const folio = ["Hotel Miramar", "Invoice 2211", "Room  3 nights  450,00", "Breakfast  50,00", "Total  500,00"];
  const paid: [payment: string, left: string][] = [
    ["Amex  200,00", "Amount due  300,00"],
    ["Girocard  200,00", "Zu zahlen  300,00"],
    ["Versement  200,00", "Reste à payer  300,00"],
    ["Betaling  200,00", "Te betalen  300,00"],
    ["Pagos  200,00", "Importe a pagar  300,00"],
    ["Pagamento  200,00", "Da pagare  300,00"],
    ["Wpłata  200,00", "Do zapłaty  300,00"],
  ];
  for (const [payment, left] of paid) {
    t.is(read([...folio, payment, left]).totalAmount, "500.00", payment);
    t.is(read([...folio, "Pourboire  200,00", left]).totalAmount, "300.00", left);
  }
});

test("the currency is the one the total is printed in, and a stray '$' does not outweigh it", (t) => {
  const print = [
    "Werkstatt Adler GmbH",
    "Rechnung 77",
    "Pos 1  $ 40,00",
    "Pos 2  $ 30,00",
    "Pos 3  $ 20,00",
    "Pos 4  $ 9,00",
    "Gesamtbetrag  EUR 119,00",
  ];
  t.is(read(print).currency, "EUR");
  const kuna = [
    "Hotel Lav d.o.o.",
    "Račun 5/2022",
    "Tečaj: 1 EUR = 7,5345 kn",
    "EUR 10,00 = 75,35 kn",
    "Total  1.250,00 kn",
  ];
  t.is(read(kuna).currency, "HRK");
});

test("utility bills: 'Current Charges' when the amount payable is nil after a credit, 'Net Payable Amt' under subtotals", (t) => {
  const sp = [
    "August 2025 Bill",
    "Total Amount Payable: $0.00",
    "Current Charges  Consumption Trend  Total",
    "Electricity Services  $45.60",
    "Gas Services  $14.93",
    "Water Services  $18.44",
    "GST",
    "$7.94",
    "Current Charges:",
    "$96.27",
    "(Inclusive of GST)",
  ];
  t.is(extractFromText(sp, "pdf-text").fields.totalAmount, "96.27");
  const tneb = [
    "TAMILNADU POWER DISTRIBUTION CORPORATION LIMITED",
    "Invoice No: L430250744706719 / Date: 26/07/2025",
    "Energy Charges  2716 0000  1570.40  1570.40",
    "Sub Total (a)  1570.40  1570.40",
    "Govt Subsidy  2716 0000  -757.29  -757.29",
    "Sub Total (b)  -757.29  -757.29",
    "Round off (g)  -0.11  -0.11",
    "Net Payable Amt  (a+b+c+d+e-f+g)  813.00  0.00  0.00  813.00",
  ];
  t.is(extractFromText(tneb, "pdf-text").fields.totalAmount, "813.00");
});

test("a sentence whose amounts add up is no VAT summary row; a payable total above a confirmed one by a charge printed outside the tax is the total", (t) => {
  // An Italian power bill explains its system charges in prose: 23.75 "of which" 22.50 and 1.25 is no bill.
  const prose = [
    "ENERGY BILL",
    "TOTAL TO PAY  164.55",
    "Charges  150.00",
    "Bonus  -30.00",
    "VAT  44.55",
    "SYSTEM CHARGES: In this bill the total of system charges is 23.75, of which 22.50 for renewables and 1.25 for other costs",
    "Total system charges  23.75",
  ];
  const read = extractFromText(prose, "pdf-text");
  t.not(read.fields.totalAmount, "23.75");
  t.false(read.fields.totalAmount !== "164.55" && (read.fieldConfidence.totalAmount ?? 0) >= 0.9);
  // The same three amounts in a summary's row, a label between them at most, still confirm the total.
  const row = ["Net 22.50  VAT 1.25  Gross 23.75", "Total  23.75"];
  t.is(extractFromText(row, "pdf-text").fields.totalAmount, "23.75");
  t.true((extractFromText(row, "pdf-text").fieldConfidence.totalAmount ?? 0) >= 0.9);
  // Subtotal + tax confirm the bill's 355.67; the TV licence outside VAT (18.00) makes the 373.67 to pay.
  const licence = [
    "Totale da pagare",
    "373,67€",
    "Totale imponibile  323,34",
    "Iva agevolata 10%  32,33",
    "Totale bolletta  355,67",
    "Canone di abbonamento alla televisione  18,00",
    "Totale  373,67",
  ];
  t.is(extractFromText(licence, "pdf-text").fields.totalAmount, "373.67");
  // No such charge printed: the confirmed total stands.
  const noCharge = [
    "Totale da pagare  373,67",
    "Totale imponibile  323,34",
    "Iva 10%  32,33",
    "Totale bolletta  355,67",
  ];
  t.is(extractFromText(noCharge, "pdf-text").fields.totalAmount, "355.67");
});
