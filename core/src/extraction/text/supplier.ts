import type { KnownBuyer, TextBox } from "../model.js";
import { withoutCurrency } from "./currency.js";
import { buyerIdentityTest, NO_BUYER } from "./identity.js";
import { LABELS, tableWords, vocabularyWords, wholeWords } from "./labels.js";
import { blockUnder } from "./layout.js";
import { ITEM_PRICE_AFTER, PRICE_CELL, QUANTITY_AT_PRICE } from "./numbers.js";
import { CITY_LINE, COUNTRY_ALONE } from "./places.js";
import { VOCABULARIES } from "./vocabulary/index.js";

// Two and three letters in a row, each with the marks written on it: Thai, Indian and other Brahmic scripts write
// vowels and tones as marks ("การไฟฟ้า"), which a plain `\p{L}{2}` reads as a break between letters.
const TWO_LETTERS = /\p{L}\p{M}*\p{L}/u;
const THREE_LETTERS = /\p{L}\p{M}*\p{L}\p{M}*\p{L}/u;

// Legal forms that end a company name. Long or dotted forms match in any case; the short bare ones (AG, SA, AS,
// CO, BV...) only in capitals, since in lower case they are ordinary words.
const LONG_FORMS = [
  String.raw`gmbh(?:\s*&\s*co\.?\s*kg)?`,
  // "Handelsgesellschaft mbH", Austria's "Ges.m.b.H.": the same form, spelt out in part.
  String.raw`(?:ges\.?\s?)?m\.?\s?b\.?\s?h\.?`,
  String.raw`ohg`,
  String.raw`gbr`,
  String.raw`e\.\s?k\.?`,
  String.raw`e\.\s?v\.?`,
  String.raw`ltd\.?`,
  String.raw`limited`,
  String.raw`llc`,
  String.raw`llp`,
  String.raw`inc\.?`,
  String.raw`corp\.?`,
  String.raw`corporation`,
  String.raw`plc`,
  String.raw`s\.?a\.?r\.?l\.?`,
  String.raw`sasu`,
  // The French forms spelt out, as a company's legal mention prints them.
  String.raw`soci[ée]t[ée]\s+(?:anonyme|par\s+actions\s+simplifi[ée]e(?:\s+unipersonnelle)?|[àa]\s+responsabilit[ée]\s+limit[ée]e)`,
  String.raw`eurl`,
  String.raw`b\.v\.?`,
  String.raw`n\.v\.?`,
  // Italy's "S.r.l." as often without its dots ("Octopus Energy Italia Srl"), and its simplified "S.r.l.s.", "S.n.c.".
  String.raw`s\.?r\.?l\.?(?:s\.?)?`,
  String.raw`s\.n\.c\.?|snc`,
  String.raw`s\.p\.a\.?`,
  String.raw`s\.a\.s\.?`,
  String.raw`s\.\s?a\.`,
  String.raw`s\.l\.`,
  // Spain's single-member forms ("Repsol Comercializadora de Electricidad y Gas, S.L.U.").
  String.raw`s\.l\.u\.?`,
  String.raw`s\.a\.u\.?`,
  String.raw`s[dou0]n\.?\s*b[hn1i]d\.?`,
  // "Sdn" is never an ordinary word: OCR's "Sdn.ERhd", "Sdn, Bad" still end a name there.
  String.raw`sdn\.?`,
  String.raw`bhd\.?`,
  // S/B as OCR also reads it: "§/B", "§/8".
  String.raw`[s§]/[b8]`,
  // Indonesia's public company, after the name ("PT SUMBER ALFARIA TRIJAYA, TBK").
  String.raw`tbk\.?(?=\s*$)`,
  String.raw`pvt\.?\s*ltd\.?`,
  String.raw`private\s*limited`,
  String.raw`pte\.?\s*ltd\.?`,
  String.raw`sp\.\s?z\s?o\.\s?o\.?`,
  String.raw`spółka(?:\s*z\s*o\.\s?o\.?)?`,
  String.raw`a/s`,
  String.raw`aps`,
  String.raw`pty\.?(?:\s*ltd\.?)?`,
  String.raw`kft\.?`,
  String.raw`bvba`,
  String.raw`cvba`,
  String.raw`vzw`,
  String.raw`sprl`,
  String.raw`scrl`,
  String.raw`comm\.\s?v\.?`,
  String.raw`zrt\.?`,
  // Czech and Slovak ("Jiná firma s.r.o.", "ABRA Software a.s.", "spol. s r.o."); Portuguese and Brazilian.
  String.raw`(?:spol\.\s?)?s\.?\s?r\.\s?o\.?`,
  String.raw`a\.\s?s\.`,
  String.raw`v\.\s?o\.\s?s\.`,
  String.raw`ltda\.?`,
  String.raw`lda\.?`,
  // Greek ("ΚΡΙΤΩΝ Α.Ε.", "Ε.Π.Ε.", "Ι.Κ.Ε.", "ΑΒΕΕ").
  String.raw`α\.\s?ε\.`,
  String.raw`ε\.\s?π\.\s?ε\.?`,
  String.raw`ι\.\s?κ\.\s?ε\.?`,
  String.raw`ο\.\s?ε\.`,
  String.raw`ε\.\s?ε\.`,
  String.raw`αεβε`,
  String.raw`αβεε`,
  String.raw`επε`,
  String.raw`ικε`,
];
// Japan's, China's and Taiwan's, Korea's company forms, written against the name before or after it without a space
// ("株式会社テラ", "テラ株式会社", "深圳市某某科技有限公司", "(주)메가", "메가(주)"); as patterns.
const UNSPACED_FORMS = [
  "株式会社",
  "有限会社",
  "合同会社",
  "股份有限公司",
  "有限公司",
  "주식회사",
  "유한회사",
  String.raw`\(주\)`,
  "㈱",
];
// Thailand's company ("บริษัท ซีพี ออลล์ จำกัด (มหาชน)"), limited partnership ("ห้างหุ้นส่วนจำกัด", "หจก.") and the
// state authorities that send its electricity and water bills ("การไฟฟ้าส่วนภูมิภาค", "การประปานครหลวง"): before the
// name only, as Thai writes words unspaced ("รายละเอียดการไฟฟ้า" is "electricity details").
const THAI_FORMS = ["บริษัท", "ห้างหุ้นส่วนจำกัด", String.raw`หจก\.`, "การไฟฟ้า", "การประปา"];
// Cyrillic forms, in capitals: Russia's, Kazakhstan's and Kyrgyzstan's, Belarus's, Ukraine's and Bulgaria's. They
// stand before the name ('ООО "Ромашка"', "ТОВ «Сільпо-Фуд»"), Bulgaria's after it too ('"Арго" ЕООД').
const CYRILLIC_FORMS = [
  "ООО",
  "ОАО",
  "ЗАО",
  "ПАО",
  "АО",
  "ИП",
  "ТОО",
  "ОсОО",
  "ЧУП",
  "ТОВ",
  "ТзОВ",
  "ФОП",
  "ЕООД",
  "ООД",
  "ЕАД",
  "АД",
  "ЕТ",
];
const SHORT_FORMS = [
  "AG",
  "KG",
  "UG",
  "SA",
  "SAS",
  "SARL",
  "SE",
  "AS",
  "AB",
  "OY",
  "BV",
  "NV",
  "SRL",
  "SPA",
  "CO",
  "SL",
  // Estonia's ("Rimi Eesti Food OÜ"). Latvia's "SIA" is Malaysia's name too ("M'SIA").
  "OÜ",
  ...CYRILLIC_FORMS,
];
/**
 * A pattern that matches its letters in either case, each letter written as both ("gmbh" as "[gG][mM][bB][hH]"):
 * V8's case-insensitive group `(?i:...)` misses some of these forms ("Ges.m.b.H.", "M.B.H."; nodejs/node#60030).
 */
const anyCase = (source: string): string => {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === "\\") {
      out += ch + (source[++i] ?? "");
      continue;
    }
    if (ch === "[" && !inClass) inClass = true;
    else if (ch === "]" && inClass) inClass = false;
    const upper = ch.toUpperCase();
    const both = upper !== ch || ch.toLowerCase() !== ch;
    if (!both) out += ch;
    else if (inClass) out += ch.toLowerCase() + upper.slice(0, 1);
    else out += `[${ch.toLowerCase()}${upper.slice(0, 1)}]`;
  }
  return out;
};
// Forms that stand before a name of at least two letters, in two kinds: those a space parts from the name (the
// Cyrillic ones, Indonesia's "PT" for Perseroan Terbatas, the Portuguese and Spanish company: "COMPANHIA DE
// ELETRICIDADE DO ESTADO DA BAHIA", "Compañía Telefónica", "Cia. Brasileira"), and those written against it, a space
// or not (the unspaced CJK ones, "株式会社 ネクストビッツ", and the Thai ones).
const FORM_BEFORE = new RegExp(
  String.raw`^(?:(?:${CYRILLIC_FORMS.join("|")}|PT\.?|${anyCase(String.raw`compa(?:nhia|ñía|ñia|nia)|cia\.`)})\s+["«„]?|(?:${[...UNSPACED_FORMS, ...THAI_FORMS].join("|")})\s*)\p{L}\p{M}*\p{L}`,
  "u",
);
// A short form in brackets is a country's code ("Moms (SE) Belopp", a Swedish till's VAT heading), not a company's;
// nor is one before "of" ("Rates are Inc. of GST": inclusive of it).
const FORM = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${anyCase(LONG_FORMS.join("|"))}|(?<!\()(?:${SHORT_FORMS.join("|")})\.?(?!\))|Co\.)(?![\p{L}\p{N}])(?!\.?\s+of(?!\p{L}))|(?<=\p{L})(?:${UNSPACED_FORMS.join("|")})`,
  "u",
);
// How much of a text reads as words: OCR noise ("ToC ee 0 SE FT") is short fragments and symbols.
const wordy = (text: string): number => {
  const tokens = text.split(/\s+/).filter((t) => t !== "");
  // A word of three letters or more may open a quote ('ООО "Ромашка"', 'Gasthaus „Zur Linde“'); OCR's '"SE' is
  // none. Thai, Indian and other Brahmic scripts write vowels and tones as marks on their letters ("การไฟฟ้า").
  const words = tokens.filter(
    (t) =>
      /^(?:[\p{L}(]|["«„“]\p{L}\p{M}*\p{L})[\p{L}\p{M}&.'’()/-]+["»“”]?,?$/u.test(t) || /^(?:&|-|\d{2,3})$/.test(t),
  );
  return tokens.length === 0 ? 0 : words.length / tokens.length;
};
// Cells that are labels or contact lines, never a name: the vocabulary's words, and a site's or a bank's marks.
const NOT_NAME = new RegExp(
  String.raw`^(?:www\.|www\s*$|http|iban|bic|swift|${vocabularyWords("notName")})(?![\p{L}])`,
  "iu",
);

// Words with nothing else in a cell but their marks (":", "/", "&", "|", OCR's quotes...): what a heading row, a
// label column or a shop's sign prints, never a name.
const alone = (...words: RegExp[]): RegExp => {
  const any = words.map((w) => `(?:${w.source})`).join("|");
  return new RegExp(String.raw`^(?:[\s#:.|/&,"“”-]*(?:${any}))+[\s#:.|/&,"“”-]*$`, "iu");
};
// A field's label ("ACCOUNT NUMBER", "Invoice Date:", "Amount Due").
const LABEL_ALONE = alone(
  LABELS.invoiceNumber,
  LABELS.invoiceDate,
  LABELS.dueDate,
  LABELS.otherDate,
  LABELS.date,
  LABELS.total,
  LABELS.subTotal,
  LABELS.tax,
  LABELS.taxNumber,
  LABELS.paymentTerms,
  LABELS.purchaseOrder,
  LABELS.title,
  LABELS.tableHeader,
  LABELS.tableQty,
  LABELS.tableAmount,
  wholeWords(vocabularyWords("accountNumber")),
);
// A table's heading row (`tableWords`). Vietnam's "SL" (quantity) is Spain's legal form too.
const tableHeading = (text: string): boolean => tableWords(text) >= 2;
// A trade's word ("Store", "Station", "Services"): what a shop is, not whose it is. With a name before or after it,
// the word counts for that name (`scoreName`).
const TRADE_ALONE = alone(LABELS.tradeWord);
// A way of payment ("Készpénz/Cash").
const PAID_WITH_ALONE = alone(wholeWords(vocabularyWords("paidWith")));
// A day of a month ("December 24").
const MONTHS = VOCABULARIES.flatMap((v) => v.months.flat()).sort((a, b) => b.length - a.length);
const MONTH_DAY = new RegExp(String.raw`^(?:${MONTHS.join("|")})\.?\s+\d{1,2}(?!\d)`, "iu");

// A receipt's closing lines ("Goods sold are not returnable", "Please come again"), never a name.
const NOTICE = wholeWords(vocabularyWords("notice"));

// A title printed on the name's line ("Atelier Dubois SARL  FACTURE" read as one run by OCR).
const TRAILING_TITLE = new RegExp(String.raw`\s(?:${LABELS.title.source})\s*$`, "iu");

// A name's own label before it ("Nazwa: ABC Developex S.A.").
const NAME_LABEL = new RegExp(String.raw`^\s*(?:${vocabularyWords("nameLabel")})\s*:\s*`, "iu");
// A party's legal name's label, either party's ("Nombre o razón social: PLG DIVISION ADUANAS S.A. DE C.V.").
const PARTY_NAME = new RegExp(String.raw`^\s*(?:${vocabularyWords("partyName")})\s*:\s*`, "iu");

// A quote at a cell's edge that the cell does not close or open again (OCR's, or a name cut by its column); quotes
// around a name or a part of it stay ('ООО "Ромашка"', '"Арго" ЕООД').
const UNPAIRED_QUOTE = /^\s*"(?=[^"]*$)|(?<=^[^"]*)"\s*$/;
const clean = (cell: string): string =>
  cell
    .replace(LABELS.supplier, " ")
    .replace(NAME_LABEL, " ")
    .replace(TRAILING_TITLE, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s:|·•*~'_=.,-]+|[\s:|·•,*~'_=-]+$/g, "")
    .replace(UNPAIRED_QUOTE, "")
    .trim();

// A company registration number printed after the name ("(1248446-V)", "(Co. No. 113825-W)"): the registered
// name stands before it.
const REGISTRATION = /\s*\(\s*(?:co\.?\s*(?:no|reg)\.?\s*:?\s*)?\d{4,9}\s?-?\s?[A-Z0-9]\s*\)\s*$/iu;
// A Malaysian company number after a name, bracketed or not: "273500-U", "(B1497-F)", OCR's "{139386 X)".
const COMPANY_NUMBER = /[({]?(?<![\p{L}\p{N}])[A-Z]?\d{4,9}\s?[-\s]\s?[A-Z](?![\p{L}\p{N}])[)}]?/gu;
// One word and a legal form in capitals ("STATIONERY SDN. BHD"); a line of one to three words in capitals.
const ONE_WORD_FORM = /^[\p{Lu}'&.-]+\s+(?:SDN\.?\s*BHD\.?|BHD\.?|S\/B|LTD\.?|GMBH|INC\.?)$/u;
// Brackets a text opens and leaves open (negative: closes ones it did not open).
const unclosed = (t: string): number => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
const CAPS_WORDS = /^[\p{Lu}'&.-]{2,}(?:\s[\p{Lu}'&.-]{2,}){0,2}$/u;
// A line that is only the end of a name ("CO. (M) SDN BHD" under "POPULAR BOOK").
const FORM_ONLY =
  /^(?:co\.?\s*)?(?:\([\p{L}. ]{1,20}\)\s*)?(?:s[dou0]n\.?\s*bhd\.?|bhd\.?|s\/b|(?:pte|pvt)\.?\s*ltd\.?|ltd\.?|gmbh|inc\.?)$/iu;

// A company name ends at its legal form: drop what OCR or the layout glued on after it (digits, many words).
const upToForm = (text: string): string => {
  let end = -1;
  // A form opening the text (Cyrillic forms stand before the name) ends nothing.
  for (const m of text.matchAll(new RegExp(FORM.source, "gu"))) if (m.index > 0) end = m.index + m[0].length;
  if (end <= 0) return text;
  const rest = text.slice(end).trim();
  return /\d/.test(rest) || rest.split(" ").length > 2 ? text.slice(0, end).trim() : text;
};

// A name as it is compared with its other printings: case and accents aside (OCR reads "Hôtelière" as "Hoteliére").
const sameName = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

interface Cell {
  readonly text: string;
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** A line's cells (runs separated by two or more spaces) with their character columns. */
export const cellsOf = (line: string, index: number): Cell[] => {
  const out: Cell[] = [];
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
    out.push({ text: m[0], line: index, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
};

// Marks a line's cells that start in a column; a "Name:  value" row there marks its value too.
const markColumn = (into: Set<string>, line: string, k: number, from: number, to: number): void => {
  const cells = cellsOf(line, k);
  cells.forEach((c, j) => {
    if (c.start < from || c.start > to) return;
    into.add(`${k}:${c.start}`);
    const value = cells[j + 1];
    if (value && /:\s*$/.test(c.text)) into.add(`${k}:${value.start}`);
  });
};

// What may follow a buyer's heading: its address's word ("Bill to Address:"), then a colon, a slash or nothing.
const HEADING_END = new RegExp(String.raw`^\s*(?:(?:${vocabularyWords("addressWord")})\s*)?(?::|\/|$)`, "iu");

interface BillToHeading {
  readonly cell: Cell;
  /** The cell after it on its line. */
  readonly next: Cell | undefined;
  /** What follows the label in its cell ("", ":", ": WRT WORLD ENTERPRISES", " Address:"). */
  readonly rest: string;
  /** The name the heading's own cell gives after it ("WRT WORLD ENTERPRISES"), or "". */
  readonly name: string;
}

// A "Bill to" / "Rechnungsempfänger" / "Factuur aan" label that starts a cell and is followed by its address's word
// ("Bill to Address:", "Rechnungsempfänger Anschrift:"), a colon, a slash or nothing: a buyer's block's heading.
const billToHeadings = (lines: readonly string[]): BillToHeading[] =>
  lines.flatMap((line, i) => {
    const cells = cellsOf(line, i);
    return cells.flatMap((cell, j) => {
      const m = cell.text.match(LABELS.billTo);
      if (m?.index !== 0) return [];
      const rest = cell.text.slice(m[0].length);
      const head = rest.match(HEADING_END);
      return head === null ? [] : [{ cell, next: cells[j + 1], rest, name: rest.slice(head[0].length).trim() }];
    });
  });

// A buyer block opens at a "Bill to" heading; the block is that column for the next lines.
const buyerCells = (lines: readonly string[]): Set<string> => {
  const buyer = new Set<string>();
  for (const { cell, next, rest } of billToHeadings(lines)) {
    const i = cell.line;
    buyer.add(`${i}:${cell.start}`);
    // A printed e-mail's header ("To: someone@example.com"): the addressee is that line alone, no block under it.
    if (/^\s*:\s*\S+@\S+\s*$/.test(rest)) continue;
    // "Bill to:  Name" on one line: the cell after the label is the buyer's too.
    if (next && /:\s*$/.test(cell.text)) buyer.add(`${i}:${next.start}`);
    const left = cell.start - 2;
    for (let k = i + 1; k <= Math.min(lines.length - 1, i + 5); k++) {
      markColumn(buyer, lines[k] ?? "", k, left, cell.end + 10);
    }
  }
  return buyer;
};

const spaced = (text: string): string => text.trim().replace(/\s+/g, " ");

// The block under a "Bill to" heading by the page's positions (its column exactly, where character columns drift
// with the text beside it), as the `line:column` keys of the lines' cells printing the same text.
const placedBuyerCells = (lines: readonly string[], cells: readonly TextBox[]): Set<string> => {
  const out = new Set<string>();
  if (cells.length === 0) return out;
  const texts = new Set<string>();
  for (const cell of cells) {
    const m = cell.text.match(LABELS.billTo);
    if (m?.index !== 0 || !HEADING_END.test(cell.text.slice(m[0].length))) continue;
    for (const c of blockUnder(cells, cell)) texts.add(spaced(c.text));
  }
  if (texts.size === 0) return out;
  lines.forEach((line, i) => {
    for (const c of cellsOf(line, i)) if (texts.has(spaced(c.text))) out.add(`${i}:${c.start}`);
  });
  return out;
};

// A window envelope's sender line: "Name AG | Street 40 | 12345 City" (or parted by " - ", " · "), a name, then
// address parts ending in a postcode and place. Its first part is the sender; the cell under it, in the
// envelope's window, is the addressee.
const SENDER_PARTS = /\s[-–·|•+]\s/;
const POSTCODE_PLACE = /^(?:[A-Z]{1,2}[- ]?)?\d{4,5}\s+\p{L}/u;
const isSenderLine = (cell: string): boolean => {
  const parts = cell.split(SENDER_PARTS).map((p) => p.trim());
  return (
    parts.length >= 3 &&
    POSTCODE_PLACE.test(parts.at(-1) ?? "") &&
    THREE_LETTERS.test(parts[0] ?? "") &&
    !ADDRESS.test(parts[0] ?? "") &&
    !/\d/.test(parts[0] ?? "")
  );
};
const addresseeCells = (lines: readonly string[]): Set<string> => {
  const out = new Set<string>();
  lines.forEach((line, i) => {
    for (const cell of cellsOf(line, i)) {
      if (!isSenderLine(cell.text)) continue;
      for (const c of cellsOf(lines[i + 1] ?? "", i + 1))
        if (Math.abs(c.start - cell.start) <= 2) out.add(`${i + 1}:${c.start}`);
    }
  });
  return out;
};

// The seller's block: the column under a "Seller" / "Verkäufer" / "Fournisseur" heading. On the heading's own line
// only the value after its colon ("Seller:  ACME GmbH") is the seller's: cells beside a heading without one are a
// table's other columns ("Supplier Name  NetKwH  KVA  TOD").
const sellerCells = (lines: readonly string[]): Set<string> => {
  const seller = new Set<string>();
  lines.forEach((line, i) => {
    const cells = cellsOf(line, i);
    for (const [j, cell] of cells.entries()) {
      const m = cell.text.match(LABELS.supplierHeading);
      if (m?.index !== 0) continue;
      // A heading in lower case stands alone in its cell or before its colon: "from the Date of Purchase" is a
      // sentence's line.
      if (/^\p{Ll}/u.test(m[0]) && !/^\s*(?::|$)/.test(cell.text.slice(m[0].length))) continue;
      seller.add(`${i}:${cell.start}`);
      const value = cells[j + 1];
      if (value && /:\s*$/.test(cell.text)) seller.add(`${i}:${value.start}`);
      for (let k = i + 1; k <= Math.min(lines.length - 1, i + 6); k++) {
        markColumn(seller, lines[k] ?? "", k, cell.start - 2, cell.end + 10);
      }
    }
  });
  return seller;
};

// A heading: the label alone, or (a whole cell) the label and at most two more words, no digits.
const HEADING_REST = /^\s*(?::|\/|(?:\s\p{L}+){0,2}\s*:?$)/u;
const isHeading = (text: string, wholeCell = false): boolean => {
  const m = text.match(LABELS.supplierHeading) ?? text.match(LABELS.billTo);
  const rest = text.slice((m?.index ?? 0) + (m?.[0].length ?? 0));
  return m?.index === 0 && (/^\s*(?::|\/|$)/.test(rest) || (wholeCell && HEADING_REST.test(rest)));
};

// An address: a house number first, a street's word, or a one-word street name ("Hauptstraße").
const ADDRESS = new RegExp(
  String.raw`^\d+[\s,]|${wholeWords(vocabularyWords("street")).source}|\p{L}+(?:${vocabularyWords("streetSuffix")})(?![\p{L}])`,
  "iu",
);

const TRADE_LAST = new RegExp(`(?:${LABELS.tradeWord.source})\\W*$`, "iu");

// A web or mail address in a cell.
const WEB_OR_MAIL = /(?:www\.|https?:\/\/|\S+@)\S+/iu;
const SITE = /www\.([\p{L}\d-]+(?:\.[\p{L}\d-]+)*)\.[a-z]{2,6}(?!\p{L})/giu;
const SITE_OR_MAIL = /(?:www\.|@)([\p{L}\d-]+(?:\.[\p{L}\d-]+)*)\.[a-z]{2,6}(?!\p{L})/giu;
// Words too common to tie a name to a domain.
const GENERIC_WORDS = new Set(["gmbh", "ltd", "inc", "the", "and", "und", "company", "group", "services", "trading"]);

/**
 * The sender's own domains: web sites printed outside the buyer's block ("www.alphabet.de") and e-mail domains in
 * the footer ("info@cronus.com"); e-mail addresses higher up are as often the buyer's contacts.
 */
const ownDomains = (lines: readonly string[], buyer: ReadonlySet<string>): string[] => {
  const out: string[] = [];
  const footer = Math.floor(lines.length * 0.75);
  lines.forEach((line, i) => {
    for (const cell of cellsOf(line, i)) {
      if (buyer.has(`${i}:${cell.start}`)) continue;
      for (const m of cell.text.matchAll(i >= footer ? SITE_OR_MAIL : SITE)) {
        const host = (m[1] ?? "").toLowerCase().replace(/^www\./, "");
        if (!/^(?:gmail|yahoo|hotmail|outlook|gmx|web|icloud|mail)$/.test(host)) out.push(host);
      }
    }
  });
  return out;
};

// Words a name shares with too many others to tie it to one party.
const NAME_NOISE = new Set([
  ...GENERIC_WORDS,
  "co",
  "kg",
  "ag",
  "sa",
  "sas",
  "sarl",
  "bv",
  "nv",
  "srl",
  "se",
  "ug",
  "llc",
  "plc",
  "sdn",
  "bhd",
  "limited",
  "corp",
  "corporation",
]);
const nameTokens = (text: string): string[] =>
  (sameName(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !NAME_NOISE.has(t));

/**
 * Whether a text names one of the known buyers (the organisation the bill is for, its legal and trading names):
 * every distinctive word of the buyer's name is in the text. Not the other way round: a supplier whose name is a
 * part of the buyer's ("Acme GmbH" selling to "Acme Maschinenbau GmbH") is still a supplier.
 */
export const buyerTest = (knownBuyers: readonly string[]): ((text: string) => boolean) => {
  const names = knownBuyers.map(nameTokens).filter((t) => t.length > 0);
  if (names.length === 0) return () => false;
  return (text: string): boolean => {
    const words = nameTokens(text);
    if (words.length === 0) return false;
    return names.some((name) => name.every((t) => words.includes(t)));
  };
};

/**
 * The names a page bills on a "Bill to" label's own line ("BILL TO: WRT WORLD ENTERPRISES", "Rechnungsempfänger:
 * Muster GmbH"): the buyer's, never the seller's, even where another label calls them so. Two words at least, so a
 * walk-in's "Bill to: Cash" names nobody.
 */
const billedNames = (lines: readonly string[]): string[] =>
  billToHeadings(lines).flatMap(({ cell, next, name }) => {
    const billed = name || (/:\s*$/.test(cell.text) ? (next?.text ?? "") : "");
    return nameTokens(billed).length >= 2 ? [billed] : [];
  });

// A letter's greeting on a line of its own, closed by its comma ("Hola Antonio,", "Dear Ms Lee,"): the last word
// greeted is the addressee's name, the buyer's (a utility's bill written as a letter prints the customer's name
// under it). A shop's sign of the same words ("Hi Tech Ltd") closes with none.
const GREETING = new RegExp(
  String.raw`^\s*(?:${vocabularyWords("greeting")})\s+(?:[\p{L}.'’-]+\s){0,2}([\p{L}'’-]{2,})\s*[,!:]\s*$`,
  "iu",
);
const greetedNames = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => {
    const name = line.match(GREETING)?.[1];
    return name === undefined ? [] : [name];
  });

// A cell ending in an honorific after the addressee's name (vocabulary key `honorific`: Japanese "株式会社テラ 御中",
// "山田 太郎 様"): the name so addressed is the buyer's. Only lines holding one are split into cells.
const HONORIFIC_WORD = new RegExp(`(?:${vocabularyWords("honorific")})`, "u");
const HONORIFIC = new RegExp(String.raw`^(.*\p{L}.*?)\s*(?:${vocabularyWords("honorific")})$`, "u");
const addressedNames = (lines: readonly string[]): string[] =>
  lines.flatMap((line, i) =>
    !HONORIFIC_WORD.test(line)
      ? []
      : cellsOf(line, i).flatMap((c) => {
          const name = c.text.trim().match(HONORIFIC)?.[1]?.trim();
          return name === undefined || name.length < 2 ? [] : [name];
        }),
  );

// A signature's line naming the firm it signs for ("For MEHTA MARKETING", "FOR  -  SETHIA SALES CORPORATION"), its
// name in capitals as such lines print it, a cell of its own.
const SIGNED_FOR = new RegExp(
  String.raw`(?:^|\s{2,})(?:${vocabularyWords("signedFor")})\s*[-:–]?\s*(\S.*?)(?=\s{2,}|$)`,
  "giu",
);
const signedNames = (lines: readonly string[]): { line: number; words: string[] }[] =>
  lines.flatMap((line, i) =>
    [...line.matchAll(SIGNED_FOR)].flatMap((m) => {
      const name = m[1] ?? "";
      const words = nameTokens(name);
      // A notice in capitals is no signature ("FOR FEEDBACK OR COMPLAINT, PLEASE CALL:").
      const notice = NOTICE.test(name) || /[:?!]/.test(name) || words.length > 6;
      return name !== name.toUpperCase() || !/\p{Lu}{3}/u.test(name) || words.length === 0 || notice
        ? []
        : [{ line: i, words }];
    }),
  );

/**
 * A candidate in the page's head that the closing signature names: most of the shorter name's words in the other, one
 * of them a word of four letters or more (OCR may read the header's name with a stray letter, "IMEHTA MARKETING", or
 * split a word of the signature's, "KALP ANA SALES AGENCIES").
 */
const signs = (
  candidate: SupplierCandidate,
  signed: readonly { line: number; words: string[] }[],
  top: number,
): boolean => {
  const words = nameTokens(candidate.text);
  return signed.some((s) => {
    if (candidate.line >= Math.min(top, s.line)) return false;
    const shared = s.words.filter((w) => words.includes(w));
    return shared.some((w) => w.length >= 4) && shared.length * 2 >= Math.min(words.length, s.words.length);
  });
};

// The block a known buyer's name heads: its cell and the same column for the next lines (its address). A cell
// holding one of the buyer's identifiers, IBANs or address lines is the buyer's, and so is the cell just above an
// address line (the name the address is of).
const knownBuyerCells = (
  lines: readonly string[],
  isBuyer: (text: string) => boolean,
  holdsBuyers: (text: string) => boolean,
): Set<string> => {
  const out = new Set<string>();
  lines.forEach((line, i) => {
    for (const cell of cellsOf(line, i)) {
      if (holdsBuyers(cell.text)) {
        out.add(`${i}:${cell.start}`);
        if (i > 0) markColumn(out, lines[i - 1] ?? "", i - 1, cell.start - 2, cell.start + 4);
      }
      if (cell.text.split(" ").length > 8 || !isBuyer(cell.text)) continue;
      for (let k = i; k <= Math.min(lines.length - 1, i + 4); k++)
        markColumn(out, lines[k] ?? "", k, cell.start - 2, cell.start + 4);
    }
  });
  return out;
};

// Another field's label starting a cell: a column beside a supplier's label, not its value. A total's word only
// as the cell's label (alone, or before a colon or an amount): a name may start with one ("Nett Front Kft").
const OTHER_LABEL = new RegExp(
  [
    ...[LABELS.invoiceDate, LABELS.date, LABELS.invoiceNumber, LABELS.dueDate, LABELS.title, LABELS.billTo].map(
      (r) => `^\\s*(?:${r.source})`,
    ),
    `^\\s*(?:${LABELS.total.source})(?=\\s*(?:$|:|\\d|\\p{Sc}))`,
  ].join("|"),
  "iu",
);

/**
 * A label's name (or, the label alone, the next line's first cell), unless the buyer's: "From:" or "Supplier:", or
 * who is to be paid ("Payable to:", "Remit to:"), then only a name (not an account, an address or a number).
 */
const labelledSupplier = (
  lines: readonly string[],
  label: RegExp,
  isBuyer: (text: string) => boolean,
  nameOnly = false,
): string | null => {
  for (const [i, line] of lines.entries()) {
    const m = line.match(label);
    if (!m) continue;
    // The label alone in its cell, another field's label in the next column ("PAYABLE TO :    INVOICE DATE"): its
    // value is on the next line.
    const after = line.slice(m[0].length).split(/\s{2,}/)[0] ?? "";
    // A cell ending in a colon is a label too ("DODAVATEL:      DODACI ADRESA:"): no name ends so.
    const rest = /\s{2}$/.test(m[0]) && (OTHER_LABEL.test(after) || /:\s*$/.test(after)) ? "" : clean(after);
    const value = rest !== "" ? rest : clean(cellsOf(lines[i + 1] ?? "", i + 1)[0]?.text ?? "");
    if (value === "" || !TWO_LETTERS.test(value) || isBuyer(value)) continue;
    // An address is no name: a printed e-mail's "From: noreply@contoso.com" (its domain corroborates the name).
    if (/^\S+@\S+\.\p{L}{2,}$|^(?:https?:\/\/|www\.)\S+$/iu.test(value)) continue;
    // Nor a date: a period's or a card's "From: 02/21 Expiry: 02/24".
    if (/^\d{1,4}\s?[/.-]\s?\d{1,2}(?!\d)/u.test(value)) continue;
    if (nameOnly && (ADDRESS.test(value) || /\d{3}|[@:]|www\./.test(value) || wordy(value) < 0.75)) continue;
    return upToForm(value);
  }
  return null;
};

// A tax number's label and its digits after a name in its cell ("CEMIG DISTRIBUIÇÃO S.A. CNPJ 06.981.180/0001-16 /
// INSC. ESTADUAL ..."): with a legal form just before, the registered name is that part. Not a register's entry or a
// share capital ("FOURNISSEUR F SARL au capital de 50 000 EUR - RCS ..."): a footer prints those after the legal
// name where the page's header names the trading one.
const REGISTER_AFTER = new RegExp(
  String.raw`\s+(?:${LABELS.taxNumber.source})\s*(?:n[º°o]\.?)?\s*[:.]?\s*[A-Z]{0,2}\s?\d.*$`,
  "iu",
);
const FORM_LAST = new RegExp(String.raw`(?:${FORM.source})\s*[,.]?$`, "u");

/** A part of a cell read as a name: its register number taken off, a start broken onto the lines above put back. */
const nameOfPart = (part: string, lines: readonly string[], i: number): { text: string; registered: boolean } => {
  const cleaned = clean(part);
  const beforeRegister = cleaned.replace(REGISTER_AFTER, "");
  if (beforeRegister !== cleaned && FORM_LAST.test(beforeRegister)) return { text: beforeRegister, registered: true };
  const registered = REGISTRATION.test(cleaned);
  const text = registered ? cleaned.replace(REGISTRATION, "") : cleaned;
  // The name's end on a line of its own: the line above is its start.
  const prior = [i - 1, i - 2].map((k) => clean(cellsOf(lines[k] ?? "", k).at(-1)?.text ?? ""));
  const above = prior.find((t) => TWO_LETTERS.test(t));
  if (FORM_ONLY.test(text) && above && !/\d/.test(above)) return { text: `${above} ${text}`, registered };
  // A name in capitals broken over two lines ("WESTERN EASTERN" over "STATIONERY SDN. BHD"): one word before the
  // legal form, and a short line of capital words just above it, is the name's start.
  if (above && CAPS_WORDS.test(above) && !NOT_NAME.test(above) && ONE_WORD_FORM.test(upToForm(text)))
    return { text: `${above} ${text}`, registered };
  // A bracket closed on this line that the line above opened ("ENTERPRISE (SETIA" / "ALAM) SDN BHD"): one name over
  // the lines, with a line of capital words above them its start.
  if (above === prior[0] && above && unclosed(text) < 0 && unclosed(above) > 0) {
    const start = prior[1] ?? "";
    return {
      text: `${CAPS_WORDS.test(start) && !NOT_NAME.test(start) ? `${start} ` : ""}${above} ${text}`,
      registered,
    };
  }
  return { text, registered };
};

// A legal form alone: the end of the name before it ("Contoso, Ltd.", "Acme, Inc."), not a part of its own.
const FORM_ALONE = new RegExp(String.raw`^\s*(?:${FORM.source})\s*$`, "u");
// A French company's legal mention after its name ("BOUYGUES TELECOM - Société Anonyme au capital de 712 588 399,56
// €"): its form ends the name.
const FORM_WITH_CAPITAL = new RegExp(String.raw`^\s*(${FORM.source})\s+au\s+capital\b`, "u");
/** A cell's parts as a sender line separates them ("Name AG - Street 40 - 12345 City"), a name's ", Inc." kept. */
const partsOf = (cell: string): string[] =>
  cell.split(/\s[-–·|•+]\s|,\s/).reduce<string[]>((out, part) => {
    const last = out.length - 1;
    const capital = part.match(FORM_WITH_CAPITAL)?.[1];
    if (last >= 0 && capital !== undefined) out[last] = `${out[last]}, ${capital}`;
    else if (last >= 0 && FORM_ALONE.test(part)) out[last] = `${out[last]}, ${part}`;
    else out.push(part);
    return out;
  }, []);

/** A name that can be the supplier's; `evidence` when its score is above nothing before repetitions count. */
interface SupplierCandidate {
  readonly text: string;
  readonly line: number;
  score: number;
  readonly form: boolean;
  readonly evidence: boolean;
  /** Something besides its place and form names it the sender: a register entry, the seller heading. */
  corroborated: boolean;
}

/** Where the page places a cell: the buyer's and seller's blocks, and how far down counts as the top. */
interface Page {
  readonly lines: readonly string[];
  readonly buyer: ReadonlySet<string>;
  readonly seller: ReadonlySet<string>;
  readonly top: number;
  /** The lines of the payment details (`bankLinesOf`). */
  readonly bankLines: ReadonlySet<number>;
}

// The marks of a line of payment details, in every language; a bank's words and headings are in the vocabularies.
const BANK_MARK = /(?<!\p{L})(?:iban|bic|swift|sort\s*code)(?!\p{L})/iu;

/** The lines of a page's payment details: a bank's marks, and a bank heading's line with the two under it. */
const bankLinesOf = (lines: readonly string[]): Set<number> => {
  const out = new Set<number>();
  lines.forEach((line, i) => {
    if (BANK_MARK.test(line)) out.add(i);
    if (LABELS.bankHeading.test(line)) for (const k of [i, i + 1, i + 2]) out.add(k);
  });
  return out;
};

// A chain's name, its branch's number and the branch's place, the number's digits the only ones.
const BRANCH_NUMBER = /^\p{L}[\p{L}&.'-]*\s+\d{2,4}(?:\s+\p{L}[\p{L}&.'-]*)*$/u;
// A line opening with a tax or register number's label and carrying its digits.
const REGISTER_LINE = new RegExp(
  String.raw`^\s*(?:${LABELS.taxNumber.source}|${LABELS.register.source})[^\n]*\d{3}`,
  "iu",
);

// A run of words opening in lower case, most of them lower case ("para la Prestación de Servicio de ENGIE aplicable",
// "fondos sean enterados efectivamente a movistar."): a sentence's part. A brand may open in lower case ("dm
// drogerie markt", "toom Baumarkt GmbH"), in fewer words.
const sentenceLike = (text: string): boolean => {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const lower = words.filter((w) => /^\p{Ll}/u.test(w)).length;
  return words.length >= 4 && /^\p{Ll}/u.test(words[0] ?? "") && lower * 2 > words.length;
};

/**
 * What one cell of a line says of a name: its form or trade word, a register number, the cell's register entry or
 * sender line (each counted for the first name of the cell only: `cellClues` is spent), its place, and what makes
 * it look like an address, a code or a sentence.
 */
const scoreName = (
  page: Page,
  at: { readonly i: number; readonly cell: Cell; readonly parts: number },
  name: { readonly text: string; readonly registered: boolean },
  cellClues: { registry: boolean; sender: boolean },
): SupplierCandidate => {
  const { i, cell } = at;
  const { text, registered } = name;
  // A legal form after a name: one opening the cell names nobody ("SE AL BEREE GE ATE", OCR's noise), except the
  // forms that stand before it ('ООО "Ромашка"', "COMPANHIA DE ...").
  const formAt = text.search(FORM);
  const form = (formAt > 0 && TWO_LETTERS.test(text.slice(0, formAt))) || FORM_BEFORE.test(text);
  let score = form ? 3 : LABELS.tradeWord.test(text) ? 1.5 : 0;
  let corroborated = registered;
  if (registered) score += 2;
  if (cellClues.registry && form && at.parts > 1) {
    score += 2;
    cellClues.registry = false;
    corroborated = true;
  }
  if (i < page.top) score += 1.5 - i / page.top;
  if (page.buyer.has(`${i}:${cell.start}`)) score -= 6;
  // A bank's name, or a name in the payment details ("BARCLAYS PLC, 1 Churchill Place" under "Bank Details"), is
  // where the money goes through, not who is owed it; the account holder's line excepted.
  if (LABELS.bank.test(text) || (page.bankLines.has(i) && !LABELS.accountHolder.test(page.lines[i] ?? ""))) score -= 6;
  // "Owned by: X Sdn Bhd" under a trading name: the owner, not the name the document is headed with.
  const line = page.lines[i] ?? "";
  if (LABELS.ownedBy.test(page.lines[i - 1] ?? "") || LABELS.ownedBy.test(line.slice(0, cell.start))) score -= 4;
  if (cellClues.sender) {
    score += 2;
    corroborated = true;
    cellClues.sender = false;
  }
  if (page.seller.has(`${i}:${cell.start}`) && !isHeading(text)) {
    score += 3;
    corroborated = true;
  }
  // A company number printed with the name ("273500-U", "(B1497-F)") and OCR's "§/B" are no noise.
  const plain = text.replace(COMPANY_NUMBER, " ").replace(/§\/[b8]/giu, "S/B");
  // A street's word with a trade's word last and no number is a shop's name ("Main Street Restaurant").
  if (ADDRESS.test(plain) && !(TRADE_LAST.test(plain) && !/\d/.test(plain))) score -= 2.5;
  // A branch's number after the chain's name ("KIWI 402 TONSENHAGEN", "REMA 1000 BJERKE") is less like an address's
  // or a phone's digits than digits anywhere else.
  if (/\d{3}/.test(plain)) score -= BRANCH_NUMBER.test(plain) ? 0.5 : 2;
  // The name over its register or tax number's line ("KIWI 402" over "ORG.NR. 937 846 231 MVA"), opening the page
  // or a block: not an address's last line over it.
  // So is a name over its address's line and then its register's ("COMPANHIA DE ELETRICIDADE ..." / "AV.EDGARD
  // SANTOS, 300, ..." / "CNPJ 15.139.629/0001-94").
  const opens = i === 0 || !THREE_LETTERS.test(page.lines[i - 1] ?? "");
  const overRegister =
    REGISTER_LINE.test(page.lines[i + 1] ?? "") ||
    (ADDRESS.test(page.lines[i + 1] ?? "") && REGISTER_LINE.test(page.lines[i + 2] ?? ""));
  if (opens && i < page.top && overRegister && !REGISTER_LINE.test(line)) {
    score += 1.5;
    corroborated = true;
  }
  // A web or mail address with words around it is a line of contacts or a sentence ("Site Web : www.mirada.qc.ca",
  // "Go to www.mcdvoice.com within 7 days"), never a name; an address alone may be all a receipt prints of one.
  if (WEB_OR_MAIL.test(plain) && plain.replace(WEB_OR_MAIL, "").trim() !== "") score -= 6;
  else if (/[@:]|www\./.test(plain)) score -= 2;
  if (plain.split(" ").length > 8) score -= 2;
  if (sentenceLike(plain)) score -= 3;
  if (wordy(plain) < 0.75 || !THREE_LETTERS.test(plain)) score -= 3;
  return { text, line: i, score, form, evidence: score > 0, corroborated };
};

/**
 * The first name of each cell that can be the supplier's, scored, and how often each name is printed. A cell may
 * be a window-envelope sender line ("Name AG - Street 40 - 12345 City"): its parts are read in turn.
 */
const supplierCandidates = (
  page: Page,
  isBuyer: (text: string) => boolean,
): { candidates: SupplierCandidate[]; seen: Map<string, number> } => {
  const seen = new Map<string, number>();
  const candidates: SupplierCandidate[] = [];
  // The cities of the page's address lines ("North Hollywood, CA 91605"): printed alone too, they name a place.
  const cities = new Set(
    page.lines.flatMap((line, i) =>
      cellsOf(line, i)
        .filter((c) => CITY_LINE.test(c.text.trim()))
        .map((c) => sameName(c.text.trim().split(",")[0] ?? "")),
    ),
  );
  page.lines.forEach((line, i) => {
    const cells = cellsOf(line, i);
    for (const [k, cell] of cells.entries()) {
      // A cell before an amount on its line may be the amount's label or item ("*Sale*  $4.49"): printed again so,
      // it is no name printed again.
      const priced = PRICE_CELL.test(cells[k + 1]?.text.trim() ?? "");
      // Below the page's head, a cell its line's price closes is an item ("TADPI PILIC BAGET KG  %01  *102,27": a
      // chicken by the kilo, no limited partnership).
      if (i >= page.top && ITEM_PRICE_AFTER.test(line.slice(cell.end))) continue;
      // Nor is a name over a quantity at its unit price ("BANANAS LOOSE" over "0.745 kg @  £0.63/ kg  £0.51").
      if (cells.length <= 2 && QUANTITY_AT_PRICE.test(page.lines[i + 1] ?? "")) continue;
      // A word ending its cell with a colon ("NUMERO:  00003 - 00003668"), or a cell whose value follows it after a
      // column gap and a colon ("State  : Maharashtra (27)"), is a label. A colon alone, or after several words, may
      // be OCR's reading of a smudge ("ap Boston Pizza:", "CIA BRASILEIRA DE DISTRIBUICAO      :").
      if (/^\S+:\s*$/.test(cell.text.trim()) || /^:\s*\S/.test(cells[k + 1]?.text.trim() ?? "")) continue;
      // Under a seller's heading ("EMISOR"), a party's name label names the seller: the name is after it.
      const parts = partsOf(page.seller.has(`${i}:${cell.start}`) ? cell.text.replace(PARTY_NAME, "") : cell.text);
      // The first name with a legal form in a cell that also gives a register entry ("..., Amtsgericht Ratingen HRA
      // 4053", "RCS Paris B 123 456 789") is the registered sender: a buyer's address never carries one.
      const cellClues = { registry: LABELS.register.test(cell.text), sender: i < page.top && isSenderLine(cell.text) };
      for (const part of parts) {
        const name = nameOfPart(part, page.lines, i);
        const { text } = name;
        if (text.length < 3 || text.length > 60 || !TWO_LETTERS.test(text)) continue;
        const key = sameName(text);
        if (!priced) seen.set(key, (seen.get(key) ?? 0) + 1);
        if (
          isBuyer(text) ||
          // A currency's code alone ("EUR" over a receipt's items) names nobody.
          !TWO_LETTERS.test(withoutCurrency(text)) ||
          NOT_NAME.test(text) ||
          NOTICE.test(text) ||
          LABEL_ALONE.test(text) ||
          tableHeading(text) ||
          TRADE_ALONE.test(text) ||
          PAID_WITH_ALONE.test(text) ||
          MONTH_DAY.test(text) ||
          // A place: a country's name alone, or the city of an address's line ("Redmond, WA 98052").
          COUNTRY_ALONE.test(text) ||
          // ... but not one with a name and a dash before the city ("WHOLE FOODS MARKET - WESTPORT, CT 06880").
          (CITY_LINE.test(cell.text.trim()) && !SENDER_PARTS.test(cell.text)) ||
          cities.has(sameName(text)) ||
          isHeading(text, parts.length === 1) ||
          LABELS.title.test(text.split(" ")[0] ?? "")
        )
          continue;
        candidates.push(scoreName(page, { i, cell, parts: parts.length }, name, cellClues));
        break;
      }
    }
  });
  return { candidates, seen };
};

/**
 * What names a candidate the sender a second time: printed again further down (footer, account holder; an address
 * repeats less often), its word in the sender's web site or e-mail ("www.alphabet.de", "info@cronus.com"), or the
 * firm the closing signature is for ("For MEHTA MARKETING").
 */
const corroborate = (
  candidates: readonly SupplierCandidate[],
  seen: ReadonlyMap<string, number>,
  domains: readonly string[],
  signatures: { readonly signed: readonly { line: number; words: string[] }[]; readonly top: number },
): void => {
  // The firm the closing signature is for.
  for (const c of candidates) {
    if (!signs(c, signatures.signed, signatures.top)) continue;
    c.score += 3;
    c.corroborated = true;
  }
  for (const c of candidates) {
    if (!c.evidence || (seen.get(sameName(c.text)) ?? 0) <= 1) continue;
    c.score += 1.5;
    c.corroborated = true;
  }
  // A brand's word alone on a line above (a logo's) and a longer name below that holds it ("EXTENSION" over "EPFL
  // Extension School", "GEPREK" over "Geprek Bensu Kopo Bandung"): the longer one is the name the logo stands for.
  // Only a logo among the first three lines, with the name at most three lines under it.
  const logos = candidates
    .filter((c) => c.line < 3 && /^\p{L}{3,}$/u.test(c.text.trim()))
    .map((c) => ({ line: c.line, word: sameName(c.text.trim()) }));
  for (const c of logos.length > 0 ? candidates : []) {
    const words: string[] = sameName(c.text).match(/\p{L}+/gu) ?? [];
    const logo = logos.find((l) => l.line < c.line && c.line - l.line <= 3);
    if (words.length >= 2 && logo !== undefined && words.includes(logo.word)) c.score += 1.5;
  }
  for (const c of candidates) {
    const words = c.text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
    if (words.some((w) => !GENERIC_WORDS.has(w) && domains.some((d) => d.includes(w)))) {
      c.score += 3.5;
      c.corroborated = true;
    }
  }
};

// A run of 24 Latin letters or more: words OCR read without their spaces ("SENGONULTAVUKCULUKGIDASAN.TIC"), whose
// name is there but not as printed.
const GLUED_WORDS = /\p{Script=Latin}{24,}/u;

/**
 * How sure the best name is. A legal-form name near the top that something else names as the sender too (its web
 * site or footer e-mail, a register entry, a printing further down, the seller heading, the envelope's sender
 * line), with no rival within a legal form's weight of it, is as sure as a labelled one; a name whose words OCR ran
 * together is not.
 */
const supplierConfidence = (best: SupplierCandidate, margin: number, top: number): number => {
  if (!best.form) return best.score >= 2 ? 0.6 : 0.4;
  if (margin < 1.5 || best.line >= top || GLUED_WORDS.test(best.text)) return 0.75;
  return best.corroborated && margin >= 3 ? 0.9 : 0.85;
};

/**
 * The cells of the buyer's block, as `line:column` keys: under a "Bill to" / "Rechnungsempfänger" label, in a
 * window envelope under its sender line, and headed by or holding what the reader knows of the buyer.
 */
export const buyerBlock = (
  lines: readonly string[],
  known: KnownBuyer = NO_BUYER,
  cells: readonly TextBox[] = [],
): Set<string> => {
  const buyer = buyerCells(lines);
  for (const key of placedBuyerCells(lines, cells)) buyer.add(key);
  for (const key of addresseeCells(lines)) buyer.add(key);
  for (const key of knownBuyerCells(lines, buyerTest(known.names), buyerIdentityTest(known))) buyer.add(key);
  return buyer;
};

// A Chinese VAT invoice (fapiao): its title, and its parties' "名称:" lines.
const FAPIAO = /[发發]\s*票/u;
/** Whether the page is a fapiao: its title is printed. */
export const isFapiao = (lines: readonly string[]): boolean => lines.some((l) => FAPIAO.test(l));
// OCR may drop the label's first character ("称:") or the buyer's name (read down a seal); a name ends at a column
// gap. An e-invoice's text layer prints the two blocks side by side ("购 名称：上海汀上… 销 名称：杭州搏一搏…"), and
// an invoice the tax office issues for a company names it after its own ("代开企业名称:深圳市…"): every one counts.
const FAPIAO_NAMES = /(?:名\s*)?[称稱]\s*[:：]\s*(.*?)(?=\s{2,}|$)/gu;

// The seller's margin heading read on its own name's line ("销 名  称：  深圳市南山区江南百货商场"): that name, even
// where the buyer's name line was not read as one.
const SELLER_NAME_LINE = /^\s*[销銷卖賣]\s*(?:方\s*)?(?:名\s*)?[称稱]\s*[:：]\s*(.*?)(?=\s{2,}|$)/u;

/**
 * A fapiao's seller: the form prints the buyer's block over the seller's, each with a "名称:" line, their headings
 * ("购买方", "销售方") written down the margin one character a line, which OCR reads apart. The name on the line
 * the seller's heading opens; else, of two name lines or more, the last one's name.
 */
const fapiaoSeller = (lines: readonly string[], isBuyer: (text: string) => boolean): string | null => {
  if (!isFapiao(lines)) return null;
  const headed = lines.map((l) => l.match(SELLER_NAME_LINE)?.[1]).find((n) => n !== undefined);
  const own = headed === undefined ? "" : clean(headed);
  if (/\p{sc=Han}{4}/u.test(own) && !isBuyer(own)) return own;
  const named = lines.flatMap((l) => [...l.matchAll(FAPIAO_NAMES)].map((n) => clean(n[1] ?? "")));
  const last = named.at(-1);
  if (named.length < 2 || last === undefined || !/\p{sc=Han}{4}/u.test(last) || isBuyer(last)) return null;
  return last;
};

/**
 * The supplier's name, from candidates scored by evidence: a "From/Supplier" label, a legal form, a place near
 * the top, the name repeated (header and footer, account holder), outside the buyer's block.
 */
export const findSupplierName = (
  lines: readonly string[],
  known: KnownBuyer = NO_BUYER,
  /** The buyer's block when the caller has it already (`buyerBlock` of the same lines and buyer). */
  block?: ReadonlySet<string>,
): { value: string | null; confidence: number } => {
  const byName = buyerTest([...known.names, ...billedNames(lines), ...greetedNames(lines), ...addressedNames(lines)]);
  const holdsBuyers = buyerIdentityTest(known);
  const isBuyer = (text: string): boolean => byName(text) || holdsBuyers(text);
  const labelled = labelledSupplier(lines, LABELS.supplier, isBuyer);
  if (labelled !== null) return { value: labelled, confidence: 0.9 };
  const seller = fapiaoSeller(lines, isBuyer);
  if (seller !== null) return { value: seller, confidence: 0.75 };
  // Who is to be paid is the seller, or a bank or collector for it: a name, not yet sure.
  const payee = labelledSupplier(lines, LABELS.payee, isBuyer, true);
  if (payee !== null) return { value: payee, confidence: 0.85 };
  const buyer = block ?? buyerBlock(lines, known);
  const page: Page = {
    lines,
    buyer,
    seller: sellerCells(lines),
    top: Math.max(8, Math.min(15, Math.round(lines.length / 4))),
    bankLines: bankLinesOf(lines),
  };
  const { candidates, seen } = supplierCandidates(page, isBuyer);
  corroborate(candidates, seen, ownDomains(lines, buyer), { signed: signedNames(lines), top: page.top });
  const ranked = candidates.sort((a, b) => b.score - a.score || a.line - b.line);
  const best = ranked[0];
  if (!best || best.score <= 0) return { value: null, confidence: 0 };
  const name = upToForm(best.text);
  const margin = best.score - (ranked.find((c) => upToForm(c.text) !== name)?.score ?? 0);
  return { value: name, confidence: supplierConfidence(best, margin, page.top) };
};
