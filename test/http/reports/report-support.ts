import type { BillHarness } from "../bills/bill-harness.js";

export type Json = Record<string, unknown>;

/** The bucket a document due on `due` is in at the end of `asOf` (the rule under test, written out). */
export const bucketAt = (due: string, asOf: string): string => {
  const late = (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000;
  if (late <= 0) return "current";
  if (late <= 30) return "days1To30";
  if (late <= 60) return "days31To60";
  if (late <= 90) return "days61To90";
  return "over90";
};

/**
 * Documents at every bucket boundary: days past due at asOf and an amount, each a power of two, so that each
 * bucket's sum names the documents in it (0: due on asOf, current; -5: due later, current).
 */
export const BOUNDARY_DUES: readonly (readonly [number, string])[] = [
  [0, "1"],
  [-5, "256"],
  [1, "2"],
  [30, "4"],
  [31, "8"],
  [60, "16"],
  [61, "32"],
  [90, "64"],
  [91, "128"],
];

/** `date` moved by `days`. */
export const shift = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A report's rows of one party (by id or name), keyed by currency. */
export const rowsOf = (report: Json, party: "supplier" | "customer", match: string): Record<string, Json> =>
  Object.fromEntries(
    (report.rows as Json[])
      .filter((r) => r[`${party}Id`] === match || r[`${party}Name`] === match)
      .map((r) => [String(r.currency), r]),
  );

/** The five buckets and the total of a row, in order. */
export const figures = (row: Json | undefined) =>
  row === undefined
    ? undefined
    : [row.current, row.days1To30, row.days31To60, row.days61To90, row.over90, row.total, row.documentCount];

/** GET a JSON answer, throwing unless 200. */
export const getJson = async (h: BillHarness, path: string): Promise<Json> => {
  const a = await h.call("GET", path);
  if (a.status !== 200) throw new Error(`${path}: ${a.status} ${a.text}`);
  return a.json as Json;
};

/** A customer of the harness's organisation. */
export const aCustomer = async (h: BillHarness, name: string, country = "DE"): Promise<string> => {
  const a = await h.call("POST", "/v1/customers", {
    body: { name, email: `${name.toLowerCase().replace(/\W+/g, "")}@example.com`, currency: "EUR", country },
  });
  if (a.status !== 201) throw new Error(a.text);
  return String((a.json as Json).id);
};

/** A sent invoice of one line (`unitPrice` x 1, no tax); answers its JSON. */
export const aSentInvoice = async (
  h: BillHarness,
  customerId: string,
  o: { unitPrice: string; currency?: string; issueDate: string; dueDate: string },
): Promise<Json> => {
  const draft = await h.call("POST", "/v1/invoices", {
    body: {
      customerId,
      currency: o.currency ?? "EUR",
      issueDate: o.issueDate,
      dueDate: o.dueDate,
      lineItems: [{ description: "Work", unitPrice: o.unitPrice, taxRate: "0" }],
    },
  });
  if (draft.status !== 201) throw new Error(draft.text);
  const sent = await h.call("POST", `/v1/invoices/${(draft.json as Json).id}/send`);
  if (sent.status !== 200) throw new Error(sent.text);
  return sent.json as Json;
};
