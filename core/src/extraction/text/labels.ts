// Field labels in English, German and French. Accented letters also match their OCR-stripped forms.

const L = (source: string): RegExp => new RegExp(source, "i");

export const LABELS = {
  invoiceNumber: L(
    String.raw`\b(?:invoice\s*(?:no\.?|number|num\.?|nr\.?|#)|inv\.?\s*(?:no\.?|#)|rechnungs\s*-?\s*(?:nummer|nr\.?)|rechnung\s*(?:nr\.?|nummer)|facture\s*n\s*[°o˚º]\.?|n[°o˚º]\s*(?:de\s*)?facture|num[ée]ro\s*de\s*facture)\s*[:#]?`,
  ),
  dueDate: L(
    String.raw`\b(?:due\s*date|payment\s*due|due\s*on|due|f[äa]lligkeitsdatum|f[äa]llig\s*(?:am|bis)?|zahlbar\s*bis|date\s*d.?\s*[ée]ch[ée]ance|[ée]ch[ée]ance)\b\s*:?`,
  ),
  invoiceDate: L(
    String.raw`\b(?:invoice\s*date|date\s*of\s*issue|issue\s*date|date\s*issued|tax\s*point|rechnungsdatum|ausstellungsdatum|datum|date\s*de\s*(?:la\s*)?facture|date\s*d.?\s*[ée]mission|date)\b\s*:?`,
  ),
  purchaseOrder: L(
    String.raw`\b(?:p\.?\s?o\.?\s*(?:no\.?|number|#|nr\.?|ref\.?)?|purchase\s*order(?:\s*(?:no\.?|number|#))?|order\s*(?:no\.?|number|#|ref(?:erence)?)|bestell\s*-?\s*(?:nummer|nr\.?)|auftrags\s*-?\s*(?:nummer|nr\.?)|bon\s*de\s*commande|commande\s*n\s*[°o])\s*[:#]?`,
  ),
  paymentTerms: L(
    String.raw`\b(?:payment\s*terms|terms\s*of\s*payment|terms|zahlungsbedingungen|zahlungsziel|conditions\s*de\s*(?:paiement|r[èe]glement))\b\s*:?`,
  ),
  paymentRef: L(
    String.raw`\b(?:payment\s*ref(?:erence)?|remittance\s*ref(?:erence)?|reference|verwendungszweck|zahlungsreferenz|r[ée]f[ée]rence\s*(?:de\s*)?(?:paiement|virement)?)\b\.?\s*:?`,
  ),
  taxNumber: L(
    String.raw`\b(?:vat\s*(?:reg(?:istration)?\.?\s*)?(?:no\.?|number|id|#)|tax\s*(?:id|no\.?|number)|tin|ein|ust\s*-?\s*id\s*-?\s*(?:nr\.?)?|ust-?idnr\.?|steuer\s*-?\s*nummer|st\.?\s*-?\s*nr\.?|n\s*[°o]\s*(?:de\s*)?tva(?:\s*intracom(?:munautaire)?)?|tva\s*intracom(?:munautaire)?|uid|ide|mwst\s*-?\s*nr\.?)(?![a-z])\s*[:#]?`,
  ),
  subTotal: L(
    String.raw`\b(?:sub\s*-?\s*total|net\s*(?:total|amount)|total\s*(?:excl\.?|excluding|before|net\s*of)\s*(?:vat|tax)|total\s*net|zwischensumme|nettobetrag|netto\s*(?:summe|betrag)?|summe\s*netto|total\s*h\.?\s?t\.?|sous\s*-?\s*total|montant\s*h\.?\s?t\.?)(?![a-z])`,
  ),
  total: L(
    String.raw`\b(?:grand\s*total|invoice\s*total|total\s*(?:due|amount|payable|ttc|incl\.?[^0-9]*)|amount\s*due|balance\s*due|total|gesamtbetrag|rechnungsbetrag|gesamtsumme|endbetrag|bruttobetrag|zu\s*zahlen|summe|montant\s*(?:total|ttc|[àa]\s*payer)|net\s*[àa]\s*payer)(?![a-z])`,
  ),
  tax: L(String.raw`\b(?:vat|sales\s*tax|tax|gst|mwst\.?|ust\.?|umsatzsteuer|mehrwertsteuer|tva)(?![a-z])`),
  billTo: L(
    String.raw`\b(?:bill\s*to|billed\s*to|invoice\s*to|sold\s*to|ship\s*to|customer|rechnungsempf[äa]nger|rechnungsadresse|kunde|an|factur[ée]\s*[àa]|client|destinataire)\b\s*:?`,
  ),
  supplier: L(String.raw`^\s*(?:from|supplier|vendor|lieferant|absender|fournisseur|[ée]metteur)\s*:\s*`),
  title: L(String.raw`\b(?:tax\s*invoice|invoice|credit\s*note|rechnung|gutschrift|facture|avoir)\b`),
  tableHeader: L(
    String.raw`\b(?:description|item|details|product|service|beschreibung|bezeichnung|artikel|leistung|d[ée]signation|libell[ée])(?![A-Za-zÀ-ÿ])`,
  ),
  tableQty: L(String.raw`\b(?:qty|quantity|units|hours|menge|anzahl|qt[ée]|quantit[ée])(?![A-Za-zÀ-ÿ])`),
  tableAmount: L(String.raw`\b(?:amount|total|price|betrag|gesamt|preis|montant|prix)\b`),
} as const;

/** The text after the first match of `label` on `line`, or null. */
export const afterLabel = (line: string, label: RegExp): string | null => {
  const m = line.match(label);
  if (!m || m.index === undefined) return null;
  return line.slice(m.index + m[0].length);
};

/** The first cell (up to a column gap of two spaces) of some text, trimmed. */
export const firstCell = (text: string): string => (text.trim().split(/\s{2,}/)[0] ?? "").trim();
