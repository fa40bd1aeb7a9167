// Places as addresses print them, which tell a page's country: a US state and ZIP code, a Canadian postal code, a
// country's name. The currency of a page that prints none is guessed from them (parse-bill-text.ts), and none of
// them is a supplier's name (supplier.ts).

// A US address's state and ZIP code ("RICE, MN 56367-9740"). It also tells the order of day and month where no
// date or currency on an English page does: the month first.
export const US_ADDRESS =
  /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]),?\s+\d{5}(?:-\d{4})?\b/;

// A Canadian postal code ("N2H 5M5": letter, digit, letter, digit, letter, digit, in the letters Canada Post uses).
export const CA_POSTCODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d\b/;

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
  "dominican republic": "DO",
};
// A country's name ending an address's line, alone or before a postal code of five or six digits ("SINGAPORE
// 428751", "Malaysia 50450"); four digits are as often a year.
export const COUNTRY_AT_END = new RegExp(
  String.raw`(?<![\p{L}])(${Object.keys(COUNTRY_NAMES).join("|")})(?:\s+\d{5,6})?\s*$`,
  "gimu",
);

/** A country's name standing alone ("Canada" on an address's last line). */
export const COUNTRY_ALONE = new RegExp(String.raw`^\s*(?:${Object.keys(COUNTRY_NAMES).join("|")})\s*$`, "iu");

/** A city's line of an address: the city, then a US state and ZIP, a province and postal code, or a country's code. */
export const CITY_LINE = new RegExp(
  String.raw`^[\p{L} .'-]{2,30},\s*(?:${US_ADDRESS.source.slice(2)}|[A-Z]{2}\s+${CA_POSTCODE.source.slice(2)}|U\.?S\.?A?\.?|U\.?K\.?)(?:\s|$)`,
  "u",
);
