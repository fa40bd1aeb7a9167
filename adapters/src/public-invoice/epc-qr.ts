import QRCode from "qrcode";
import { escapeHtml, Html } from "../pages/html.js";

/** What a SEPA credit transfer QR code (EPC069-12, "GiroCode") carries. */
export interface EpcTransfer {
  /** The beneficiary: at most 70 characters. */
  readonly name: string;
  readonly iban: string;
  readonly bic: string | null;
  /** ISO 4217 code: only EUR has an EPC code. */
  readonly currency: string;
  /** Decimal string with two places. */
  readonly amount: string;
  /** An ISO 11649 creditor reference (RF...), at most 35 characters. */
  readonly reference: string;
}

const EPC_MAX_AMOUNT = 999_999_999.99;

/**
 * The EPC069-12 payload (version 002, UTF-8, SEPA credit transfer): the service tag, version, character set,
 * identification, BIC (optional in 002), name, IBAN, amount as `EUR12.30`, purpose, the structured reference
 * and an empty unstructured remittance (one or the other, never both). Undefined when the transfer is not one a
 * SEPA QR code can carry: another currency, an amount outside 0.01 to 999,999,999.99, or a reference that is not
 * RF-structured.
 */
export const epcPayload = (t: EpcTransfer): string | undefined => {
  if (t.currency !== "EUR" || !/^\d{1,9}\.\d{2}$/.test(t.amount)) return undefined;
  const amount = Number(t.amount);
  if (!(amount >= 0.01 && amount <= EPC_MAX_AMOUNT)) return undefined;
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(t.reference)) return undefined;
  const name = [...t.name.replace(/[\r\n]+/g, " ").trim()].slice(0, 70).join("");
  if (name === "") return undefined;
  return ["BCD", "002", "1", "SCT", t.bic ?? "", name, t.iban, `EUR${t.amount}`, "", t.reference, ""].join("\n");
};

/**
 * The QR code of a text as inline SVG (one path of unit squares on a white ground with the quiet zone the
 * standard asks for), error correction M as EPC069-12 requires. Inline, so the page's Content-Security-Policy
 * needs no image source; only geometry comes from the payload, never text.
 */
export const qrSvg = (text: string, label: string): Html => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const size = modules.size + 2 * quiet;
  let d = "";
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  return new Html(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="200" height="200" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`,
  );
};
