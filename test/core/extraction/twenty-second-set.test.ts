// What a twenty-second held-out set (seventeen countries, read unseen once: issue 33) showed the reader lacked:
// Colombia's "Factura de venta" before its number, a Brazilian DANFE's total under its heading beside the IPI's,
// an Indonesian till's "No Trx", France's SIRET as the mark of a euro receipt and its tills' three-letter months, a
// card slip's "From: 02/21" and a till's "You were served by" taken for a seller, a till's date beside its time, and
// a Swiss table's "Betrag" column read as a total. Small synthetic pages in the shapes real ones print.
import type { TextBox } from "@apar/core/extraction";
import { extractFromText } from "@apar/core/extraction";
import test from "ava";
import { type Fields, fieldsOf, type Reader } from "../../helpers/reading.js";

// Each page, how it was read, and the field it must give.
const CASES: readonly { what: string; reader: Reader; lines: string[]; field: keyof Fields; want: string }[] = [
  {
    what: "Colombia's title before the number ('FACTURA DE VENTA  1731488')",
    reader: "pdf-text",
    lines: [
      "FECHA: 12/02/2020",
      "CLINICA DE OFTALMOLOGIA SANDIEGO S.A.",
      "NIT: 800051998-5",
      "FACTURA DE VENTA  1731488",
      "TOTAL FACTURA:  13.000,00",
    ],
    field: "invoiceNumber",
    want: "1731488",
  },
  {
    what: "Colombia's electronic invoice's title and 'No.'",
    reader: "pdf-text",
    lines: ["ACME S.A.S.", "FACTURA ELECTRÓNICA DE VENTA No. SETP990000002", "TOTAL:  13.000,00"],
    field: "invoiceNumber",
    want: "SETP990000002",
  },
  {
    what: "a DANFE's total of the note, under its heading beside the IPI's, over the total of its products",
    reader: "pdf-text",
    lines: [
      "DANFE",
      "TREND SOLUÇÕES PARA TECNOLOGIA DA INFORMAÇÃO LTDA.",
      "CÁLCULO DO IMPOSTO",
      "BASE DE CÁLCULO DO ICMS  VALOR DO ICMS  BASE DE CÁLCULO DO ICMS SUBSTITUIÇÃO  VALOR TOTAL DOS PRODUTOS",
      "0,00  0,00  0,00  169,49",
      "VALOR DO FRETE  VALOR DO SEGURO  DESCONTO  OUTRAS DESPESAS ACESSÓRIAS  VALOR DO IPI  VALOR TOTAL DA NOTA",
      "0,00  0,00  42,57  0,00  0,00  126,92",
      "TRANSPORTADOR/VOLUMES",
    ],
    field: "totalAmount",
    want: "126.92",
  },
  {
    what: "an Indonesian till's transaction number ('No Trx') as its receipt's number",
    reader: "ocr",
    lines: [
      "Cafe Bee",
      "Jl. Kemang Selatan I No.20",
      "Tanggal: 24-05-2023 16:45",
      "Kasir : Hafiz",
      "No Trx : JL/0022305241645/004",
      "Subtotal   172,500",
      "Total   193,875",
    ],
    field: "invoiceNumber",
    want: "JL/0022305241645/004",
  },
  {
    what: "France's SIRET marks a receipt that prints no currency as one in euros",
    reader: "ocr",
    lines: [
      "QUICK CRAN",
      "74960 CRAN",
      "SOUS-TOTAL   18.34",
      "TVA 5.5   1.01",
      "TOTAL   19.35",
      "Siret 40801025400022",
    ],
    field: "currency",
    want: "EUR",
  },
  {
    what: "a French till's three-letter month ('LUN 14 AOU 2017')",
    reader: "ocr",
    lines: ["CREPERIE BRETONNE", "83120 St MAXIME", "LUN 14 AOU 2017 13:53", "TOTAL   12.90"],
    field: "invoiceDate",
    want: "2017-08-14",
  },
  {
    what: "a till's date is the one printed with its time, not a period's start a statement prints above it",
    reader: "ocr",
    lines: [
      "TESCO",
      "TOTAL   £4.60",
      "CASH   £5.00",
      "Any points collected",
      "from 19/07/19 onwards will be",
      "allocated to your next statement.",
      "8/08/19 12:26 8095 074 9074 0269",
    ],
    field: "invoiceDate",
    want: "2019-08-08",
  },
  {
    what: "a till's server ('You were served by') and its software's credit ('Powered by') name no seller",
    reader: "ocr",
    lines: ["You were served by Veronika", "POESAKA BOENDA", "Total 418.210", "powered by Genius POS"],
    field: "supplierName",
    want: "POESAKA BOENDA",
  },
];

for (const c of CASES) test(c.what, (t) => t.is(fieldsOf(c.reader, ...c.lines)[c.field], c.want));

test("a card slip's 'From: 02/21 Expiry: 02/24' is a card's period, not the seller the label would name", (t) => {
  const read = fieldsOf(
    "ocr",
    "1 Cobble Yard",
    "Cambridge",
    "VAT REG No. GB 172 6705 02",
    "TOTAL DUE   8.85",
    "Debit Mastercard",
    "From: 02/21 Expiry: 02/24 PAN Seq No: 00",
    "Amount: £8.85",
  );
  t.not(read.supplierName, "02/21 Expiry: 02/24 PAN Seq No: 00");
});

// A Swiss hospital's scanned bill: a table whose heading has no description's word ("Datum ... Anzahl  Preis
// Betrag") over rows of services, and the bill's total under it.
const box = (text: string, x: number, y: number, width: number): TextBox => ({
  text,
  x,
  y,
  width,
  height: 27,
  page: 1,
});
const SWISS: TextBox[] = [
  box("Spital Papierberg", 400, 500, 300),
  box("Papierstrasse 5", 400, 540, 260),
  box("Datum", 345, 1154, 80),
  box("Tarif", 620, 1154, 70),
  box("Arzt", 1100, 1154, 60),
  box("Anzahl", 1450, 1154, 90),
  box("TP/AL/Preis", 1620, 1154, 160),
  box("Betrag", 1921, 1154, 80),
  box("10.02.2021", 345, 1244, 150),
  box("930", 620, 1244, 50),
  box("Dr. med. Meier M.", 1100, 1244, 250),
  box("1", 1480, 1244, 15),
  box("879.00", 1650, 1244, 100),
  box("897.00", 1952, 1244, 107),
  box("11.02.2021", 345, 1300, 150),
  box("930", 620, 1300, 50),
  box("Dr. med. Tanner L.", 1100, 1300, 250),
  box("3", 1480, 1300, 15),
  box("879.00", 1650, 1300, 100),
  box("2,637.00", 1930, 1300, 129),
  box("Total", 345, 1400, 81),
  box("3,534.00 CHF", 776, 1400, 200),
];

test("an amount column headed by quantity and price words ('Anzahl  Preis  Betrag') is a table's, not a total", (t) => {
  const lines = [
    "Spital Papierberg",
    "Papierstrasse 5",
    "Datum  Tarif  Arzt  Anzahl  TP/AL/Preis  Betrag",
    "10.02.2021  930  Dr. med. Meier M.  1  879.00  897.00",
    "11.02.2021  930  Dr. med. Tanner L.  3  879.00  2,637.00",
    "Total  3,534.00 CHF",
  ];
  const read = extractFromText(lines, "ocr", {}, SWISS).fields;
  t.is(read.totalAmount, "3534.00");
});
