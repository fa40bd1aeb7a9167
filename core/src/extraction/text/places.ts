// Places as addresses print them, and the marks of a country's bills, which tell a page's country: a US state and
// ZIP code, a Canadian postal code, a country's name, its taxes and registers. The currency of a page that prints
// none and the dollar a bare "$" is are told by them (parse-bill-text.ts), and no place is a supplier's name
// (supplier.ts).
import { BUDDHIST_ERA_YEAR, MITI_LABEL } from "./dates.js";

// A US address's state and ZIP code ("RICE, MN 56367-9740"). It also tells the order of day and month where no
// date or currency on an English page does: the month first.
export const US_ADDRESS =
  /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]),?\s+\d{5}(?:-\d{4})?\b/;

// A Canadian postal code ("N2H 5M5": letter, digit, letter, digit, letter, digit, in the letters Canada Post uses).
// `gap`: what stands between its halves.
const caPostcode = (gap: string): RegExp =>
  new RegExp(String.raw`\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]${gap}\d[ABCEGHJ-NPRSTV-Z]\d\b`);
export const CA_POSTCODE = caPostcode(String.raw`\s?`);

// A country's name as its addresses print it, in its own language and in English: its ISO 3166 code.
// biome-ignore format: a table reads better several to a line
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  france: "FR", deutschland: "DE", germany: "DE", italia: "IT", italy: "IT", españa: "ES", spain: "ES",
  portugal: "PT", nederland: "NL", netherlands: "NL", belgique: "BE", belgië: "BE", belgium: "BE",
  österreich: "AT", austria: "AT", ireland: "IE", suomi: "FI", finland: "FI", luxembourg: "LU",
  "united kingdom": "GB", schweiz: "CH", suisse: "CH", svizzera: "CH", switzerland: "CH", polska: "PL",
  poland: "PL", "česká republika": "CZ", "czech republic": "CZ", sverige: "SE", sweden: "SE", danmark: "DK",
  denmark: "DK", norge: "NO", norway: "NO", canada: "CA", australia: "AU", india: "IN", japan: "JP",
  brasil: "BR", brazil: "BR", méxico: "MX", mexico: "MX", magyarország: "HU", hungary: "HU", românia: "RO",
  romania: "RO", türkiye: "TR", turkey: "TR", "new zealand": "NZ", singapore: "SG", malaysia: "MY",
  indonesia: "ID", thailand: "TH", philippines: "PH", israel: "IL", "south africa": "ZA", kenya: "KE",
  nigeria: "NG", vietnam: "VN", "viet nam": "VN", "república dominicana": "DO", "republica dominicana": "DO",
  "dominican republic": "DO", moldova: "MD",
};
// A country's name ending an address's line, alone or before a postal code of five or six digits ("SINGAPORE
// 428751", "Malaysia 50450", "Singapore, 179103"); four digits are as often a year.
export const COUNTRY_AT_END = new RegExp(
  String.raw`(?<![\p{L}])(${Object.keys(COUNTRY_NAMES).join("|")})(?:,?\s+\d{5,6})?\s*$`,
  "gimu",
);

/** A country's name standing alone ("Canada" on an address's last line). */
export const COUNTRY_ALONE = new RegExp(String.raw`^\s*(?:${Object.keys(COUNTRY_NAMES).join("|")})\s*$`, "iu");

/** A city's line of an address: the city, then a US state and ZIP, a province and postal code, or a country's code. */
export const CITY_LINE = new RegExp(
  String.raw`^[\p{L} .'-]{2,30},\s*(?:${US_ADDRESS.source.slice(2)}|[A-Z]{2}\s+${CA_POSTCODE.source.slice(2)}|U\.?S\.?A?\.?|U\.?K\.?)(?:\s|$)`,
  "u",
);

/** What a country's bills print and no other's do, and the currency it tells. */
export interface CountryMarks {
  readonly currency: string;
  /** Its taxes, registers and tax receipts' names, its own names, its addresses' form: any one marks a page. */
  readonly marks: readonly RegExp[];
  /**
   * What hints at it without marking where the page is from: its places' names, which a buyer's address prints too
   * (on a US seller's page), and its currency's code, which English OCR makes of another script's words ("BYN.").
   */
  readonly hints?: readonly RegExp[];
  /** Its currency is written "$" too: on a page it marks, a bare "$" is that currency, not the US dollar. */
  readonly dollar?: true;
}

/**
 * The countries whose bills mark them, by ISO 3166 code: one table for every question a page's country answers (its
 * dollar, the currency of a page that prints none, which country a unit or a sign two countries write is meant in).
 */
export const COUNTRY_MARKS = {
  US: { currency: "USD", marks: [US_ADDRESS] },
  // Canada's HST and QST, spelt out or not (GST alone is many countries' tax), its dollar's name, and a postal code
  // after a province or printed with its space: a code run together in a place of its own could be a reference.
  CA: {
    currency: "CAD",
    dollar: true,
    marks: [
      /\b(?:HST|QST)\b|\bharmoni[sz]ed\s+sales\s+tax\b|\bcanadian\s+(?:currency|dollars?)\b/i,
      new RegExp(String.raw`\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+${CA_POSTCODE.source.slice(2)}`),
      caPostcode(" "),
    ],
  },
  // Australia's and New Zealand's business numbers, their dollars' names; Australia's bank branch numbers (BSB).
  AU: {
    currency: "AUD",
    dollar: true,
    marks: [/\bABN\b|\baustralian\s+dollars?\b/i, /\bBSB\s*(?:No\.?)?\s*:?\s*\d{3}[-\s]?\d{3}(?!\d)/],
  },
  NZ: { currency: "NZD", dollar: true, marks: [/\bNZBN\b|\bnew\s+zealand\s+dollars?\b/i] },
  // Argentina's tax number (C.U.I.T.), which its invoices print for seller and buyer alike, named or by its shape
  // (a kind of person, eight digits, a check digit: "30-64243841-3").
  AR: {
    currency: "ARS",
    dollar: true,
    marks: [/\bC\.?\s?U\.?\s?I\.?\s?T(?!\p{L})/u, /(?<![\d-])(?:20|23|24|27|30|33|34)-\d{8}-\d(?![\d-])/],
  },
  // Mexico's taxpayer register (RFC) and its e-invoice (CFDI).
  MX: { currency: "MXN", dollar: true, marks: [/\bR\.?\s?F\.?\s?C\b|\bCFDI\b/] },
  // Taiwan's unified business number and uniform invoice, its dollar's name, the Republic's years ("民國110年",
  // "110年08月").
  TW: {
    currency: "TWD",
    dollar: true,
    marks: [/統一編號|统一编號|統一發票|新[臺台]幣|民國|(?<!\d)1\d{2}\s?年\s?\d{1,2}\s?月/u],
  },
  HK: { currency: "HKD", dollar: true, marks: [], hints: [/\bHong\s*Kong\b|香港|九龍|新界/iu] },
  // Singapore's entity number (UEN) and its private companies' "Pte. Ltd.".
  SG: { currency: "SGD", dollar: true, marks: [/\bUEN\b|\bPte\.?\s?Ltd\b/i], hints: [/\bSingapore\b/i] },
  // Malaysia's private companies, "Sdn. Bhd.".
  MY: { currency: "MYR", marks: [/\bSdn\.?\s?Bhd\b/i] },
  // El Salvador's electronic tax documents (its "Número de Control: DTE-03-M001P001-000000000003465", its register's
  // "NRC:"): the US dollar is its currency.
  SV: { currency: "USD", marks: [/\bDTE-\d{2}-[A-Z0-9]{8}-\d{15}\b/, /\bN\.?R\.?C\.?\s*:/] },
  // Indonesia's tax number, the NPWP ("NPWP : 01.701.114.0-048.000"), and its VAT's base as minimarkets' receipts
  // print it beside the VAT ("PPN : DPP= 40,218 PPN= 4,826").
  ID: { currency: "IDR", marks: [/\bNPWP\b|\bDPP\s*[=:]/] },
  // Turkey's VAT (KDV, "Katma Değer Vergisi", its total "TOPKDV") and tax office ("Vergi Dairesi"), its receipts'
  // number ("FİŞ NO") and its e-archive invoice ("E-ARŞİV FATURA"), as OCR writes them without their marks too.
  TR: {
    currency: "TRY",
    marks: [/\b(?:TOP)?KDV\b|\bVergi\s+Dairesi\b/i, /(?<!\p{L})(?:F[İI][SŞ]\s?NO|E-?AR[SŞ][İI]V)(?!\p{L})/u],
  },
  // Chile's tax number (R.U.T.) with its check digit ("76.123.456-K"): Uruguay's RUT has none.
  CL: {
    currency: "CLP",
    dollar: true,
    marks: [/\bR\.?\s?U\.?\s?T\.?\s*:?\s*\d{1,2}\.?\d{3}\.?\d{3}\s?-\s?[\dkK](?![\p{L}\d])/u],
  },
  // Kenya's tax PIN, a letter, nine digits and a letter ("PIN: P051126577H").
  KE: { currency: "KES", marks: [/\bPIN\s*(?:No\.?)?\s*:?\s*[AP]\d{9}[A-Z]\b/i] },
  // The Dominican Republic's taxpayer number (RNC), its tax receipts' number (NCF) and its VAT (ITBIS).
  DO: {
    currency: "DOP",
    dollar: true,
    marks: [/\b(?:RNC|NCF|ITBIS)\b|Rep[úu]blica\s+Dominicana|Dominican\s+Republic/i],
  },
  // Brazil's company number (CNPJ), named or by its form, and its invoices' names (the "Nota Fiscal" and the
  // "DANFE" that prints an electronic one; Portugal's is a "Fatura").
  BR: {
    currency: "BRL",
    marks: [/\bCNPJ\b|\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/, /\bDANFE\b|\bNota\s+Fiscal\b/i],
  },
  // France's business register's numbers (SIREN, and SIRET for an establishment), which its bills and tills print.
  FR: { currency: "EUR", marks: [/\bSIRE[NT]\b/i] },
  // Italy's VAT number's name ("Partita IVA", "P. IVA", "Part. Iva"; Switzerland's Italian bills say "N. IVA").
  IT: { currency: "EUR", marks: [/\bP(?:art(?:ita)?)?[.,]?\s?IVA\b/i] },
  // Thailand's abbreviated tax invoice ("TAX INVOICE (ABB.)"), its baht's name and its Buddhist era's years in a
  // date ("27/11/2566" is 2023's), as English OCR still reads them on a Thai receipt.
  TH: {
    currency: "THB",
    marks: [
      /INVOICE\s*\(\s*ABB\b/i,
      /\bBaht\b/i,
      new RegExp(`(?<![\\d/.-])\\d{1,2}[/.-]\\d{1,2}[/.-]${BUDDHIST_ERA_YEAR}(?![\\d/])`),
    ],
    hints: [/\bBangkok\b/i],
  },
  // The label of Nepal's own calendar's date ("Miti : 21/03/2081", beside the Gregorian one).
  NP: { currency: "NPR", marks: [new RegExp(`${MITI_LABEL}\\s*:`, "u")], hints: [/\b(?:Nepal|Kathmandu)\b/i] },
  // Bosnia and Herzegovina's identification and tax numbers (JIB, 13 digits; PIB, 12) and its fiscal receipts'
  // device number (IBFM).
  BA: { currency: "BAM", marks: [/\bJIB\s*:?\s*\d{13}(?!\d)|\bPIB\s*:?\s*\d{12}(?!\d)|\bIBFM\b/] },
  // Russia's fiscal receipts, which by law name their cash register (ККТ: "РН ККТ", "ЗН ККТ"; English OCR reads the
  // letters as Latin "KKT").
  RU: { currency: "RUB", marks: [/(?<![\p{L}\d])(?:ККТ|KKT)(?!\p{L})/u] },
  // Belarus's taxpayer number (УНП), its name and capital, its rouble's code.
  BY: { currency: "BYN", marks: [/(?<!\p{L})(?:УНП|Беларусь|Минск)(?!\p{L})/u], hints: [/\bBYN\b/] },
  GT: { currency: "GTQ", marks: [/\bGuatemala\b/i] },
  // Switzerland's company number (UID, "CHE-123.456.789") and its largest cities, as German, French and Italian write
  // them (and as "Zuerich" where a till has no umlaut).
  CH: {
    currency: "CHF",
    marks: [/\bCHE-?\s?\d{3}\.?\d{3}\.?\d{3}\b/],
    hints: [/(?<!\p{L})(?:Z[üu]e?rich|Gen[èe]ve|Genf|Basel|Bern|Lausanne|Luzern|Lugano|Winterthur)(?!\p{L})/iu],
  },
  // Sweden's company number, six digits and four ("Org Nr: 556074-7569"; Norway's has nine, Finland's 7 and 1).
  SE: { currency: "SEK", marks: [/\bOrg\.?\s?n[ro]\.?\s*:?\s*\d{6}-\d{4}(?!\d)/i] },
  // Moldova's full name and its capital (Romania has a region and a town named Moldova): its leu is written "lei"
  // as Romania's is.
  MD: { currency: "MDL", marks: [/(?<!\p{L})(?:Republica\s+Moldova|Chi[sșş]in[aă]u)(?!\p{L})/iu] },
  // India's GST number, its GST's central, state and integrated parts ("CGST", "SGST2.5"), and amounts grouped in
  // lakhs ("7,08,000.00"), which no other country prints; its largest cities (OCR reads "₹" as "¥" or "$": a fuel
  // slip from Delhi).
  IN: {
    currency: "INR",
    marks: [/\bGSTIN\b|(?<![\d,])\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}(?!\d)/, /(?<![A-Za-z])(?:C|S|I|UT)GST(?![A-Za-z])/],
    hints: [/\b(?:Delhi|Mumbai|Bengaluru|Bangalore|Chennai|Kolkata|Ahmedabad)\b/i],
  },
} as const satisfies Readonly<Record<string, CountryMarks>>;

/** Whether the page's text carries a mark of the country, or with `hints` one of its hints. */
export const marks = (country: CountryMarks, text: string, hints = true): boolean =>
  country.marks.some((re) => re.test(text)) || (hints && (country.hints ?? []).some((re) => re.test(text)));

// The currency of a country that has one, by its ISO 3166 code (the two letters its VAT numbers and IBANs start
// with): those of `COUNTRY_MARKS`, and the countries no mark tells. Left out: the euro's newest members while their
// old currency is still on bills (Bulgaria, Croatia), and Greece's VAT prefix "EL".
// biome-ignore format: a table reads better several to a line
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  AT: "EUR", BE: "EUR", CY: "EUR", DE: "EUR", EE: "EUR", ES: "EUR", FI: "EUR", FR: "EUR", GR: "EUR", IE: "EUR",
  IT: "EUR", LT: "EUR", LU: "EUR", LV: "EUR", MT: "EUR", NL: "EUR", PT: "EUR", SI: "EUR", SK: "EUR", MC: "EUR",
  CZ: "CZK", DK: "DKK", HU: "HUF", PL: "PLN", RO: "RON", SE: "SEK", GB: "GBP", CH: "CHF", LI: "CHF", NO: "NOK",
  IS: "ISK", JP: "JPY", TR: "TRY", ID: "IDR", TH: "THB", PH: "PHP", IL: "ILS", ZA: "ZAR", NG: "NGN", VN: "VND",
  ...Object.fromEntries(Object.entries(COUNTRY_MARKS).map(([country, { currency }]) => [country, currency])),
};
