// What a twenty-third held-out set (fourteen countries, read unseen once: issue 33) showed the reader lacked: a
// fapiao's seller named on the line its margin heading opens and its "No" of eight digits, the firm an Indian
// invoice's signature is for ("For MEHTA MARKETING"), a Swiss till's city where no currency is printed, a French till's item count in the column before "TOTAL A PAYER", a speck read as a full stop inside a
// label, a US receipt's "NAME - CITY, ST ZIP" head, and "NIS" glued to digits read as the shekel. Small synthetic
// pages in the shapes real ones print.
import test from "ava";
import { type Fields, fieldsOf, type Reader } from "../../helpers/reading.js";

// A fapiao as a phone photo reads: the buyer's label lost to the margin, the seller's heading on its name's line.
const FAPIAO = [
  "深圳增值税普通发票",
  "044031800104  No 41108527 044031800104",
  "开票日期 2019年03月19日",
  "购 6  称",
  "深圳市华云中盛科技有限公司  9911>87602/*>>9656<72<6*135",
  "纳税人识别号  91440300708436854B",
  "货物或应税劳务、服务名称  规格型号  单位  数量  单价  金  额  税率  税",
  "*焙烤食品*泡吧夹心软面包  袋  96.724137931  96.72 16%  15.48",
  "价税合计（大写）  壹佰壹拾贰圆贰角整  （小写） ¥112.20",
  "销 名  称：  深圳市南山区江南百货商场  山区江",
  "du  纳税人识别号  92440300L08175019R",
];

// Each page, how it was read, and the field it must give.
const CASES: readonly { what: string; reader: Reader; lines: string[]; field: keyof Fields; want: string | null }[] = [
  {
    what: "a fapiao's seller: the name on the line its heading '销' opens, though the buyer's label was not read",
    reader: "ocr",
    lines: FAPIAO,
    field: "supplierName",
    want: "深圳市南山区江南百货商场",
  },
  {
    what: "a fapiao's number: 'No' and eight digits beside the form's code",
    reader: "ocr",
    lines: FAPIAO,
    field: "invoiceNumber",
    want: "41108527",
  },
  {
    what: "the firm an Indian invoice's signature is for, over the addressee printed beside it ('M/s RAJ STORES')",
    reader: "ocr",
    lines: [
      "IMEHTA MARKETING                                       M/s RAJ STORES",
      "AADINATH CITY ,KARAMADI ROAD RATLAM       CHANDANI CHOWK, RATLAM",
      "GSTIN : 23AGKPJ9334Q1ZS MOBILE NO.:9755559139          CREDIT",
      "DETTOL 42GM SKC            7.85   627.74     718.51",
      "     ROUND OFF                                        0.10",
      "      GRAND TOTAL               1957.00",
      "Terms & Conditions                                  SCAN & PAY",
      "Bills not cleared within 21 days will attract 24% interest.",
      "HONE  Bank :- AXIS BANK                                             For MEHTA MARKETING",
    ],
    field: "supplierName",
    want: "IMEHTA MARKETING",
  },
  {
    what: "the firm an Indian invoice's signature is for ('For -KALP ANA SALES AGENCIES'), as OCR split its name",
    reader: "ocr",
    lines: [
      "KALPANA SALES AGENCIES 23-25                    TAX - INVOICE",
      "17,HAMID MARKET, FREEGANJ ROAD, RATLAM",
      " Party          - RAJ STORES                    Bill No.         : 9163",
      "| Address          « TRIPOLIYA ROAD, RATLAM     Date             + 08-01-2025",
      "GSTN         : 23AQNPA9182G1ZS",
      "|                               Grand Total     870.00",
      "co       one       Food Licence No.21419810000222         For -KALP ANA SALES AGENCIES 23-25        {",
    ],
    field: "supplierName",
    want: "KALPANA SALES AGENCIES 23-25",
  },
  {
    what: "a Swiss till's city where the page prints no currency: the franc, as a guess",
    reader: "ocr",
    lines: [
      "COOP SUPERMARKT",
      "Forchstrasse 120",
      "8032 Zuerich",
      "Brot Vollkorn   3.20",
      "TOTAL   19.50",
      "Barzahlung",
    ],
    field: "currency",
    want: "CHF",
  },
  {
    what: "a French till's item count in the column before 'TOTAL A PAYER' qualifies no total",
    reader: "ocr",
    lines: [
      "Carrefour",
      "Total Non Alimentaire          1,39",
      "13 ARTICLES     TOTAL AVANT REMISES     33,09",
      "TOTAL DES AVANTAGES DU JOUR              14,18-",
      "3 ARTICLES     TOTAL A PAYER           18,91",
    ],
    field: "totalAmount",
    want: "18.91",
  },
  {
    what: "a speck OCR read as a full stop between a label's words ('TOTAL. A PAYER')",
    reader: "ocr",
    lines: ["Carrefour", "TOTAL. A PAYER           18,91", "Total Alimentaire     17,62", "CB EMV     18,91"],
    field: "totalAmount",
    want: "18.91",
  },
  {
    what: "a US receipt's head, 'NAME - CITY, ST ZIP': the name before the dash",
    reader: "ocr",
    lines: [
      "WHOLE FOODS MARKET - WESTPORT, CT 06880",
      "399 POST RD WEST - (203) 227-6858",
      "365 BACON LS NP   4.99 F",
      "FLOUR ALMOND NP  11.99 F",
      "TAX   .00   BAL      16.98",
    ],
    field: "supplierName",
    want: "WHOLE FOODS MARKET",
  },
];

for (const c of CASES) test(c.what, (t) => t.is(fieldsOf(c.reader, ...c.lines)[c.field], c.want));

test("'NIS' glued to digits ('NIS7721', OCR's reading of a registration number) is no shekel", (t) => {
  const read = fieldsOf(
    "ocr",
    "Example Company fH                           Bf:                202518 25 BH",
    "HREES:          20250125-001",
    "OfE4#: NIS7721",
    "Service Foo      11 1@       100,000       1,100,000",
    "2,400,000 3 240,000 [3 2,640,000 FM",
  );
  t.not(read.currency, "ILS");
});

test("a notice in capitals after 'FOR' is no signature ('FOR FEEDBACK OR COMPLAINT, PLEASE CALL:')", (t) => {
  const read = fieldsOf(
    "ocr",
    "THANK YOU. PLEASE COME AGAIN.",
    "FOR FEEDBACK OR COMPLAINT, PLEASE CALL:",
    "011-3194 0284",
    "SEGI CASH & CARRY SDN.BHD",
    "(317041-W)",
    "40150 SHAH ALAM,",
    "TOTAL INCL. GST:RM  12.60",
    "FOR FEEDBACK OR COMPLAINT, PLEASE CALL:",
  );
  t.is(read.supplierName, "SEGI CASH & CARRY SDN.BHD");
});
