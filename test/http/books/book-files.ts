import { readFileSync } from "node:fs";
import { join } from "node:path";

// Reading apar's book files back in tests, and holding them to their published column definitions:
// fixtures/datev/buchungsstapel.json (DATEV's field table) and fixtures/books/journal-csv.json (apar's columns).

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures");

interface DatevField {
  readonly number: number;
  readonly heading: string;
  readonly type: "text" | "number";
  readonly length?: number | null;
  readonly expression: string | null;
}
export const DATEV = JSON.parse(readFileSync(join(FIXTURES, "datev", "buchungsstapel.json"), "utf8")) as {
  readonly header: readonly DatevField[];
  readonly columns: readonly DatevField[];
};
export const JOURNAL_CSV = JSON.parse(readFileSync(join(FIXTURES, "books", "journal-csv.json"), "utf8")) as {
  readonly columns: readonly { readonly name: string; readonly pattern: string }[];
};

/**
 * The fields of one line as written (quotes kept): `sep` separates fields outside quotes; a quote inside a quoted
 * field is doubled.
 */
export const rawFields = (line: string, sep: string): string[] => {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      fields.push(field);
      field = "";
    } else field += ch;
  }
  fields.push(field);
  return fields;
};

/** A field's value: the text between its quotes with doubled quotes single, or the field as it is. */
export const unquoted = (field: string): string =>
  field.startsWith('"') && field.endsWith('"') && field.length >= 2 ? field.slice(1, -1).replaceAll('""', '"') : field;

/** What is wrong with one field against DATEV's definition of its column (nothing: undefined). */
const datevFieldProblem = (def: DatevField, field: string): string | undefined => {
  const where = `#${def.number} ${def.heading}`;
  const empty = field === "" || (def.type === "text" && field === '""');
  if (def.type === "text" && field !== "" && !/^".*"$/.test(field)) return `${where}: text not in quotes: ${field}`;
  if (def.type === "number" && field.includes('"')) return `${where}: a number in quotes: ${field}`;
  if (empty) return undefined;
  // DATEV writes \w for [A-Za-z0-9_]; JavaScript's \w is the same. The expressions hold for the field as written.
  if (def.expression !== null && !new RegExp(def.expression).test(field))
    return `${where}: ${field} does not match ${def.expression}`;
  const inner = field.slice(1, -1);
  if (def.type === "text" && def.length != null && inner.length > def.length)
    return `${where}: ${inner.length} characters, more than ${def.length}`;
  return undefined;
};

/**
 * Every problem of a DATEV file against DATEV's table: CR LF line ends, the header's 31 fields each as its expression
 * says, the heading line exactly DATEV's 125 headings in order, and each booking line's 125 fields each empty or as
 * its column's expression says, text within its length.
 */
export const datevProblems = (text: string): string[] => {
  const problems: string[] = [];
  if (!text.endsWith("\r\n")) problems.push("the file does not end with CR LF");
  if (/[^\r]\n/.test(text)) problems.push("a line ends with LF alone");
  const lines = text.split("\r\n").slice(0, -1);
  const [header, headings, ...bookings] = lines;
  const head = rawFields(header ?? "", ";");
  if (head.length !== DATEV.header.length)
    problems.push(`header has ${head.length} fields, not ${DATEV.header.length}`);
  DATEV.header.forEach((def, i) => {
    const problem = datevFieldProblem(def, head[i] ?? "");
    if (problem !== undefined) problems.push(`header ${problem}`);
  });
  const names = (headings ?? "").split(";");
  if (names.join("|") !== DATEV.columns.map((c) => c.heading).join("|"))
    problems.push(`headings differ from DATEV's: ${names.find((n, i) => n !== DATEV.columns[i]?.heading)}`);
  bookings.forEach((line, n) => {
    const fields = rawFields(line, ";");
    if (fields.length !== DATEV.columns.length)
      problems.push(`booking ${n + 1} has ${fields.length} fields, not ${DATEV.columns.length}`);
    DATEV.columns.forEach((def, i) => {
      const problem = datevFieldProblem(def, fields[i] ?? "");
      if (problem !== undefined) problems.push(`booking ${n + 1} ${problem}`);
    });
  });
  return problems;
};

/** The booking lines of a DATEV file, each as its fields' values by heading. */
export const datevBookings = (text: string): Record<string, string>[] =>
  text
    .split("\r\n")
    .slice(2, -1)
    .map((line) =>
      Object.fromEntries(rawFields(line, ";").map((f, i) => [DATEV.columns[i]?.heading ?? String(i), unquoted(f)])),
    );

/** The rows of apar's journal CSV by column name (the header row first, checked against nothing here). */
export const journalRows = (text: string): Record<string, string>[] => {
  const [head = "", ...rows] = text.split("\r\n").slice(0, -1);
  const names = rawFields(head, ",");
  return rows.map((line) =>
    Object.fromEntries(rawFields(line, ",").map((f, i) => [names[i] ?? String(i), unquoted(f)])),
  );
};

/**
 * Every problem of a journal CSV against its documented columns: CR LF, the header row exactly the columns in order,
 * each row that many fields, each value as its column's pattern says, and each entry's debits equal to its credits.
 */
export const journalProblems = (text: string): string[] => {
  const problems: string[] = [];
  if (!text.endsWith("\r\n")) problems.push("the file does not end with CR LF");
  const [head = ""] = text.split("\r\n");
  const names = JOURNAL_CSV.columns.map((c) => c.name);
  if (head !== names.join(",")) problems.push(`header row ${head} is not ${names.join(",")}`);
  const balance = new Map<string, bigint>();
  journalRows(text).forEach((row, n) => {
    if (Object.keys(row).length !== names.length) problems.push(`row ${n + 1} has ${Object.keys(row).length} fields`);
    for (const c of JOURNAL_CSV.columns)
      if (!new RegExp(c.pattern, "u").test(row[c.name] ?? ""))
        problems.push(`row ${n + 1} ${c.name}: ${row[c.name]} does not match ${c.pattern}`);
    if ((row.debit === "") === (row.credit === "")) problems.push(`row ${n + 1}: not exactly one of debit and credit`);
    const cents = (v: string | undefined) => BigInt(Math.round(Number(v === "" || v === undefined ? "0" : v) * 1000));
    const key = row.entry ?? "";
    balance.set(key, (balance.get(key) ?? 0n) + cents(row.debit) - cents(row.credit));
  });
  for (const [entry, left] of balance) if (left !== 0n) problems.push(`entry ${entry} does not balance: ${left}`);
  return problems;
};
