import { type AccountingChart, fiscalYearStartOf, type JournalEntry, type JournalLine } from "@apar/core";

// DATEV's Buchungsstapel (EXTF, Versionsnummer 700, Formatkategorie 21, Formatversion 13) as DATEV publishes it: a
// header line, the column heading line, one line per booking; semicolons, CR LF, text in quotes (quotes doubled),
// decimal comma, Windows-1252. test/http/books/datev-format.test.ts holds every line apar writes to DATEV's field
// table (fixtures/datev/buchungsstapel.json).

/** The 125 column headings, in order, as DATEV's sample file writes them. */
export const DATEV_HEADINGS: readonly string[] = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`Beleginfo - Art ${n}`, `Beleginfo - Inhalt ${n}`]),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Land (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Buchungs GUID",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Land u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
];

/** The columns (numbered from 1) DATEV's table writes as text: an unused one is written `""`, others empty. */
const TEXT_COLUMNS: ReadonlySet<number> = new Set([
  2,
  3,
  6,
  9,
  11,
  12,
  14,
  16,
  20,
  ...range(21, 38),
  40,
  42,
  ...range(48, 87),
  91,
  95,
  96,
  98,
  102,
  103,
  105,
  107,
  109,
  110,
  112,
  118,
  120,
  121,
  123,
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A field as DATEV reads it: text in quotes with quotes doubled, or a bare value. */
type Field = { readonly text: string } | { readonly bare: string };

/**
 * Text as a DATEV text field takes it: control characters (a line break) as spaces, at most `max` characters between
 * the quotes as written (a doubled quote counts twice), cut on a whole character.
 */
const text = (value: string, max: number): Field => {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const written = ch === '"' ? '""' : code < 0x20 || code === 0x7f ? " " : ch;
    if (out.length + written.length > max) break;
    out += written;
  }
  return { text: out };
};

const bare = (value: string | number): Field => ({ bare: String(value) });

/** The empty fields of a line: `""` in a text column, nothing in another. */
const emptyFields = (count: number, textColumns: ReadonlySet<number>): readonly string[] =>
  Array.from({ length: count }, (_, i) => (textColumns.has(i + 1) ? '""' : ""));

const BOOKING_EMPTY = emptyFields(DATEV_HEADINGS.length, TEXT_COLUMNS);

/** A line: each field in its place (numbered from 1), every other column as `empty` has it. */
const line = (fields: readonly (readonly [number, Field])[], empty: readonly string[]): string => {
  const out = [...empty];
  for (const [n, f] of fields) out[n - 1] = "text" in f ? `"${f.text}"` : f.bare;
  return out.join(";");
};

const compact = (date: string): string => date.replaceAll("-", "");

/** What the header line states besides the chart: the period and when the file was made. */
export interface DatevBatch {
  readonly from: string;
  readonly to: string;
  readonly createdAt: Date;
  readonly chart: AccountingChart;
}

const HEADER_EMPTY = emptyFields(31, new Set([1, 4, 8, 9, 10, 17, 18, 22, 24, 27, 30, 31]));

/** The header line of a Buchungsstapel (its 31 fields). */
export const datevHeaderLine = (batch: DatevBatch): string => {
  const { chart } = batch;
  const created = batch.createdAt.toISOString().replace(/[-:TZ.]/g, "");
  return line(
    [
      [1, text("EXTF", 4)],
      [2, bare(700)],
      [3, bare(21)],
      [4, text("Buchungsstapel", 14)],
      [5, bare(13)],
      [6, bare(created)],
      [8, text("RE", 2)],
      [9, text("apar", 25)],
      [11, bare(chart.datev.consultantNumber ?? "")],
      [12, bare(chart.datev.clientNumber ?? "")],
      [13, bare(compact(fiscalYearStartOf(batch.from, chart.datev.fiscalYearStart)))],
      [14, bare(chart.accounts.payables.length)],
      [15, bare(compact(batch.from))],
      [16, bare(compact(batch.to))],
      // DATEV's Bezeichnung takes letters, digits, `_`, `.`, `/` and spaces.
      [17, text(`apar ${batch.from.replaceAll("-", ".")}/${batch.to.replaceAll("-", ".")}`, 30)],
      [19, bare(1)],
      [20, bare(0)],
      [21, bare(0)],
      [22, text(chart.datev.baseCurrency, 3)],
      [27, text(chart.datev.chartOfAccounts, 4)],
    ],
    HEADER_EMPTY,
  );
};

/** The column heading line, as DATEV's sample file writes it (no quotes). */
export const DATEV_HEADING_LINE = DATEV_HEADINGS.join(";");

/** An amount as DATEV's Umsatz takes it: two decimals after a comma, no sign (the side is S or H). */
const umsatz = (amount: string): string => {
  const [whole = "0", fraction = ""] = amount.split(".");
  if (fraction.length > 2) throw new RangeError(`DATEV takes two decimals: ${amount}`);
  return `${whole},${fraction.padEnd(2, "0")}`;
};

/** DATEV's Belegfeld 1 takes letters, digits and `_ $ & % * + - /`, at most 36: anything else becomes `_`. */
const belegfeld = (value: string): Field => ({ text: value.replace(/[^A-Za-z0-9_$&%*+\-/]/g, "_").slice(0, 36) });

/** One booking: a line of an entry against the entry's counter line (Konto against Gegenkonto). */
const booking = (entry: JournalEntry, counter: JournalLine, l: JournalLine): string =>
  line(
    [
      [1, bare(umsatz(l.amount))],
      [2, text(l.side === "debit" ? "S" : "H", 1)],
      [3, text(entry.currency, 3)],
      [7, bare(l.account)],
      [8, bare(counter.account)],
      [10, bare(`${entry.date.slice(8, 10)}${entry.date.slice(5, 7)}`)],
      [11, belegfeld(entry.documentNumber ?? entry.documentId)],
      [14, text(entry.text, 60)],
    ],
    BOOKING_EMPTY,
  );

/** The booking lines of an entry: each line but the counter one, against it. */
export const datevBookings = (entry: JournalEntry): string[] => {
  const [counter, ...others] = entry.lines;
  return counter === undefined ? [] : others.map((l) => booking(entry, counter, l));
};

/** The Windows-1252 bytes of 0x80 to 0x9F (undefined: not a character in it). */
const CP1252_HIGH = [
  0x20ac,
  undefined,
  0x201a,
  0x0192,
  0x201e,
  0x2026,
  0x2020,
  0x2021,
  0x02c6,
  0x2030,
  0x0160,
  0x2039,
  0x0152,
  undefined,
  0x017d,
  undefined,
  undefined,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2013,
  0x2014,
  0x02dc,
  0x2122,
  0x0161,
  0x203a,
  0x0153,
  undefined,
  0x017e,
  0x0178,
];
const CP1252 = new Map<number, number>(
  CP1252_HIGH.flatMap((code, i) => (code === undefined ? [] : [[code, 0x80 + i] as [number, number]])),
);

/** True when every character is one Windows-1252 and Latin-1 write as the same byte. */
const latin1 = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 0xff || (code >= 0x80 && code < 0xa0)) return false;
  }
  return true;
};

/** Text in Windows-1252, DATEV's character set: a character it has no byte for becomes `?`. */
export const windows1252 = (value: string): Buffer => {
  // Most text is Latin-1 without C1 controls, whose bytes are its code points.
  if (latin1(value)) return Buffer.from(value, "latin1");
  const bytes: number[] = [];
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0x3f;
    const high = CP1252.get(code);
    bytes.push(high ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : 0x3f));
  }
  return Buffer.from(bytes);
};

/** A whole Buchungsstapel, chunk by chunk in Windows-1252: header, headings, then each batch's bookings. */
export async function* datevFile(
  batch: DatevBatch,
  entries: AsyncIterable<readonly JournalEntry[]>,
): AsyncGenerator<Buffer> {
  yield windows1252(`${datevHeaderLine(batch)}\r\n${DATEV_HEADING_LINE}\r\n`);
  for await (const chunk of entries) {
    const lines = chunk.flatMap(datevBookings);
    if (lines.length > 0) yield windows1252(`${lines.join("\r\n")}\r\n`);
  }
}
