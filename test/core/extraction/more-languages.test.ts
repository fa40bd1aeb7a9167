// Czech and Portuguese bills (issue 33): their labels, legal forms and currency signs, and the layout rules they
// needed. Small synthetic pages written for these tests, in the shapes real ones print.
import { extractFromText, type TextBox } from "@apar/core/extraction";
import test from "ava";

test("a Czech invoice: the supplier under 'DODAVATEL:' beside another heading, 'Číslo:', its dates and 'Částka k úhradě'", (t) => {
  const lines = [
    "Faktura - daňový doklad          Číslo:   FV-7/2024",
    "Datum vystavení:   03.05.2024          Datum splatnosti:   17.05.2024",
    "DODAVATEL:                     DODACÍ ADRESA:",
    "Strojírna Vysočina s.r.o.      Sklad Pelhřimov",
    "Průmyslová 12                  Skladová 4",
    "586 01 Jihlava                 393 01 Pelhřimov",
    "IČ:   27361492",
    "DIČ:  CZ27361492",
    "ODBĚRATEL:",
    "Pekárna U Mostu a.s.",
    "Mostní 8, 602 00 Brno",
    "Kód   Popis               Množství   Cena",
    "001   Hnětač těsta 40 l   1 ks       4 000,00",
    "Celkem bez DPH          4 000,00 Kč",
    "DPH 21 %                  840,00 Kč",
    "Částka k úhradě         4 840,00 Kč",
  ];
  const e = extractFromText(lines, "pdf-text");
  t.is(e.fields.supplierName, "Strojírna Vysočina s.r.o.");
  t.is(e.fields.invoiceNumber, "FV-7/2024");
  t.is(e.fields.invoiceDate, "2024-05-03");
  t.is(e.fields.dueDate, "2024-05-17");
  t.is(e.fields.totalAmount, "4840.00");
  t.is(e.fields.currency, "CZK");
});

test("a Czech invoice with its parties as column headings: the seller's name, never its tax number's label", (t) => {
  const lines = [
    "Faktura 20240031",
    "DODAVATEL                  ODBĚRATEL",
    "Tiskárna Lipka s.r.o.      Kavárna Na Rohu s.r.o.",
    "Lipová 7                   Nádražní 21",
    "301 00 Plzeň               110 00 Praha",
    "IČ   45123987              IČ   28897501",
    "DIČ  CZ45123987            DIČ  CZ28897501",
    "Datum vystavení   12. 03. 2024",
    "Celkem k úhradě   2 420,00 Kč",
  ];
  const e = extractFromText(lines, "pdf-text");
  t.is(e.fields.supplierName, "Tiskárna Lipka s.r.o.");
  t.is(e.fields.totalAmount, "2420.00");
});

test("a Brazilian DANFE: the issuer under 'EMITENTE', its 'Ltda', the total in reais", (t) => {
  const lines = [
    "DANFE SIMPLIFICADO",
    "DATA DE EMISSÃO   14/08/2023",
    "EMITENTE",
    "Ferragens Serra Azul Ltda",
    "CNPJ 12345678000190",
    "DESTINATÁRIO",
    "Construtora Horizonte S.A.",
    "Rua das Acácias, 55 - Campinas / SP",
    "VALOR TOTAL DA NOTA   R$ 1.250,40",
    "Valor aproximado dos tributos: R$ 310,00",
  ];
  const e = extractFromText(lines, "pdf-text");
  t.is(e.fields.supplierName, "Ferragens Serra Azul Ltda");
  t.is(e.fields.invoiceDate, "2023-08-14");
  t.is(e.fields.totalAmount, "1250.40");
  t.is(e.fields.currency, "BRL");
});

test("a Portuguese invoice: 'Data de emissão', 'Total a pagar', the street no name", (t) => {
  const lines = [
    "Oficina Tejo, Lda.                         FATURA",
    "Rua do Alecrim 40, 1200-018 Lisboa",
    "Fatura n.º 2024/118",
    "Data de emissão: 02/02/2024",
    "Cliente: Padaria Central",
    "Subtotal      200,00 €",
    "IVA 23%        46,00 €",
    "Total a pagar 246,00 €",
  ];
  const e = extractFromText(lines, "pdf-text");
  t.is(e.fields.supplierName, "Oficina Tejo, Lda.");
  t.is(e.fields.invoiceNumber, "2024/118");
  t.is(e.fields.invoiceDate, "2024-02-02");
  t.is(e.fields.totalAmount, "246.00");
});

test("'Número:' alone before its colon numbers a Spanish, Portuguese or Italian invoice; with more words it does not", (t) => {
  for (const [title, label] of [
    ["FACTURA", "NÚMERO"],
    ["FATURA", "Número"],
    ["Fattura", "Numero"],
  ]) {
    const e = extractFromText([`CONTOSO LTD.  ${title}`, `28001  ${label}: ABC12345`, "Total  110,00"], "ocr");
    t.is(e.fields.invoiceNumber, "ABC12345", title);
  }
  const client = extractFromText(["CONTOSO LTD.  FACTURA", "Número de cliente: C0001", "Total  110,00"], "ocr");
  t.not(client.fields.invoiceNumber, "C0001");
});

test("'EURO' printed after the amounts names the currency", (t) => {
  const lines = [
    "Holzbau Kramer GmbH",
    "Rechnungsnummer   AD-5521",
    "Rechnungsdatum    01.02.2024",
    "Zwischensumme     310,00 EURO",
    "Steuer              0,00 EURO",
    "Rechnungsbetrag   310,00 EURO",
  ];
  const e = extractFromText(lines, "ocr");
  t.is(e.fields.currency, "EUR");
  t.is(e.fields.totalAmount, "310.00");
  // A till's column gap between the word and the amount.
  const till = extractFromText(["Markt am Weg", "BROT  0,99", "WEIN  6,48", "ZU ZAHLEN EURO    7,47"], "ocr");
  t.is(till.fields.currency, "EUR");
});

// A run of text at (x, y) in points, 10 high, 5 wide a character.
const box = (text: string, x: number, y: number): TextBox => ({
  text,
  x,
  y,
  width: 5 * text.length,
  height: 10,
  page: 1,
});

test("a label heading a column of amounts by tax rate labels none of them: the rows' own labels decide", (t) => {
  const rows: [string, number][] = [
    ["Částky v CZK  Bez DPH  DPH  Celkem s DPH", 300],
    ["Základní sazba 21%  60 500,00  12 705,00  73 205,00", 315],
    ["Snížená sazba 15%  2 500,00  375,00  2 875,00", 330],
    ["Celkem  63 000,00  13 080,00  76 080,00", 345],
    ["Částka k úhradě v CZK  76 080,00", 375],
  ];
  const columns = [50, 250, 350, 450];
  const boxes = [
    box("Strojírna Vysočina s.r.o.", 50, 40),
    ...rows.flatMap(([line, y]) =>
      line.split("  ").map((cell, k) => box(cell, k === 1 && line.startsWith("Částka k") ? 450 : (columns[k] ?? 0), y)),
    ),
  ];
  const lines = ["Strojírna Vysočina s.r.o.", ...rows.map(([line]) => line)];
  const e = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(e.fields.totalAmount, "76080.00");
  t.is(e.fields.taxAmount, "13080.00");
});
