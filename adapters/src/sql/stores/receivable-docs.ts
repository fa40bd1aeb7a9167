import { decodeDate, decodeJson } from "../columns.js";

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

/** The columns every organisation document row has beside its JSON `body`. */
export type DocumentRow = Record<
  "id" | "client_id" | "organisation_id" | "body" | "created_at" | "updated_at",
  unknown
>;

interface OrganisationRecord {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * An organisation record kept as its own columns (id, scope, times) plus a JSON body of the rest: the body of a
 * record to write, and the record of a row read back.
 */
export const organisationDocument = <A extends OrganisationRecord>() => ({
  bodyOf: (record: A): string => {
    const { id: _i, clientId: _c, organisationId: _o, createdAt: _a, updatedAt: _u, ...body } = record;
    return JSON.stringify(body);
  },
  decode: (r: DocumentRow): A =>
    ({
      ...decodeJson<Omit<A, keyof OrganisationRecord>>(r.body),
      id: String(r.id),
      clientId: String(r.client_id),
      organisationId: String(r.organisation_id),
      createdAt: decodeDate(r.created_at),
      updatedAt: decodeDate(r.updated_at),
    }) as A,
});
