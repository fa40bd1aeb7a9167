import type { ExtractedFieldName, Extraction } from "../model.js";
import { fieldsFromCii } from "./cii.js";
import { fieldsFromUbl } from "./ubl.js";
import { one, type XmlNode } from "./xml-tree.js";

/** Which e-invoice syntax a parsed XML document is, if any. */
export const einvoiceKind = (tree: XmlNode): "Invoice" | "CreditNote" | "CrossIndustryInvoice" | null => {
  for (const k of ["Invoice", "CreditNote", "CrossIndustryInvoice"] as const) if (one(tree, k) !== undefined) return k;
  return null;
};

/** Reads an e-invoice from its parsed XML tree: exact fields, confidence 1; null when it is not one. */
export const extractFromEinvoice = (tree: XmlNode): Extraction | null => {
  const kind = einvoiceKind(tree);
  if (kind === null) return null;
  const root = one(tree, kind);
  const fields = kind === "CrossIndustryInvoice" ? fieldsFromCii(root) : fieldsFromUbl(root, kind);
  const fieldConfidence: Partial<Record<ExtractedFieldName, number>> = {};
  for (const [k, v] of Object.entries(fields) as [ExtractedFieldName, unknown][]) {
    if (v !== null && !(Array.isArray(v) && v.length === 0)) fieldConfidence[k] = 1;
  }
  return { reader: "einvoice", fields, fieldConfidence, confidence: 1 };
};
