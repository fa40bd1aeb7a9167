// What a twenty-fifth held-out set (nine countries, read unseen once: issue 33) showed the reader lacked: OCR's
// readings of currency signs ("S$iv", a Walmart store's "ST#"; "Rs", Brazil's "R$"; "HKS88.00", Hong Kong's "HK$"),
// an Indian electricity bill's numbered summary, whose total is what is paid before the due date, beside its meter
// readings; and cash less change in a currency without cents (rupiah). Small synthetic pages in the shapes real ones print.
import test from "ava";
import { type Fields, fieldsOf, type Reader } from "../../helpers/reading.js";

// A state electricity board's bill as its text layer reads: the summary's rows numbered, the meter's readings in the
// column before them.
const ELECTRICITY_BILL = [
  "AJMER VIDYUT VITRAN NIGAM LTD",
  "Electricity Consumption Bill(Consumer Copy)",
  "Note Name  AMAR CHAND  S.No  Details  Bill Amount (Rs.)",
  "10.  Total Nigam Dues(Sum of 1 to 9)  8531.41",
  "11.  Electricity Duty  301.20",
  "Current Meter No.  4943282  MF  1 /1  20.  Total Due Date Amount (Sum of 10 to 19)  9020.86",
  "Current Reading KWH  Previous Reading KWH  25.  Total Amount Before Due Date(SNO 20+21-22-23-24)  9021.00",
  "Current Reading KVAH  Previous Reading KVAH  26.  LPS  170.63",
  "Current Reading KVA  Previous Reading KVA  27.  Total Amount After Due Date(Sum of 25 and 26)  9191.00",
  "Bill Issue Date  01-05-2024  Due Date  22-05-2024",
];

// Each page, how it was read, and the field it must give.
const CASES: readonly { what: string; reader: Reader; lines: string[]; field: keyof Fields; want: string | null }[] = [
  {
    what: "a sign of letters and '$' glued to more letters is no currency: 'S$iv 1586', OCR's 'ST# 1586'",
    reader: "ocr",
    lines: [
      "WALMART",
      "( 717 ) 691 - 3150",
      "S$iv 1586 OP8 00004667 TEE 61 TR 4",
      "MBOX  002724263727  68.42 X",
      "SUBTOTAL  68.42",
      "TAX 1  6.000 %  4.11",
      "TOTAL  72.53",
      "VISA TEND  72.53",
      "07/31/06  11:25:39",
    ],
    field: "currency",
    want: null,
  },
  {
    what: "'Rs' on a page in Portuguese is OCR's reading of Brazil's 'R$', no rupee",
    reader: "ocr",
    lines: [
      "COMPANHIA ZAFFARI COMERCIO E INDUSTRIA",
      "QTD. TOTAL DE ITENS  11",
      "VALOR A PAGAR Rs 84.52",
      "Cartao Credito  84.52",
      "Consulte pela Chave de Acesso em",
      "NFC-e 316588 Serie 123 Emissao 25/01/2021 19:28:17",
      "Trib aprox Rs 1.98 Federal, Rs 7.34 Estadual",
    ],
    field: "currency",
    want: "BRL",
  },
  {
    what: "'Rs' on a page in English stays the rupee",
    reader: "ocr",
    lines: ["SHARMA TRADERS", "Bill No. 42", "TOTAL  Rs 84.52", "Thank you for your visit"],
    field: "currency",
    want: "INR",
  },
  {
    what: "'Rs' on a page in Portuguese that prints the rupee's own sign '₹' stays the rupee",
    reader: "ocr",
    lines: [
      "LOJA INDIANA DE ESPECIARIAS",
      "Pagamento em dinheiro, obrigado pela preferencia",
      "Total a pagar Rs 84.52",
      "Valor em rupias ₹ 84.52",
      "Emissao 25/01/2021",
    ],
    field: "currency",
    want: "INR",
  },
  {
    what: "'HKS' against an amount is OCR's reading of 'HK$'",
    reader: "ocr",
    lines: [
      "Milligram",
      "Coffee",
      "Toast  HKS88.00",
      "Ice latte  HKS50.00",
      "Total  HKS331.00",
      "Octopus  HKS331.00",
      "22/6/2024, 1.37PM",
    ],
    field: "currency",
    want: "HKD",
  },
  {
    what: "an electricity bill's total is what is paid before the due date, not the late amount after it",
    reader: "pdf-text",
    lines: ELECTRICITY_BILL,
    field: "totalAmount",
    want: "9021.00",
  },
  {
    what: "'Total Amount Before Due Date' is no amount before tax",
    reader: "pdf-text",
    lines: ELECTRICITY_BILL,
    field: "subTotal",
    want: null,
  },
  {
    what: "'Total before tax' still is",
    reader: "pdf-text",
    lines: ["ACME LTD", "Invoice No. 7", "Total before tax  100.00", "VAT 20%  20.00", "Total  120.00"],
    field: "subTotal",
    want: "100.00",
  },
  {
    what: "a 'Previous' in the column before a numbered row qualifies nothing of the row's total",
    reader: "pdf-text",
    lines: ["ACME POWER LTD", "Bill Amount (Rs.)", "Previous Reading KWH  25.  Total Amount  9021.00"],
    field: "totalAmount",
    want: "9021.00",
  },
  {
    what: "a previous balance is still no total",
    reader: "pdf-text",
    lines: ["ACME POWER LTD", "Previous balance  12.00", "Total  50.00"],
    field: "totalAmount",
    want: "50.00",
  },
  {
    what: "cash less change in a currency without cents: what an Indonesian minimarket's receipt was paid",
    reader: "ocr",
    lines: [
      "ALFAMART ARTHA GADING",
      "PT.SUMBER ALFARIA TRIJAYA,TBK",
      "Bon JA19-789-17015H94 KaSir:MARDIYAN",
      "MARLBORO LGT 20  144,900  44,900",
      "Total Item  44,900",
      "Tunai  44,900",
      "Kembal ian  0",
      "Tgl.17-01-2024 15:31:44",
    ],
    field: "totalAmount",
    want: "44900",
  },
  {
    what: "yen handed over with the change's label lost is no total",
    reader: "ocr",
    lines: ["食生活", "外税  8.00%  ￥148", "現金  ￥5,000", "￥3,000"],
    field: "totalAmount",
    want: null,
  },
  {
    what: "a count after 'Cash' is no money",
    reader: "ocr",
    lines: ["CORNER SHOP", "Cash  3", "Change  0"],
    field: "totalAmount",
    want: null,
  },
];

for (const c of CASES) test(c.what, (t) => t.is(fieldsOf(c.reader, ...c.lines)[c.field], c.want));
