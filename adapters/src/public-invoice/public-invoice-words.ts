/** The languages the public pages speak. */
export const PAGE_LANGUAGES = ["en", "de", "fr"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

const WORDS = {
  en: {
    invoice: "Invoice",
    from: "From",
    to: "To",
    status: "Status",
    issued: "Issued",
    due: "Due",
    total: "Total",
    credited: "Credited",
    paid: "Paid",
    amountDue: "Amount due",
    lines: "Lines",
    description: "Description",
    quantity: "Quantity",
    amount: "Amount",
    payments: "Payments",
    credits: "Credit notes",
    date: "Date",
    number: "Number",
    reason: "Reason",
    download: "Download PDF",
    pay: "Pay",
    checkoutSuccess:
      "Thank you: your payment is being confirmed. This page shows it as paid once the payment processor confirms it.",
    checkoutCancelled: "The payment was cancelled; nothing was charged.",
    byTransfer: "Pay by bank transfer",
    scanToPay: "Scan with your banking app to fill in the transfer",
    reference: "Reference",
    vat: "VAT",
    summary: "Summary",
    linkNotValid: "Link not valid",
    withdrawn: "Invoice withdrawn",
    statuses: {
      Sent: "Open",
      Overdue: "Overdue",
      PartiallyPaid: "Partly paid",
      Paid: "Paid",
      Credited: "Credited",
      Void: "Withdrawn",
      Draft: "Draft",
    },
  },
  de: {
    invoice: "Rechnung",
    from: "Von",
    to: "An",
    status: "Status",
    issued: "Rechnungsdatum",
    due: "Fällig am",
    total: "Gesamtbetrag",
    credited: "Gutgeschrieben",
    paid: "Bezahlt",
    amountDue: "Offener Betrag",
    lines: "Positionen",
    description: "Beschreibung",
    quantity: "Menge",
    amount: "Betrag",
    payments: "Zahlungen",
    credits: "Gutschriften",
    date: "Datum",
    number: "Nummer",
    reason: "Grund",
    download: "PDF herunterladen",
    pay: "Bezahlen",
    checkoutSuccess:
      "Vielen Dank: Ihre Zahlung wird bestätigt. Diese Seite zeigt sie als bezahlt, sobald der Zahlungsdienst sie bestätigt.",
    checkoutCancelled: "Die Zahlung wurde abgebrochen; es wurde nichts belastet.",
    byTransfer: "Per Überweisung bezahlen",
    scanToPay: "Mit der Banking-App scannen, um die Überweisung auszufüllen",
    reference: "Verwendungszweck",
    vat: "USt-IdNr.",
    summary: "Übersicht",
    linkNotValid: "Link ungültig",
    withdrawn: "Rechnung zurückgezogen",
    statuses: {
      Sent: "Offen",
      Overdue: "Überfällig",
      PartiallyPaid: "Teilweise bezahlt",
      Paid: "Bezahlt",
      Credited: "Gutgeschrieben",
      Void: "Storniert",
      Draft: "Entwurf",
    },
  },
  fr: {
    invoice: "Facture",
    from: "De",
    to: "À",
    status: "Statut",
    issued: "Date d'émission",
    due: "Échéance",
    total: "Total",
    credited: "Avoirs",
    paid: "Payé",
    amountDue: "Reste à payer",
    lines: "Lignes",
    description: "Description",
    quantity: "Quantité",
    amount: "Montant",
    payments: "Paiements",
    credits: "Avoirs",
    date: "Date",
    number: "Numéro",
    reason: "Motif",
    download: "Télécharger le PDF",
    pay: "Payer",
    checkoutSuccess:
      "Merci : votre paiement est en cours de confirmation. Cette page l'indiquera comme payée dès que le prestataire de paiement l'aura confirmé.",
    checkoutCancelled: "Le paiement a été annulé ; rien n'a été débité.",
    byTransfer: "Payer par virement",
    scanToPay: "Scannez avec votre application bancaire pour remplir le virement",
    reference: "Référence",
    vat: "N° TVA",
    summary: "Récapitulatif",
    linkNotValid: "Lien non valide",
    withdrawn: "Facture retirée",
    statuses: {
      Sent: "À payer",
      Overdue: "En retard",
      PartiallyPaid: "Partiellement payée",
      Paid: "Payée",
      Credited: "Créditée",
      Void: "Annulée",
      Draft: "Brouillon",
    },
  },
} as const;

export type Words = (typeof WORDS)[PageLanguage];
export type StatusWord = keyof Words["statuses"];

/** The words of a page in one language. */
export const wordsOf = (language: PageLanguage): Words => WORDS[language];

// Countries whose customers read German or French first (others read English).
const COUNTRY_LANGUAGE: Readonly<Record<string, PageLanguage>> = {
  DE: "de",
  AT: "de",
  LI: "de",
  FR: "fr",
  MC: "fr",
  LU: "fr",
};

const known = (tag: string | undefined): PageLanguage | undefined => {
  const primary = tag?.trim().toLowerCase().split(/[-_;]/)[0];
  return PAGE_LANGUAGES.find((l) => l === primary);
};

/**
 * The page's language: `?lang=` when the reader chose one, else the invoice's (its customer's country: DE, AT
 * and LI German, FR, MC and LU French), else the first of the browser's languages apar speaks, else English.
 */
export const pageLanguage = (
  chosen: string | undefined,
  customerCountry: string | null,
  acceptLanguage: string | undefined,
): PageLanguage =>
  known(chosen) ??
  (customerCountry === null ? undefined : COUNTRY_LANGUAGE[customerCountry.toUpperCase()]) ??
  (acceptLanguage ?? "")
    .split(",")
    .map((part) => known(part))
    .find((l) => l !== undefined) ??
  "en";
