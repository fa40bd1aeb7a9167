import { decodeJson } from "../columns.js";

/**
 * Receivables are kept as JSON documents beside their filtered columns: Date members are written as ISO
 * strings and revived by name on the way back, so a document reads back equal to what was written.
 */
export const encodeDoc = (record: object): string => JSON.stringify(record);

/** A JSON document column read back, with the named members turned back into Dates (null stays null). */
export const decodeDoc = <A>(value: unknown, dates: readonly string[]): A => {
  const doc = decodeJson<Record<string, unknown>>(value);
  for (const key of dates) {
    const v = doc[key];
    if (v !== null && v !== undefined) doc[key] = new Date(String(v));
  }
  return doc as A;
};

/** Text for case-insensitive `q`: the fields lower-cased, joined by a line feed (never inside a query). */
export const searchText = (fields: readonly (string | null)[]): string =>
  fields
    .filter((f): f is string => f !== null)
    .map((f) => f.toLowerCase())
    .join("\n");

/** A LIKE pattern for `q` (lower-cased, `!` escapes), or undefined for no filter. */
export const likeOf = (q: string | undefined): string | undefined => {
  const text = q?.trim().toLowerCase() ?? "";
  return text === "" ? undefined : `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
};
