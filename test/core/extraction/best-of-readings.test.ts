import {
  bestOfReadings,
  bestOfTwoEngines,
  extractFromText,
  readAlike,
  tokensToCheck,
  withCheckedTokens,
} from "@apar/core/extraction";
import test from "ava";

const reading = (lines: string[]) => extractFromText(lines, "ocr");

// Two readings of one page: the first's amounts agree (subtotal + tax = total), the second's do not, while the
// second has an invoice number the first lacks.
const agreeing = reading(["ACME Tools GmbH", "Rechnung", "Subtotal 100.00", "Tax 19.00", "Total 119.00"]);
const other = reading(["ACME Tools GmbH", "Invoice number R-2024-17", "Subtotal 100.00", "Tax 19.00", "Total 191.00"]);

test("the amounts come from the reading surer of its total, together", (t) => {
  t.is(agreeing.fields.totalAmount, "119.00");
  t.is(other.fields.totalAmount, "191.00");
  for (const merged of [bestOfReadings(agreeing, other), bestOfReadings(other, agreeing)]) {
    t.is(merged.fields.totalAmount, "119.00");
    t.is(merged.fields.subTotal, "100.00");
    t.is(merged.fields.taxAmount, "19.00");
  }
});

test("a field only one reading has is taken from it; on a tie the preferred reading's value stays", (t) => {
  t.is(agreeing.fields.invoiceNumber, null);
  t.is(bestOfReadings(agreeing, other).fields.invoiceNumber, "R-2024-17");
  const renamed = reading(["ACME Tools AG", "Subtotal 100.00", "Tax 19.00", "Total 119.00"]);
  t.is(renamed.fieldConfidence.supplierName, agreeing.fieldConfidence.supplierName);
  t.is(bestOfReadings(agreeing, renamed).fields.supplierName, "ACME Tools GmbH");
  t.is(bestOfReadings(renamed, agreeing).fields.supplierName, "ACME Tools AG");
});

test("two OCR engines: a date and a number both read alike are sure; read differently or by one, they stay unsure", (t) => {
  const tess = reading(["ACME Tools GmbH", "Invoice No: R-2024-17", "Date: 14.02.2025", "Total 119.00"]);
  const eye = reading(["ACME Tools GmbH", "Invoice No: R-2024-17", "Date: 14.02.2025", "Total 119.00"]);
  t.true((tess.fieldConfidence.invoiceDate ?? 1) < 0.9);
  t.true((tess.fieldConfidence.invoiceNumber ?? 1) < 0.9);
  const both = bestOfTwoEngines(tess, eye);
  t.is(both.fields.invoiceDate, "2025-02-14");
  t.true((both.fieldConfidence.invoiceDate ?? 0) >= 0.9);
  t.true((both.fieldConfidence.invoiceNumber ?? 0) >= 0.9);
  // A name with its legal form at the top, read alike, is lifted too, to 0.9.
  t.is(tess.fieldConfidence.supplierName, 0.85);
  t.is(both.fieldConfidence.supplierName, 0.9);
  const misread = reading(["ACME Tools GmbH", "Invoice No: R-2024-11", "Date: 14.08.2025", "Total 119.00"]);
  const apart = bestOfTwoEngines(tess, misread);
  t.true((apart.fieldConfidence.invoiceDate ?? 1) < 0.9);
  t.true((apart.fieldConfidence.invoiceNumber ?? 1) < 0.9);
  // A date whose day and month could be either way, read alike by both, stays unsure.
  const either = ["Corner Shop", "12/07/2019", "TOTAL 18.10"];
  t.true((reading(either).fieldConfidence.invoiceDate ?? 1) < 0.8);
  t.true((bestOfTwoEngines(reading(either), reading(either)).fieldConfidence.invoiceDate ?? 1) < 0.9);
  const alone = bestOfTwoEngines(tess, reading(["ACME Tools GmbH", "Total 119.00"]));
  t.is(alone.fields.invoiceDate, "2025-02-14");
  t.true((alone.fieldConfidence.invoiceDate ?? 1) < 0.9);
});

test("two OCR engines: the second's reading leads when it found another total", (t) => {
  const tess = reading(["Corner Shop", "Item 2.50", "Date: 14.02.2025"]);
  const eye = reading(["Corner Shop", "Item 2.50", "TOTAL 12.50", "Date: 14.02.2025"]);
  t.is(bestOfTwoEngines(tess, eye).fields.totalAmount, "12.50");
});

test("two OCR engines' totals, one without its cents: the one printed with them is taken, whichever is surer", (t) => {
  // Tesseract lost the decimal mark ("11000€" for "110,00 €") and reads its labelled total surer than the eye's.
  const tess = reading(["Contoso Ltd", "Fecha de emision: 15/09/2021", "TOTAL A PAGAR 11000€"]);
  const eye = reading(["Contoso Ltd", "Fecha de emision: 15/09/2021", "Total 110,00"]);
  t.true((tess.fieldConfidence.totalAmount ?? 0) > (eye.fieldConfidence.totalAmount ?? 0));
  t.is(bestOfTwoEngines(tess, eye).fields.totalAmount, "110.00");
  // The other way round too: the eye's whole number gives way to tesseract's cents.
  t.is(bestOfTwoEngines(eye, tess).fields.totalAmount, "110.00");
  // In a currency without minor units a whole total is as printed: the surer reading's stays.
  const yen = reading(["Tokyo Shoten", "TOTAL A PAGAR JPY 11000"]);
  const yenEye = reading(["Tokyo Shoten", "Total 110.00"]);
  t.is(bestOfTwoEngines(yen, yenEye).fields.totalAmount, "11000");
});

test("merged, amounts keep the confidence their reading gave: a repaired digit is not made sure again", (t) => {
  // 8 read as 3 in the total (1,180.00 read "1,130.00"): subtotal + tax repair it, and the reading says so.
  const repaired = reading(["ACME Tools GmbH", "Subtotal  1,000.00", "VAT 18 %  180.00", "Grand total  1,130.00"]);
  t.is(repaired.fields.totalAmount, "1180.00");
  const asRead = repaired.fieldConfidence.totalAmount ?? 1;
  t.true(asRead < 0.9);
  const bare = reading(["ACME Tools GmbH", "Invoice No: R-2024-17"]);
  for (const merged of [
    bestOfReadings(repaired, bare),
    bestOfReadings(bare, repaired),
    bestOfTwoEngines(bare, repaired),
  ]) {
    t.is(merged.fields.totalAmount, "1180.00");
    t.is(merged.fieldConfidence.totalAmount, asRead);
  }
});

const word = (text: string, x: number, y: number) => ({ text, x, y, width: 12 * text.length, height: 20, page: 1 });

test("OCR's numbers and dates sure but for its cap are offered for checking, with where they are printed", (t) => {
  const read = reading(["ACME Tools GmbH", "Invoice No: R-2024-17", "Date: 14 February 2025", "Total 119.00"]);
  const words = [
    word("ACME", 10, 10),
    word("R-2024-170", 300, 40),
    word("Invoice", 10, 40),
    word("No:", 100, 40),
    word("R-2024-17", 160, 40),
    word("Date:", 10, 70),
    word("14", 80, 70),
    word("February", 110, 70),
    word("2025", 220, 70),
  ];
  const offered = tokensToCheck(read, words);
  t.deepEqual(
    offered.map((o) => [o.field, o.token, o.box.x, o.box.y]),
    [
      ["invoiceNumber", "R-2024-17", 160, 40],
      ["invoiceDate", "14 February 2025", 80, 70],
    ],
  );
  t.is(offered[1]?.box.width, 220 + 48 - 80, "the date's box spans its three words");
  // A number only printed inside a longer one is not found, so not offered.
  t.deepEqual(tokensToCheck(read, [word("R-2024-170", 160, 40)]), []);
  // A field already sure, or read too unsure for agreement to lift it, is not offered.
  const sure = { ...read, fieldConfidence: { ...read.fieldConfidence, invoiceNumber: 0.95, invoiceDate: 0.5 } };
  t.deepEqual(tokensToCheck(sure, words), []);
});

test("a token the second engine reads alike (spaces aside) makes its field sure; the rest stay as they were", (t) => {
  const read = reading(["ACME Tools GmbH", "Invoice No: R-2024-17", "Date: 14.02.2025", "Total 119.00"]);
  const [number, date] = tokensToCheck(read, [word("R-2024-17", 160, 40), word("14.02.2025", 80, 70)]);
  if (number === undefined || date === undefined) return t.fail("both offered");
  t.true(readAlike(number.token, ["No: R-2024- 17"]));
  t.true(readAlike(number.token, ["Nr.R-2024-17,"]), "glued to its label's end and a comma");
  t.false(readAlike(number.token, ["No: R-2024-1Z"]));
  t.false(readAlike(number.token, ["No: R-2024-170"]), "part of a longer number is no reading of it");
  t.false(readAlike(number.token, ["No: XR-2024-17"]));
  const checked = withCheckedTokens(read, [number]);
  t.is(checked.fieldConfidence.invoiceNumber, 0.92);
  t.is(checked.fieldConfidence.invoiceDate, read.fieldConfidence.invoiceDate);
  t.deepEqual(checked.fields, read.fields);
  t.is(withCheckedTokens(read, []), read);
});

test("a date read for both the invoice date and the due date is not offered: its place cannot tell which it is", (t) => {
  const read = reading(["ACME Tools GmbH", "Datum: 30.06.2025", "Fällig am: 30.06.2025", "Total 119.00"]);
  t.is(read.fields.invoiceDate, "2025-06-30");
  t.is(read.fields.dueDate, "2025-06-30");
  t.deepEqual(tokensToCheck(read, [word("30.06.2025", 80, 70)]), []);
});

test("two names read as surely, one engine's a part of the other's: the whole name is taken, whichever engine read it", (t) => {
  const tesseract = ["(mar kt GmbH", "Kaufdatum 02.05.2020", "Summe EUR 19,99"];
  const eye = ["toom Baumarkt GmbH", "Kaufdatum 02.05.2020", "Summe EUR 19,99"];
  const [a, b] = [reading(tesseract), reading(eye)];
  t.is(a.fields.supplierName, "(mar kt GmbH");
  t.is(a.fieldConfidence.supplierName, b.fieldConfidence.supplierName);
  t.is(bestOfTwoEngines(a, b, { first: tesseract, second: eye }).fields.supplierName, "toom Baumarkt GmbH");
  t.is(bestOfTwoEngines(b, a, { first: eye, second: tesseract }).fields.supplierName, "toom Baumarkt GmbH");
});

test("a name both engines read alike, each with its legal form at the top, is sure; an address or another name is not", (t) => {
  const page = (name: string) => [name, "NO 12, JALAN MAJU", "Date: 14.02.2025", "TOTAL RM 12.50"];
  const [a, b] = [reading(page("POPULAR BOOK CO. (M) SDN BHD")), reading(page("POPULAR BOOK CO.(M) SDN BHD"))];
  t.true((a.fieldConfidence.supplierName ?? 0) >= 0.75 && (a.fieldConfidence.supplierName ?? 0) < 0.9);
  t.is(bestOfTwoEngines(a, b).fieldConfidence.supplierName, 0.9);
  const other = reading(page("POPULAR BOOK HOUSE SDN BHD"));
  t.true((bestOfTwoEngines(a, other).fieldConfidence.supplierName ?? 0) < 0.9);
  const mail = (x: string) => reading([x, "Date: 14.02.2025", "TOTAL RM 12.50"]);
  const [m1, m2] = [mail("noreply@contoso.com"), mail("noreply@contoso.com")];
  t.true((bestOfTwoEngines(m1, m2).fieldConfidence.supplierName ?? 0) < 0.9);
});

test("two names the engines read as surely: the one the other engine's text holds too is taken", (t) => {
  const tesseract = ["We IRE ses", "Kaufdatum 12.05.2020", "Summe EUR 12,50", "Vielen Dank, Ihr SATURN Team"];
  const eye = ["SATURN", "Kaufdatum 12.05.2020", "Summe EUR 12,50"];
  const [a, b] = [reading(tesseract), reading(eye)];
  t.is(a.fields.supplierName, "We IRE ses");
  t.is(b.fields.supplierName, "SATURN");
  t.is(a.fieldConfidence.supplierName, b.fieldConfidence.supplierName);
  t.is(bestOfTwoEngines(a, b).fields.supplierName, "We IRE ses", "without the texts the first engine's stays");
  const both = bestOfTwoEngines(a, b, { first: tesseract, second: eye });
  t.is(both.fields.supplierName, "SATURN");
  t.is(both.fieldConfidence.supplierName, a.fieldConfidence.supplierName, "and it is no surer for it");
  // Held by neither text, or by both (spaces aside), the first engine's name stays.
  const spaced = ["KEDAI PAPAN YEW CHUAN", "TOTAL RM 12.50"];
  const glued = ["KEDAIPAPANYEWCHUAN", "TOTAL RM 12.50"];
  const c = reading(spaced);
  const glum = reading(glued);
  const d = { ...glum, fieldConfidence: { ...glum.fieldConfidence, supplierName: c.fieldConfidence.supplierName } };
  t.is(bestOfTwoEngines(c, d, { first: spaced, second: glued }).fields.supplierName, "KEDAI PAPAN YEW CHUAN");
  t.is(bestOfTwoEngines(d, c, { first: glued, second: spaced }).fields.supplierName, "KEDAIPAPANYEWCHUAN");
});

test("two invoice dates the engines read as surely: the one the other engine's text also prints is taken", (t) => {
  const tesseract = [
    "KAUFHAUS AM RING",
    "Datum/Uhrzeit 14.06.2020 17:35",
    "SUMME EUR 12,50",
    "Datum:14.05.20 Bon: 320",
  ];
  const eye = ["KAUFHAUS AM RING", "Datum/Uhrzeit 14.05.2020 17:35", "SUMME EUR 12,50", "Datum:14.05.20 Bon: 320"];
  const [a, b] = [reading(tesseract), reading(eye)];
  t.is(a.fields.invoiceDate, "2020-06-14");
  t.is(b.fields.invoiceDate, "2020-05-14");
  t.is(a.fieldConfidence.invoiceDate, b.fieldConfidence.invoiceDate);
  t.is(bestOfTwoEngines(a, b).fields.invoiceDate, "2020-06-14");
  t.is(bestOfTwoEngines(a, b, { first: tesseract, second: eye }).fields.invoiceDate, "2020-05-14");
});

test("two invoice dates read as surely that neither engine's text holds the other's: the second eye's is taken", (t) => {
  const tesseract = ["KAUFHAUS AM RING", "Datum: 16.05.27 17:35", "SUMME EUR 12,50"];
  const eye = ["KAUFHAUS AM RING", "Datum: 06.05.20 17:35", "SUMME EUR 12,50"];
  const [a, b] = [reading(tesseract), reading(eye)];
  t.is(a.fieldConfidence.invoiceDate, b.fieldConfidence.invoiceDate);
  t.is(bestOfTwoEngines(a, b, { first: tesseract, second: eye }).fields.invoiceDate, "2020-05-06");
  // Names are not dates: of two names neither text holds, the first engine's stays.
  const n1 = reading(["KAUFHAUS AM RING", "SUMME EUR 12,50"]);
  const n2 = reading(["KAUFHAUS AN RINQ", "SUMME EUR 12,50"]);
  const texts = { first: ["KAUFHAUS AM RING"], second: ["KAUFHAUS AN RINQ"] };
  t.is(n1.fieldConfidence.supplierName, n2.fieldConfidence.supplierName);
  t.is(bestOfTwoEngines(n1, n2, texts).fields.supplierName, "KAUFHAUS AM RING");
});

test("two OCR engines: a currency the second eye alone reads, tesseract's text showing none, is not sure", (t) => {
  const tess = reading(["Continente", "IVA  6,00%  21.74  1,30", "TOTAL  23.04"]);
  const eye = reading(["Continente", "CAD  6,002  21.74  1,30  23.04", "TOTAL  23.04"]);
  t.is(tess.fields.currency, null);
  t.true((eye.fieldConfidence.currency ?? 0) >= 0.9);
  const both = bestOfTwoEngines(tess, eye);
  t.is(both.fields.currency, "CAD");
  t.true((both.fieldConfidence.currency ?? 1) < 0.9);
  // Tesseract's own sure currency stays sure whatever the eye read.
  const euro = reading(["Continente", "IVA  6,00%  21.74  1,30", "TOTAL  23.04 EUR"]);
  t.true((bestOfTwoEngines(euro, reading(["Continente", "TOTAL  23.04"])).fieldConfidence.currency ?? 0) >= 0.9);
});

test("an unsure name tesseract read that the eye's text holds nowhere gives way to the eye's name", (t) => {
  // Tesseract's crumpled receipt: a legal form ("SL") in its smudges; the eye read the shop's name at the top.
  const smudges = Array.from({ length: 8 }, (_, i) => `${i} | ~ .`);
  const tessLines = [...smudges, "CHAN SL ab oC HE     oy Bi ee RS eR a", "Sum 3varer  67,20"];
  const eyeLines = ["KIWI 402 TONSENHAGEN", "ORG.NR. 937 846 231 MVA", "RODBERGVEIEN 16", "Sum 3varer  67,20"];
  const tess = reading(tessLines);
  const eye = reading(eyeLines);
  t.is(tess.fields.supplierName, "CHAN SL");
  t.true((tess.fieldConfidence.supplierName ?? 0) > (eye.fieldConfidence.supplierName ?? 0));
  const merged = bestOfTwoEngines(tess, eye, { first: tessLines, second: eyeLines });
  t.is(merged.fields.supplierName, "KIWI 402 TONSENHAGEN");
  t.is(merged.fieldConfidence.supplierName, eye.fieldConfidence.supplierName);
  // Where the eye's text holds tesseract's name too, the surer reading's name stays.
  const seen = [...eyeLines, "CHAN SL"];
  t.is(bestOfTwoEngines(tess, eye, { first: tessLines, second: seen }).fields.supplierName, "CHAN SL");
});
