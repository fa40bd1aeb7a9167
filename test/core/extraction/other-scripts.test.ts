// Bills in scripts other than the Latin one (issue 33): Japanese, Korean, Chinese, Vietnamese, Hebrew and
// Ukrainian vocabularies, labels glued to the text before them, dates with 年月日, whole-yen and whole-won amounts
// as OCR reads them, and the currency of a page that prints none from the one country its language is written in.
// Small synthetic pages in the shapes real ones print (tesseract's jpn/kor/heb/ukr/vie and PaddleOCR's readings).
import { detectLanguage, extractFromText, findDate, ocrLanguagesOf, scriptLanguageOf } from "@apar/core/extraction";
import test from "ava";

test("a Japanese receipt: 合計 with the yen as OCR reads it ('\\5779', '¥5, 104'), 2021年07月19日, the seller's name", (t) => {
  const lines = [
    "株式会社 ハシモトタカシ",
    "ハシモトタカシ 汐留店",
    "領収書",
    "2021年07月19日 11:22",
    "午前の紅茶     149",
    "フルグラノーラ  2248",
    "小計       5779",
    "合計     \\5779",
    "交通系QR残高 \\3434",
  ];
  const { fields } = extractFromText(lines, "ocr");
  t.is(fields.totalAmount, "5779");
  t.is(fields.currency, "JPY");
  t.is(fields.invoiceDate, "2021-07-19");
  t.is(fields.supplierName, "株式会社 ハシモトタカシ");
  const split = ["スーパーマーケット", "2022年01月25日", "豚こま切れ   ¥690", "小計   ¥4,727", "合計   ¥5, 104"];
  t.is(extractFromText(split, "ocr").fields.totalAmount, "5104");
});

test("a label glued to the word before it counts in Japanese ('お買上合計'), and OCR's space inside one ('合 計')", (t) => {
  t.is(
    extractFromText(["ローソン", "お買上合計 ¥1,234", "お預り ¥2,000", "お釣り ¥766"], "ocr").fields.totalAmount,
    "1234",
  );
  t.is(
    extractFromText(["ローソン", "おにぎり  ¥180", "合 計  ¥4.500", "お預り  ¥5,000"], "ocr").fields.totalAmount,
    "4500",
  );
});

test("a Korean receipt: 총합계 with OCR's space after the thousands mark, the won guessed from the language", (t) => {
  const lines = [
    "판매일자: [2020-02-14] 15:57:49",
    "[상품명] [단가] [수량] [금액]",
    "삼소천맥           2,000 1 2,000",
    "부가세: 1,245",
    "총합계            13. 700",
  ];
  const read = extractFromText(lines, "ocr");
  t.is(read.fields.totalAmount, "13700");
  t.is(read.fields.invoiceDate, "2020-02-14");
  t.is(read.fields.currency, "KRW");
  t.true((read.fieldConfidence.currency ?? 1) < 0.9);
});

test("a Chinese VAT invoice: fullwidth colons, 发票号码 (not 发票代码), 开票日期, 价税合计 over the net 合计", (t) => {
  const lines = [
    "湖北增值税电子普通发票",
    "发票代码：042001700112",
    "发票号码：07007198",
    "开票日期：2018年03月23日",
    "合计  ¥286.23  ¥8.59",
    "价税合计（大写）  贰佰玖拾肆元捌角贰分  （小写）¥294.82",
  ];
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.invoiceNumber, "07007198");
  t.is(fields.invoiceDate, "2018-03-23");
  t.is(fields.totalAmount, "294.82");
  t.is(fields.currency, "CNY");
});

test("an order's number ('订单号') is no slip's ('单号'): a Chinese page with only the order's names no invoice number", (t) => {
  const order = ["京东商城 购物清单", "名  称: 天津京东达业贸易有限公司  订单号:100068586537", "合计  ¥286.23"];
  t.is(extractFromText(order, "pdf-text").fields.invoiceNumber, null);
  t.is(
    extractFromText(["快递 收据", "单号:SF0252200797031", "合计  ¥23.00"], "pdf-text").fields.invoiceNumber,
    "SF0252200797031",
  );
});

test("Vietnamese, Hebrew and Ukrainian receipts: their total labels, and the currency of their language's country", (t) => {
  const vi = extractFromText(
    ["Quán Hai Lý", "Ngày: 11/08/2020", "Cà phê sữa   2   30.000", "Tổng cộng:  90.000"],
    "ocr",
  );
  t.is(vi.fields.totalAmount, "90000");
  t.is(vi.fields.currency, "VND");
  const he = extractFromText(
    ['מרב מזון כל בע"מ', "תאריך קניה: 02/10/2024", 'סכום לפני מע"מ:92.62 מע"מ:13.38', "לתשלום :106.00"],
    "ocr",
  );
  t.is(he.fields.totalAmount, "106.00");
  t.is(he.fields.currency, "ILS");
  const uk = extractFromText(
    ['ТОВ "Сільпо-Фуд"', "Каса N 2", "Хліб житній   29.99", "СУМА  64.98", "ПДВ 20.00%  10.83"],
    "ocr",
  );
  t.is(uk.fields.totalAmount, "64.98");
  t.is(uk.fields.currency, "UAH");
});

test("a page's language from its script only when the page is written in it; dates with 年月日 and 년월일", (t) => {
  t.is(detectLanguage("お買上合計 ¥1,234 お預り ¥2,000"), "ja");
  t.is(detectLanguage("총합계 13,700 부가세 1,245"), "ko");
  t.is(detectLanguage('מרב מזון כל בע"מ לתשלום 106.00'), "he");
  // A shop's name in Chinese on an English receipt leaves it English.
  t.is(
    detectLanguage("GOLDEN DRAGON 金龙酒家\nThank you for dining with us\nTotal amount due 45.00\nCash 50.00"),
    "en",
  );
  t.is(findDate("2021年7月19日(月)")?.date, "2021-07-19");
  t.is(findDate("2021년 7월 19일")?.date, "2021-07-19");
});

test("a bank's name in Chinese, Japanese or Korean is never the supplier's", (t) => {
  const lines = ["玉山银行ESUNBANK", "LUNA PLAZA", "交易日期 2020/11/22", "合計 NT$3,689"];
  t.not(extractFromText(lines, "ocr").fields.supplierName, "玉山银行ESUNBANK");
});

test("Vietnamese street words count with their marks only: OCR's 'QUAN AN' opens an eatery's name", (t) => {
  const lines = ["QUAN AN THIEN TAN", "Hóa đơn thanh toán", "Cơm gà    2   90.000", "Tổng cộng:  90.000"];
  t.is(extractFromText(lines, "ocr").fields.supplierName, "QUAN AN THIEN TAN");
});

test("the OCR languages of a language, and the language a script's OCR language reads (Latin scripts' none)", (t) => {
  t.deepEqual(ocrLanguagesOf("zh"), ["chi_sim", "chi_tra"]);
  t.deepEqual(ocrLanguagesOf("de"), ["deu"]);
  t.is(scriptLanguageOf("chi_tra"), "zh");
  t.is(scriptLanguageOf("jpn"), "ja");
  t.is(scriptLanguageOf("deu"), undefined);
  t.is(scriptLanguageOf("vie"), undefined);
});

test("a Russian invoice: 'Счёт на оплату №', 'Всего к оплате' over 'В том числе НДС', 'от 5 марта 2024 г.', the seller", (t) => {
  const lines = [
    'ООО "Ромашка"',
    "ИНН 7701234567  КПП 770101001",
    "Счёт на оплату № 118 от 5 марта 2024 г.",
    'Покупатель: ООО "Василёк", ИНН 7809876543',
    "Наименование            Кол-во   Цена       Сумма",
    "Консультационные услуги  1       10 000,00  10 000,00",
    "Итого:  10 000,00",
    "В том числе НДС (20%):  1 666,67",
    "Всего к оплате:  10 000,00 руб.",
  ];
  t.is(detectLanguage(lines.join("\n")), "ru");
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.totalAmount, "10000.00");
  t.is(fields.taxAmount, "1666.67");
  t.is(fields.invoiceNumber, "118");
  t.is(fields.invoiceDate, "2024-03-05");
  t.is(fields.currency, "RUB");
  t.is(fields.supplierName, 'ООО "Ромашка"');
});

test("a Bulgarian invoice: 'Фактура №', 'Данъчна основа', 'ДДС', 'Сума за плащане' in leva, 'Получател' the buyer", (t) => {
  const lines = [
    'Доставчик: "Арго" ЕООД',
    "ЕИК 123456789",
    "Фактура № 0000000412",
    "Дата на издаване: 14.02.2024",
    'Получател: "Бета" ООД',
    "Данъчна основа:  100,00 лв.",
    "ДДС 20%:  20,00 лв.",
    "Сума за плащане:  120,00 лв.",
  ];
  t.is(detectLanguage(lines.join("\n")), "bg");
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.totalAmount, "120.00");
  t.is(fields.taxAmount, "20.00");
  t.is(fields.invoiceNumber, "0000000412");
  t.is(fields.invoiceDate, "2024-02-14");
  t.is(fields.currency, "BGN");
  t.is(fields.supplierName, '"Арго" ЕООД');
});

test("a Greek invoice: 'ΤΙΜΟΛΟΓΙΟ', 'Αρ. Τιμολογίου', 'Ημερομηνία', 'ΦΠΑ', 'ΣΥΝΟΛΟ ΠΛΗΡΩΤΕΟ', a date with its month's name", (t) => {
  const lines = [
    "ΠΑΠΑΔΟΠΟΥΛΟΣ Α.Ε.",
    "ΑΦΜ: 094012345  ΔΟΥ: ΦΑΕ ΑΘΗΝΩΝ",
    "ΤΙΜΟΛΟΓΙΟ ΠΩΛΗΣΗΣ",
    "Αρ. Τιμολογίου: 2024-117",
    "Ημερομηνία: 15 Μαρτίου 2024",
    "Πελάτης: ΓΕΩΡΓΙΟΥ ΟΕ",
    "Καθαρή αξία  739,56",
    "ΦΠΑ 13%  96,14",
    "ΣΥΝΟΛΟ ΠΛΗΡΩΤΕΟ  835,70 €",
  ];
  t.is(detectLanguage(lines.join("\n")), "el");
  const { fields } = extractFromText(lines, "pdf-text");
  t.is(fields.totalAmount, "835.70");
  t.is(fields.taxAmount, "96.14");
  t.is(fields.invoiceNumber, "2024-117");
  t.is(fields.invoiceDate, "2024-03-15");
  t.is(fields.currency, "EUR");
  t.is(fields.supplierName, "ΠΑΠΑΔΟΠΟΥΛΟΣ Α.Ε.");
  t.deepEqual(ocrLanguagesOf("el"), ["ell"]);
  t.is(scriptLanguageOf("ell"), "el");
});

test("Greek legal forms mark a company's name: 'Α.Ε.Ε.', 'ΕΠΕ', 'Ι.Κ.Ε.' under a shop's sign or a receipt's title", (t) => {
  const cases: [string[], string][] = [
    [["ΣΚΛΑΒΕΝΙΤΗΣ", "Ι. & Σ. ΣΚΛΑΒΕΝΙΤΗΣ Α.Ε.Ε.", "ΑΦΜ: 094012345", "ΣΥΝΟΛΟ  12,40 €"], "Ι. & Σ. ΣΚΛΑΒΕΝΙΤΗΣ Α.Ε.Ε."],
    [["ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ", "CAFE ΑΘΗΝΑ", "ΜΑΡΚΟΥ ΕΠΕ", "ΣΥΝΟΛΟ  12,40 €"], "ΜΑΡΚΟΥ ΕΠΕ"],
    [["Ταβέρνα", "ΓΕΩΡΓΙΟΥ Ι.Κ.Ε.", "ΑΦΜ 801234567", "ΣΥΝΟΛΟ  12,40 €"], "ΓΕΩΡΓΙΟΥ Ι.Κ.Ε."],
  ];
  for (const [lines, name] of cases) t.is(extractFromText(lines, "ocr").fields.supplierName, name, lines.join(" / "));
});

test("no seller's name: a fapiao's tax administration seal ('国家税务总局'), Mexico's e-invoice title; Estonia's 'OÜ' marks a name", (t) => {
  const mx = [
    "COMPROBANTE FISCAL DIGITAL POR INTERNET",
    "LAMBERTO FELIX LOPEZ",
    "RFC: FELL700101AB1",
    "Total  $1,160.00",
  ];
  t.is(extractFromText(mx, "pdf-text").fields.supplierName, "LAMBERTO FELIX LOPEZ");
  const cn = ["国家税务总局", "深圳市腾讯计算机系统有限公司", "价税合计  ¥106.00"];
  t.not(extractFromText(cn, "ocr").fields.supplierName, "国家税务总局");
  // A city's tax bureau in the seal ("宁波市税务局"), over the seller's name.
  const city = ["宁波市税务局", "慈溪市公牛电器有限公司", "价税合计  ¥106.00"];
  t.is(extractFromText(city, "ocr").fields.supplierName, "慈溪市公牛电器有限公司");
  const ee = ["Rimi", "Rimi Eesti Food OÜ", "Kokku  12,40 EUR"];
  t.is(extractFromText(ee, "ocr").fields.supplierName, "Rimi Eesti Food OÜ");
});
