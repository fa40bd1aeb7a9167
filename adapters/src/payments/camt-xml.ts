import { type BankStatement, readBankStatements } from "@apar/core";
import { parser } from "../reading/einvoice-xml.js";

/** At most this much XML per statement file (a year of a busy account's entries fits in far less). */
export const MAX_STATEMENT_BYTES = 16 * 1024 * 1024;

/**
 * The statements of a camt.052/053/054 file: its statements, "not-camt" for other XML, or "corrupt" for broken,
 * oversized or DOCTYPE-carrying XML (entities stay unexpanded, as for e-invoices).
 */
export const readCamtXml = (bytes: Uint8Array): BankStatement[] | "not-camt" | "corrupt" => {
  if (bytes.byteLength > MAX_STATEMENT_BYTES) return "corrupt";
  const xml = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096))) return "corrupt";
  let tree: unknown;
  try {
    tree = parser().parse(xml, true);
  } catch {
    return "corrupt";
  }
  return readBankStatements(tree) ?? "not-camt";
};
