// Currency codes and signs as they appear on bills.

const CODES = [
  "EUR",
  "GBP",
  "USD",
  "CHF",
  "CAD",
  "AUD",
  "JPY",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "NZD",
  "SGD",
  "HKD",
  "HUF",
  "MYR",
  "INR",
  "HRK",
  "RON",
  "BGN",
  "ISK",
  "TRY",
  "ZAR",
  "CNY",
  "THB",
  "IDR",
  "PHP",
  "MXN",
  "BRL",
  "AED",
  "RSD",
  "BAM",
  "UAH",
  // Further currencies whose codes are no word a bill prints in capitals: "PEN", "CUP", "AMD", "ALL", "RUB", "KGS"
  // (kilograms) are, "MAD" is Madrid's airport, and "BHD" (Berhad) ends Malaysian names, "SAR" Hong Kong's; those
  // are left out.
  "ARS",
  "CLP",
  "COP",
  "UYU",
  "PYG",
  "KRW",
  "ILS",
  "VND",
  "PKR",
  "LKR",
  "BDT",
  "UZS",
  "KZT",
  "KES",
  "NGN",
  "EGP",
  "QAR",
  "KWD",
  "OMR",
  "JOD",
  "TND",
  "TWD",
  "BYN",
  "XOF",
  "XAF",
  "GTQ",
  "MDL",
  // The Dominican peso's code counts only on a page with the country's marks (parse-bill-text's `placedOn`): Italy
  // and Spain print "DOP" (a protected origin) on their cheeses and hams.
  "DOP",
];
const CODE_SET: ReadonlySet<string> = new Set(CODES);
// Built once: `withoutCurrency` runs on every line an amount is looked for in.
const ANY_CODE = new RegExp(`\\b(?:${CODES.join("|")})\\b`, "g");
// Each sign: how a line names it, its currency, and (where it is letters, or a sign beside letters that are no
// prefix of a dollar's) the part `withoutCurrency` strips; one character signs are stripped by `ONE_CHAR_SIGN`.
const SIGNS: readonly (readonly [RegExp, string, string?])[] = [
  [/€/, "EUR"],
  // "310,00 EURO", "12 Euros", "ZU ZAHLEN EURO  24,23": the word beside an amount, a column's gap between them; or
  // alone on its line, over a till receipt's column of amounts (Italy's "EURO").
  [/\d\s*euros?\b|\beuros?\s*\d|^\s*euros?\s*$/i, "EUR"],
  // Its code written as a word beside an amount ("Netto Eur 129,75", "15,40 Eur"), as some tills print it.
  [/(?<![A-Za-z])Eur\.?\s?\d|\d\s?Eur(?![A-Za-z])/, "EUR"],
  [/£/, "GBP"],
  // Letters and "$" make a sign only as a word of their own: "CTR$I" read off a till's line is none, nor is "S$iv",
  // OCR's reading of a Walmart store's "ST#".
  [/(?<![A-Za-z])(?:US|U\.S\.)\s?\$(?![A-Za-z])/, "USD"],
  [/(?<![A-Za-z])(?:C|CA)\$(?![A-Za-z])/, "CAD"],
  [/(?<![A-Za-z])(?:A|AU)\$(?![A-Za-z])/, "AUD"],
  [/(?<![A-Za-z])R\$(?![A-Za-z])/, "BRL"],
  // OCR reads its "$" as an "S" against the amount ("HKS88.00").
  [/(?<![A-Za-z])HK\$(?![A-Za-z])|(?<![A-Za-z])HKS(?=\s?\d)/, "HKD", String.raw`(?<![A-Za-z])HKS(?=\s?\d)`],
  [/(?<![A-Za-z])S\$(?![A-Za-z])/, "SGD"],
  [/(?<![A-Za-z])NZ\$(?![A-Za-z])/, "NZD"],
  [/(?<![A-Za-z])NT\$(?![A-Za-z])|新[臺台]幣/u, "TWD"],
  [/(?<![A-Za-z])RD\$(?![A-Za-z])/, "DOP"],
  [/\$/, "USD"],
  [/\bFr\.\s?\d/, "CHF"],
  [/\bRM\s?\d|\(RM\)|\bRM\b/, "MYR", String.raw`\bRM(?=\s?\d|\b)`],
  // Not before comma decimals ("Rs 0,00"), which India never prints: OCR's reading of Brazil's "R$". In brackets
  // after a label ("GRAND TOTAL (Rs.)"), as Malaysia's "(RM)".
  [/₹|\(Rs\.?\)|\bRs\.?\s?\d(?!\d{0,2}(?:\.\d{3})*,\d{2}(?!\d)(?![.,]\d))/, "INR", String.raw`\bRs\.?(?=\s?\d)`],
  [/\bzł|\bzl\b/, "PLN", String.raw`\bzł`],
  [/\d\s?kn\b|\bkn\s?\d/, "HRK"],
  // "Kč 12.100,-", "500 Kč": "č" is no word character to JavaScript, so no "\b" can close the sign.
  [/(?<!\p{L})Kč(?!\p{L})/u, "CZK", String.raw`(?<!\p{L})Kč`],
  // Signs of one character that only their currency uses, and the words tills print beside an amount.
  [/₴|\d\s?грн|(?<!\p{L})грн(?!\p{L})/u, "UAH", String.raw`(?<!\p{L})грн`],
  // "NIS" a word of its own, as the codes are: glued to digits it is OCR's reading of something else ("NIS7721").
  [/₪|\bNIS\b/, "ILS"],
  [/₩|\d\s?원/u, "KRW"],
  [/₫|\d\s?(?:VNĐ|đ)(?!\p{L})/u, "VND"],
  [/₺|\d\s?TL\b/, "TRY"],
  [/\d\s?Ft\b/, "HUF"],
  // Tunisia's dinar after its amount ("13.360 DT"); not "DT." before a date, which is "dated" ("DOC.NO. 2407252000
  // DT.25/07/2024").
  [/\d\s?DT\b(?!\.?\s?\d)/, "TND"],
  [/\d\s?lei\b|\blei\s?\d/i, "RON"],
  [/₱/, "PHP"],
  // The baht's sign and word ("62.50 บาท", "฿120").
  [/฿|\d\s?บาท|(?<!\p{L})บาท/u, "THB"],
  [/₦/, "NGN"],
  [/₸/, "KZT"],
  [/\d\s?лв\.?(?!\p{L})/u, "BGN", "лв"],
  // Kenya's shilling ("Ksh 600.00", "KShs. 1,200"), a sign of letters beside its amount.
  [
    /(?<![A-Za-z])K[Ss][Hh][Ss]?\.?\s?\d|\d\s?K[Ss][Hh][Ss]?(?![A-Za-z])/,
    "KES",
    String.raw`(?<![A-Za-z])K[Ss][Hh][Ss]?\.?(?=\s?\d)`,
  ],
  // The CFA franc ("132.000 FCFA", "francs CFA"): West Africa's (XOF) and Central Africa's (XAF) write it alike, so
  // it reads as the first, and the page's country tells (parse-bill-text's `findCurrency`).
  [/(?<![A-Za-z])(?:F\.?\s?CFA|francs?\s+CFA|CFA\s+francs?)(?![A-Za-z])/i, "XOF", String.raw`\bF\.?\s?CFA\b`],
  // The dirham after or before its amount ("22,00DH", "Dhs 50"): Morocco's, or the Emirates' by the page's places.
  [
    /\d\s?(?:DH|Dhs?)(?![A-Za-z\d])|(?<![A-Za-z\d])(?:DH|Dhs?)(?:\.\s?|\s)\d/,
    "MAD",
    String.raw`(?<=\d\s?)(?:DH|Dhs?)(?![A-Za-z\d])|(?<![A-Za-z\d])(?:DH|Dhs?)(?:\.(?=\s?\d)|(?=\s\d))`,
  ],
  // Guatemala's quetzal before its amount ("Q 6,599.00"): only where the page names Guatemala (`findCurrency`).
  [
    /(?<![\p{L}\d])Q\.?\s?\d{1,3}(?:,?\d{3})*\.\d{2}(?!\d)/u,
    "GTQ",
    String.raw`(?<![\p{L}\d])Q\.?(?=\s?\d{1,3}(?:,?\d{3})*\.\d{2}(?!\d))`,
  ],
  [/₽|\d\s?руб/u, "RUB"],
  // Peru's sol before its amount ("S/ 73.60", "S/.12.00").
  [/(?<![A-Za-z])S\/\.?\s?\d/, "PEN", String.raw`(?<![A-Za-z])S\/\.?(?=\s?\d)`],
  [/₲|\bGs\.?\s?\d/, "PYG"],
  // The rupiah before its amount, or after it as a fuel pump's slip prints it ("Amount 30000. Rp").
  [/\bRp\.?\s?\d|\d\.?\s?Rp\b/, "IDR"],
  // "¥" is the yen's and the yuan's: only the written unit tells them apart.
  [/\d\s?円|円\s?\d|[¥￥]/u, "JPY"],
  [/\bRMB\b|\d\s?元|人民币/u, "CNY"],
];

/** The currencies a line names, codes first then signs, each with the sign it was read from (none for a code). */
export const currencyMentions = (line: string): { code: string; sign: string | null }[] => {
  const found: { code: string; sign: string | null }[] = [];
  for (const m of line.matchAll(/\b[A-Z]{3}\b/g)) if (CODE_SET.has(m[0])) found.push({ code: m[0], sign: null });
  for (const [re, code] of SIGNS) {
    const m = line.match(re);
    if (m) found.push({ code, sign: m[0] });
  }
  return found;
};

/** The currencies a line names, codes first then signs. */
export const currenciesIn = (line: string): string[] => currencyMentions(line).map((m) => m.code);

// A sign of one character, with the letters of the dollars' names before it ("US$", "HK$", "S$", "NT$", "RD$").
const ONE_CHAR_SIGN = String.raw`(?:US|CA|AU|A|C|RD|R|HK|S|NZ|NT)?[$€£₹₴₪₩₫₺₱₦₸₽₲¥￥円元]`;
// Built once from `SIGNS`: every sign's stripped part, one pattern.
const SIGN_TEXT = new RegExp(
  [ONE_CHAR_SIGN, ...SIGNS.flatMap(([, , strip]) => (strip === undefined ? [] : [strip]))].join("|"),
  "gu",
);

/** Strips currency codes and signs from text so only the number remains. */
export const withoutCurrency = (text: string): string =>
  text
    .replace(ANY_CODE, " ")
    // The euro's word and code are letters in any case ("EUROS", "Eur"): stripped before the signs.
    .replace(/\beuros?\b/gi, " ")
    .replace(/(?<![A-Za-z])Eur\.?(?=\s?\d)|(?<=\d\s?)Eur(?![A-Za-z])/g, " ")
    .replace(SIGN_TEXT, " ");
