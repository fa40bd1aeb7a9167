import { type BankStatement, readBankStatements } from "@apar/core";
import { parser } from "../reading/einvoice-xml.js";

/** At most this much XML per statement file (a year of a busy account's entries fits in far less). */
export const MAX_STATEMENT_BYTES = 16 * 1024 * 1024;

/** What a statement file reads as: its statements, or why not. */
export type CamtReading = BankStatement[] | "not-camt" | "corrupt" | "too-many";

/** An entry's opening tag, with or without a namespace prefix. */
const ENTRY_TAG = /<(?:[A-Za-z_][\w.-]*:)?Ntry[\s/>]/g;

/** Whether the XML opens more than `max` entries: counted on the text, before anything is built from it. */
const moreEntriesThan = (xml: string, max: number): boolean => {
  ENTRY_TAG.lastIndex = 0;
  let count = 0;
  while (ENTRY_TAG.exec(xml) !== null) if (++count > max) return true;
  return false;
};

/**
 * The statements of a camt.052/053/054 file: its statements, "not-camt" for other XML, "corrupt" for broken,
 * oversized or DOCTYPE-carrying XML (entities stay unexpanded, as for e-invoices), or "too-many" when it opens
 * more than `maxEntries` entries (counted before the file is parsed).
 */
export const readCamtXml = (bytes: Uint8Array, maxEntries = Number.POSITIVE_INFINITY): CamtReading => {
  if (bytes.byteLength > MAX_STATEMENT_BYTES) return "corrupt";
  const xml = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096))) return "corrupt";
  if (moreEntriesThan(xml, maxEntries)) return "too-many";
  let tree: unknown;
  try {
    tree = parser().parse(xml, true);
  } catch {
    return "corrupt";
  }
  return readBankStatements(tree) ?? "not-camt";
};
