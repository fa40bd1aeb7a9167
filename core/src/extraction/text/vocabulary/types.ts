// The words bills use for their fields, one file per language. Each entry is a regular-expression fragment
// (case-insensitive, Unicode) matched as a whole word; keep them plain so another language is easy to add.

export interface Vocabulary {
  /** ISO 639-1 code and the tesseract language code of the same language. */
  readonly code: string;
  readonly tesseract: string;
  /** Other tesseract languages that read it ("chi_tra" for Chinese in traditional characters). */
  readonly tesseractAlso?: readonly string[];
  /** Common words that tell the language of a page (articles, prepositions, usual bill words). */
  readonly common: readonly string[];
  /** The grand total, tax included: the strongest total labels. */
  readonly grandTotal: readonly string[];
  /** What remains to pay (can be less than the grand total after a prepayment). */
  readonly amountDue: readonly string[];
  /** Plain "total" words, weakest. */
  readonly total: readonly string[];
  /** Words that make a total line the total of something else (tax, items, discounts, net). */
  readonly qualified: readonly string[];
  /** What was paid before this bill (a deposit, a prepayment): the amount due is the grand total less it. */
  readonly prepaid: readonly string[];
  readonly subTotal: readonly string[];
  readonly tax: readonly string[];
  readonly invoiceNumber: readonly string[];
  /** Labels naming the issue date, most specific first. */
  readonly invoiceDate: readonly string[];
  /**
   * Labels that name the issuing itself ("Date of issue", "Ausstellungsdatum"): where a page also prints another
   * invoice date (a billing date, the period's end), the day of issue is the issue date.
   */
  readonly issueDate: readonly string[];
  /** A bare "date" label: used only when no specific one is present. */
  readonly date: readonly string[];
  /** Words joining a document's number to its date ("Rechnung Nr. 4711 vom 03.06.2025", "Facture n° 12 du ..."). */
  readonly dated: readonly string[];
  /** Dates that are not the issue date (delivery, order, period, printing). */
  readonly otherDate: readonly string[];
  readonly dueDate: readonly string[];
  readonly purchaseOrder: readonly string[];
  readonly paymentTerms: readonly string[];
  readonly paymentRef: readonly string[];
  readonly taxNumber: readonly string[];
  /** Labels opening the buyer's address block. */
  readonly billTo: readonly string[];
  /** Labels naming the seller. */
  readonly supplier: readonly string[];
  /** Labels naming who is to be paid ("Payable to:", "Zahlungsempfänger:"): the seller, or whoever collects for it. */
  readonly payee?: readonly string[];
  /** Words that make a total the gross one whatever else its label says ("Total Sales (Inclusive of GST)", "TTC"). */
  readonly grossQualifier?: readonly string[];
  /** Words that make a total the net one ("Rechnungssumme ohne USt.", "Total excl. VAT", "Total HT"). */
  readonly netQualifier?: readonly string[];
  /** A gross amount's word alone, which ends the net's amount on a line ("NETTO 33,07 EUR BRUTTO 39,35 EUR"). */
  readonly grossWord?: readonly string[];
  /** What is left to pay after payments: a folio's or a statement's closing line ("Balance", "Solde"). */
  readonly balance?: readonly string[];
  /** Labels of the amount after a rounding adjustment ("Total rounded", "Nett total"), what a receipt is paid with. */
  readonly rounded?: readonly string[];
  /** Words starting a receipt's line of what was paid ("Cash", "Bezahlt", "Visa"): cash, or a card's amount. */
  readonly paidWith?: readonly string[];
  /** Payments and deposits a folio or a statement prints between its total and what is left to pay. */
  readonly payment?: readonly string[];
  /** Words of a receipt's change line ("Change due", "Baki"): the change given back, never an amount due. */
  readonly change?: readonly string[];
  /** Labels of a receipt's rounding adjustment ("Rounding adj."): a few cents, or the rounded total under it. */
  readonly rounding?: readonly string[];
  /** The word between a letter's place and its date ("München, den 01.11.2024", "Paris, le 3 mai 2025"), lower case. */
  readonly placeDate?: readonly string[];
  /** Words before the last day of a payment term ("bis zum 30.04.2026 ohne Abzug", "until", "jusqu'au"). */
  readonly payBy?: readonly string[];
  /** Words for paying the whole amount, no discount taken ("ohne Abzug", "netto", "without deduction"). */
  readonly withoutDeduction?: readonly string[];
  /** Labels naming a bank account's holder ("Account name", "Kontoinhaber", "Titulaire du compte"). */
  readonly accountHolder?: readonly string[];
  /** A bank's own word in its name ("BRE Bank", "Banca Intesa"): a name with it is a bank's, never the supplier's. */
  readonly bank?: readonly string[];
  /** Headings of a block of payment details ("Bank details:", "Bankverbindung"): the heading's line and two under it. */
  readonly bankHeading?: readonly string[];
  /** Labels of a bank account's number ("Account no.", "Kontonummer"). Both bank keys read without "u": no \p{L}. */
  readonly accountNumber?: readonly string[];
  /** Labels of the page's currency ("Currency", "Währung", "Pénznem", "Beträge in"): the code after one is meant. */
  readonly currencyLabel?: readonly string[];
  /** Words a trading name often carries when it has no legal form (receipts: "... ENTERPRISE", "... TRADING"). */
  readonly tradeWord?: readonly string[];
  /** Words of a street address ("rue", "Straße", "Road", "Jalan"): a line with one is no name. */
  readonly street?: readonly string[];
  /** Endings of one-word street names ("Hauptstraße", "Lindenweg"). */
  readonly streetSuffix?: readonly string[];
  /** A commercial-register entry printed with a name ("Amtsgericht", "RCS", "KvK"): a sender's footer. */
  readonly register?: readonly string[];
  /** Words before the company that owns or runs a shop ("Owned by", "Operated by"): the name after is no supplier. */
  readonly ownedBy?: readonly string[];
  /** A name's own label ("Name:", "Nazwa:", "Nom :"), as a party's block prints it before the name. */
  readonly nameLabel?: readonly string[];
  /** A letter's greeting ("Hola Antonio,", "Dear Ms Lee,"): the word after it is the addressee's, the buyer's. */
  readonly greeting?: readonly string[];
  /** An honorific printed after the addressee's name ("株式会社テラ 御中"): the name before it is the buyer's. */
  readonly honorific?: readonly string[];
  /** A signature's words before the seller's name ("For MEHTA MARKETING", "For and on behalf of Acme Ltd"). */
  readonly signedFor?: readonly string[];
  /**
   * Labels of a party's legal name that either party's block prints ("Nombre o razón social:" under "EMISOR" and under
   * "RECEPTOR"): taken off a name only where a seller's label heads its block.
   */
  readonly partyName?: readonly string[];
  /** A block's word for its address after its heading ("Bill to Address:", "Rechnungsempfänger Anschrift:"). */
  readonly addressWord?: readonly string[];
  /** Words of a receipt's closing notices ("Goods sold are not returnable", "Please come again"): never a name. */
  readonly notice?: readonly string[];
  /** Words before the seller's name on its line, a colon or not ("Sold by Amazon EU S.à r.l.", "Venduto da …"). */
  readonly soldBy?: readonly string[];
  /** Words opening a cell that is a label, a contact line, a country or a courtesy, never a name. */
  readonly notName?: readonly string[];
  /** How the language writes an amount in words, as Latin American, Indian and West African invoices print their total. */
  readonly amountInWords?: AmountInWords;
  /**
   * Labels of a number that is the document's only where no invoice or receipt number's label is printed (a
   * restaurant's check: "Check #77", beside the till's "Rept# A150…").
   */
  readonly tabNumber?: readonly string[];
  /** Document titles. */
  readonly title: readonly string[];
  readonly tableHeader: readonly string[];
  readonly tableQty: readonly string[];
  readonly tableAmount: readonly string[];
  /** Month names and abbreviations, 1-based. */
  readonly months: readonly (readonly string[])[];
  /** Whether a bare 03/04/2025 reads month first in this language when nothing else on the page says. */
  readonly monthFirst?: boolean;
}

/**
 * An amount in words ("SIETE MIL SEISCIENTOS OCHENTA Y CINCO CON 49/100 DOLARES", "Nine Thousand Four Hundred Forty
 * Only"). Words are written lower case without accents, as the reader compares them.
 */
export interface AmountInWords {
  /** Labels before the words ("importe con letra", "amount in words", "somme de"). */
  readonly labels: readonly string[];
  /** Units, teens, tens and the hundreds a language writes as one word ("doscientos"): they add up. */
  readonly numbers: Readonly<Record<string, number>>;
  /** Words multiplying what is before them by a hundred ("hundred", "cent"), "one" when nothing is. */
  readonly hundred: readonly string[];
  /** Words multiplying what is before them ("mil", "thousand", "lakh", "million"), "one" when nothing is. */
  readonly scales: Readonly<Record<string, number>>;
  /** Words joining number words ("y", "and", "et", "e"). */
  readonly joins: readonly string[];
  /** Words closing the amount ("only", "exactos", "m.n."), which tell words without a label. */
  readonly closing: readonly string[];
  /** Words of the cents after the amount ("centavos", "paise", "cents", "centimes"). */
  readonly minor: readonly string[];
}
