import type { Extraction } from "@apar/core";
import { extractFromEinvoice } from "@apar/core/extraction";
import { XMLParser } from "fast-xml-parser";

// Entities stay unexpanded (no XXE, no billion laughs); a DOCTYPE is refused outright.
export const parser = (): XMLParser =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
  });

/** An e-invoice from XML bytes: an Extraction, "not-einvoice" for other XML, or "corrupt" for broken XML. */
export const readEinvoiceXml = (bytes: Uint8Array): Extraction | "not-einvoice" | "corrupt" => {
  let xml = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (/<!DOCTYPE/i.test(xml.slice(0, 4096))) return "corrupt";
  // Character references for &, <, > are the only ones e-invoices need; everything else stays literal.
  xml = xml.replace(/\r\n/g, "\n");
  let tree: unknown;
  try {
    tree = parser().parse(xml, true);
  } catch {
    return "corrupt";
  }
  const extraction = extractFromEinvoice(tree);
  if (extraction === null) return "not-einvoice";
  return { ...extraction, fields: unescapeFields(extraction.fields) };
};

const decodeEntities = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&amp;/g, "&");

// With entity processing off, the five predefined entities arrive escaped: decode them ourselves.
const unescapeFields = (fields: Extraction["fields"]): Extraction["fields"] =>
  JSON.parse(JSON.stringify(fields), (_k, v: unknown) => (typeof v === "string" ? decodeEntities(v) : v));
