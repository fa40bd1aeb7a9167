import {
  type CreditNote,
  creditNoteBreakdown,
  creditorReferenceFor,
  EXEMPT_CATEGORIES,
  formatAmount,
  type Invoice,
  invoiceTermsText,
  isZeroAmount,
  multiplyAmount,
  type Party,
  roundAmount,
  type SellerIdentity,
  subtractAmounts,
  type TaxCategory,
  taxCategoryOf,
} from "@apar/core";
import type { DocumentContext, EinvoiceWriter } from "@apar/core/ports";
import { el, wrapEl } from "./xml.js";

/** What the customisation identifier says the document follows. */
export const EN16931 = "urn:cen.eu:en16931:2017";

interface DocLine {
  readonly name: string;
  readonly quantity: string;
  readonly price: string;
  /** A line discount: its amount and why. */
  readonly allowance: { readonly amount: string; readonly reason: string } | null;
  readonly net: string;
  readonly category: TaxCategory;
  readonly rate: string;
}

interface DocTax {
  readonly category: TaxCategory;
  readonly rate: string;
  readonly reason: string | null;
  readonly taxable: string;
  readonly tax: string;
}

/** An invoice or credit note as EN 16931 sees it, before either syntax writes it. */
interface Doc {
  readonly typeCode: "380" | "381";
  readonly number: string;
  readonly issueDate: string;
  readonly dueDate: string | null;
  readonly currency: Invoice["currency"];
  readonly note: string | null;
  readonly preceding: { readonly number: string; readonly issueDate: string } | null;
  readonly seller: SellerIdentity | null;
  readonly sellerName: string;
  readonly buyer: Party;
  readonly lines: readonly DocLine[];
  readonly taxes: readonly DocTax[];
  readonly lineTotal: string;
  readonly taxTotal: string;
  readonly grandTotal: string;
  readonly prepaid: string;
  readonly rounding: string;
  readonly payable: string;
  readonly terms: string | null;
}

/** A customer's tax number is a VAT identifier when it has a country prefix (BR-CO-09), else a registration. */
const buyerVat = (p: Party): string | null =>
  p.taxNumber !== null && /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(p.taxNumber.replace(/[\s-]/g, "").toUpperCase())
    ? p.taxNumber.replace(/[\s-]/g, "").toUpperCase()
    : null;
const buyerRegistration = (p: Party): string | null => (buyerVat(p) === null ? p.taxNumber : null);
// A customer stored without a country is taken to be in the seller's (a domestic sale).
const buyerCountry = (d: Doc): string => d.buyer.country?.toUpperCase() ?? d.seller?.countryCode ?? "ZZ";
const addressLines = (p: Party): string[] =>
  (p.address ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
const hasRate = (c: TaxCategory) => c !== "O";
const needsReason = (c: TaxCategory) => EXEMPT_CATEGORIES.includes(c);

/** BT-20: the terms in words from the invoice's own dates (so they agree with BT-9), the due date, the link. */
const termsOf = (context: DocumentContext, invoice: Invoice): string | null => {
  const dueDate = invoice.dueDate;
  const parts = [
    invoiceTermsText(invoice),
    dueDate === null ? null : `due ${dueDate}`,
    context.paymentUrl === null ? null : `pay online: ${context.paymentUrl}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join("; ");
};

const invoiceDoc = (invoice: Invoice, context: DocumentContext): Doc => ({
  typeCode: "380",
  number: invoice.documentNumber ?? `DRAFT-${invoice.id}`,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  currency: invoice.currency,
  note: invoice.memo,
  preceding: null,
  seller: context.seller,
  sellerName: context.seller?.legalName ?? context.organisation.name,
  buyer: invoice.customer,
  lines: invoice.lines.map((l) => {
    const gross = roundAmount(multiplyAmount(l.quantity, l.unitPrice), invoice.currency);
    const discount = subtractAmounts(gross, l.netAmount);
    return {
      name: l.description,
      quantity: l.quantity,
      price: l.unitPrice,
      allowance: isZeroAmount(discount) ? null : { amount: discount, reason: `Discount ${l.discountPercent}%` },
      net: l.netAmount,
      category: taxCategoryOf(l),
      rate: l.taxRate,
    };
  }),
  taxes: invoice.taxes.map((t) => ({
    category: t.category ?? taxCategoryOf({ taxRate: t.rate }),
    rate: t.rate,
    reason: t.exemptionReason ?? null,
    taxable: t.taxableAmount,
    tax: t.taxAmount,
  })),
  lineTotal: invoice.subTotal,
  taxTotal: invoice.taxAmount,
  grandTotal: invoice.totalAmount,
  prepaid: invoice.amountPaid,
  rounding: "0",
  payable: subtractAmounts(invoice.totalAmount, invoice.amountPaid),
  terms: termsOf(context, invoice),
});

const creditNoteDoc = (note: CreditNote, invoice: Invoice, context: DocumentContext): Doc => {
  const b = creditNoteBreakdown(note, invoice);
  const what = `Credit for invoice ${invoice.documentNumber ?? ""}`.trim();
  return {
    ...invoiceDoc(invoice, context),
    typeCode: "381",
    number: note.documentNumber ?? `DRAFT-${note.id}`,
    issueDate: (note.issuedAt ?? note.createdAt).toISOString().slice(0, 10),
    dueDate: null,
    note: note.reason,
    preceding:
      invoice.documentNumber === null ? null : { number: invoice.documentNumber, issueDate: invoice.issueDate },
    lines: b.parts.map((p) => ({
      name: b.parts.length === 1 ? what : `${what} (${p.category} ${p.rate}%)`,
      quantity: "1",
      price: p.netAmount,
      allowance: null,
      net: p.netAmount,
      category: p.category,
      rate: p.rate,
    })),
    taxes: b.parts.map((p) => ({
      category: p.category,
      rate: p.rate,
      reason: p.exemptionReason,
      taxable: p.netAmount,
      tax: p.taxAmount,
    })),
    lineTotal: b.netTotal,
    taxTotal: b.taxTotal,
    grandTotal: subtractAmounts(note.amount, b.rounding),
    prepaid: "0",
    rounding: b.rounding,
    payable: note.amount,
    terms: "Credited to the customer's account",
  };
};

// ---- UBL 2.1 ------------------------------------------------------------------------------------------------

/**
 * The remittance information a payer quotes (BT-83): an invoice's ISO 11649 RF reference made from its number, so
 * that bank statements find it again; a credit note's own number.
 */
const paymentReferenceOf = (number: string, credit: boolean): string =>
  credit ? number : (creditorReferenceFor(number) ?? number);

const ubl = (d: Doc): string => {
  const credit = d.typeCode === "381";
  const cur = { currencyID: d.currency };
  const amount = (name: string, value: string) => el(name, formatAmount(value, d.currency), cur);
  const taxCategory = (tag: string, category: TaxCategory, rate: string, reason: string | null) =>
    wrapEl(
      tag,
      el("cbc:ID", category),
      hasRate(category) ? el("cbc:Percent", rate) : "",
      el("cbc:TaxExemptionReason", reason),
      wrapEl("cac:TaxScheme", el("cbc:ID", "VAT")),
    );
  const s = d.seller;
  const seller = wrapEl(
    "cac:Party",
    s?.tradingName == null ? "" : wrapEl("cac:PartyName", el("cbc:Name", s.tradingName)),
    wrapEl(
      "cac:PostalAddress",
      el("cbc:StreetName", s?.addressLines[0] ?? null),
      el("cbc:AdditionalStreetName", s?.addressLines[1] ?? null),
      el("cbc:CityName", s?.city ?? null),
      el("cbc:PostalZone", s?.postcode ?? null),
      s === null || s.addressLines.length < 3
        ? ""
        : wrapEl("cac:AddressLine", el("cbc:Line", s.addressLines.slice(2).join(", "))),
      wrapEl("cac:Country", el("cbc:IdentificationCode", s?.countryCode ?? "ZZ")),
    ),
    s?.vatNumber == null
      ? ""
      : wrapEl("cac:PartyTaxScheme", el("cbc:CompanyID", s.vatNumber), wrapEl("cac:TaxScheme", el("cbc:ID", "VAT"))),
    s?.taxRegistration == null
      ? ""
      : wrapEl(
          "cac:PartyTaxScheme",
          el("cbc:CompanyID", s.taxRegistration),
          wrapEl("cac:TaxScheme", el("cbc:ID", "FC")),
        ),
    wrapEl(
      "cac:PartyLegalEntity",
      el("cbc:RegistrationName", d.sellerName),
      el("cbc:CompanyID", s?.companyRegistrationId ?? null),
    ),
    s === null
      ? ""
      : wrapEl(
          "cac:Contact",
          el("cbc:Name", s.contactName),
          el("cbc:Telephone", s.contactPhone),
          el("cbc:ElectronicMail", s.contactEmail),
        ),
  );
  const b = d.buyer;
  const lines = addressLines(b);
  const vat = buyerVat(b);
  const buyer = wrapEl(
    "cac:Party",
    wrapEl(
      "cac:PostalAddress",
      el("cbc:StreetName", lines[0] ?? null),
      el("cbc:AdditionalStreetName", lines[1] ?? null),
      lines.length < 3 ? "" : wrapEl("cac:AddressLine", el("cbc:Line", lines.slice(2).join(", "))),
      wrapEl("cac:Country", el("cbc:IdentificationCode", buyerCountry(d))),
    ),
    vat === null
      ? ""
      : wrapEl("cac:PartyTaxScheme", el("cbc:CompanyID", vat), wrapEl("cac:TaxScheme", el("cbc:ID", "VAT"))),
    wrapEl("cac:PartyLegalEntity", el("cbc:RegistrationName", b.name), el("cbc:CompanyID", buyerRegistration(b))),
    b.email === null ? "" : wrapEl("cac:Contact", el("cbc:ElectronicMail", b.email)),
  );
  const accounts = s?.bankAccounts ?? [];
  const remittance = paymentReferenceOf(d.number, credit);
  const paymentMeans =
    accounts.length === 0
      ? wrapEl("cac:PaymentMeans", el("cbc:PaymentMeansCode", "ZZZ"), el("cbc:PaymentID", remittance))
      : accounts
          .map((a) =>
            wrapEl(
              "cac:PaymentMeans",
              el("cbc:PaymentMeansCode", "58"),
              el("cbc:PaymentID", remittance),
              wrapEl(
                "cac:PayeeFinancialAccount",
                el("cbc:ID", a.iban),
                el("cbc:Name", a.accountName),
                a.bic === null ? "" : wrapEl("cac:FinancialInstitutionBranch", el("cbc:ID", a.bic)),
              ),
            ),
          )
          .join("");
  const root = credit ? "CreditNote" : "Invoice";
  const lineTag = credit ? "cac:CreditNoteLine" : "cac:InvoiceLine";
  const quantityTag = credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    el("cbc:CustomizationID", EN16931),
    el("cbc:ID", d.number),
    el("cbc:IssueDate", d.issueDate),
    credit ? "" : el("cbc:DueDate", d.dueDate),
    el(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", d.typeCode),
    el("cbc:Note", d.note),
    el("cbc:DocumentCurrencyCode", d.currency),
    d.preceding === null
      ? ""
      : wrapEl(
          "cac:BillingReference",
          wrapEl(
            "cac:InvoiceDocumentReference",
            el("cbc:ID", d.preceding.number),
            el("cbc:IssueDate", d.preceding.issueDate),
          ),
        ),
    wrapEl("cac:AccountingSupplierParty", seller),
    wrapEl("cac:AccountingCustomerParty", buyer),
    paymentMeans,
    d.terms === null ? "" : wrapEl("cac:PaymentTerms", el("cbc:Note", d.terms)),
    wrapEl(
      "cac:TaxTotal",
      amount("cbc:TaxAmount", d.taxTotal),
      ...d.taxes.map((t) =>
        wrapEl(
          "cac:TaxSubtotal",
          amount("cbc:TaxableAmount", t.taxable),
          amount("cbc:TaxAmount", t.tax),
          taxCategory("cac:TaxCategory", t.category, t.rate, needsReason(t.category) ? (t.reason ?? "Exempt") : null),
        ),
      ),
    ),
    wrapEl(
      "cac:LegalMonetaryTotal",
      amount("cbc:LineExtensionAmount", d.lineTotal),
      amount("cbc:TaxExclusiveAmount", d.lineTotal),
      amount("cbc:TaxInclusiveAmount", d.grandTotal),
      isZeroAmount(d.prepaid) ? "" : amount("cbc:PrepaidAmount", d.prepaid),
      isZeroAmount(d.rounding) ? "" : amount("cbc:PayableRoundingAmount", d.rounding),
      amount("cbc:PayableAmount", d.payable),
    ),
    ...d.lines.map((l, i) =>
      wrapEl(
        lineTag,
        el("cbc:ID", String(i + 1)),
        el(quantityTag, l.quantity, { unitCode: "C62" }),
        amount("cbc:LineExtensionAmount", l.net),
        l.allowance === null
          ? ""
          : wrapEl(
              "cac:AllowanceCharge",
              el("cbc:ChargeIndicator", "false"),
              el("cbc:AllowanceChargeReason", l.allowance.reason),
              amount("cbc:Amount", l.allowance.amount),
            ),
        wrapEl("cac:Item", el("cbc:Name", l.name), taxCategory("cac:ClassifiedTaxCategory", l.category, l.rate, null)),
        wrapEl("cac:Price", el("cbc:PriceAmount", l.price, cur)),
      ),
    ),
    `</${root}>`,
  ].join("\n");
};

// ---- UN/CEFACT CII D16B ---------------------------------------------------------------------------------------

const cii102 = (date: string): string => date.replaceAll("-", "");

const cii = (d: Doc): string => {
  const amount = (name: string, value: string, withCurrency = false) =>
    el(name, formatAmount(value, d.currency), withCurrency ? { currencyID: d.currency } : {});
  const s = d.seller;
  const b = d.buyer;
  const vat = buyerVat(b);
  const lines = addressLines(b);
  const address = (postcode: string | null, street: readonly string[], city: string | null, country: string) =>
    wrapEl(
      "ram:PostalTradeAddress",
      el("ram:PostcodeCode", postcode),
      el("ram:LineOne", street[0] ?? null),
      el("ram:LineTwo", street[1] ?? null),
      el("ram:LineThree", street.length < 3 ? null : street.slice(2).join(", ")),
      el("ram:CityName", city),
      el("ram:CountryID", country),
    );
  const seller = wrapEl(
    "ram:SellerTradeParty",
    el("ram:Name", d.sellerName),
    wrapEl(
      "ram:SpecifiedLegalOrganization",
      el("ram:ID", s?.companyRegistrationId ?? null),
      el("ram:TradingBusinessName", s?.tradingName ?? null),
    ),
    s === null || (s.contactName === null && s.contactPhone === null && s.contactEmail === null)
      ? ""
      : wrapEl(
          "ram:DefinedTradeContact",
          el("ram:PersonName", s.contactName),
          wrapEl("ram:TelephoneUniversalCommunication", el("ram:CompleteNumber", s.contactPhone)),
          wrapEl("ram:EmailURIUniversalCommunication", el("ram:URIID", s.contactEmail)),
        ),
    address(s?.postcode ?? null, s?.addressLines ?? [], s?.city ?? null, s?.countryCode ?? "ZZ"),
    s?.vatNumber == null ? "" : wrapEl("ram:SpecifiedTaxRegistration", el("ram:ID", s.vatNumber, { schemeID: "VA" })),
    s?.taxRegistration == null
      ? ""
      : wrapEl("ram:SpecifiedTaxRegistration", el("ram:ID", s.taxRegistration, { schemeID: "FC" })),
  );
  const registration = buyerRegistration(b);
  const buyer = wrapEl(
    "ram:BuyerTradeParty",
    el("ram:Name", b.name),
    registration === null ? "" : wrapEl("ram:SpecifiedLegalOrganization", el("ram:ID", registration)),
    address(null, lines, null, buyerCountry(d)),
    b.email === null ? "" : wrapEl("ram:URIUniversalCommunication", el("ram:URIID", b.email, { schemeID: "EM" })),
    vat === null ? "" : wrapEl("ram:SpecifiedTaxRegistration", el("ram:ID", vat, { schemeID: "VA" })),
  );
  const accounts = s?.bankAccounts ?? [];
  const paymentMeans =
    accounts.length === 0
      ? [wrapEl("ram:SpecifiedTradeSettlementPaymentMeans", el("ram:TypeCode", "ZZZ"))]
      : accounts.map((a) =>
          wrapEl(
            "ram:SpecifiedTradeSettlementPaymentMeans",
            el("ram:TypeCode", "58"),
            wrapEl(
              "ram:PayeePartyCreditorFinancialAccount",
              el("ram:IBANID", a.iban),
              el("ram:AccountName", a.accountName),
            ),
            a.bic === null ? "" : wrapEl("ram:PayeeSpecifiedCreditorFinancialInstitution", el("ram:BICID", a.bic)),
          ),
        );
  const lineTax = (category: TaxCategory, rate: string) =>
    wrapEl(
      "ram:ApplicableTradeTax",
      el("ram:TypeCode", "VAT"),
      el("ram:CategoryCode", category),
      hasRate(category) ? el("ram:RateApplicablePercent", rate) : "",
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    wrapEl(
      "rsm:ExchangedDocumentContext",
      wrapEl("ram:GuidelineSpecifiedDocumentContextParameter", el("ram:ID", EN16931)),
    ),
    wrapEl(
      "rsm:ExchangedDocument",
      el("ram:ID", d.number),
      el("ram:TypeCode", d.typeCode),
      wrapEl("ram:IssueDateTime", el("udt:DateTimeString", cii102(d.issueDate), { format: "102" })),
      d.note === null ? "" : wrapEl("ram:IncludedNote", el("ram:Content", d.note)),
    ),
    wrapEl(
      "rsm:SupplyChainTradeTransaction",
      ...d.lines.map((l, i) =>
        wrapEl(
          "ram:IncludedSupplyChainTradeLineItem",
          wrapEl("ram:AssociatedDocumentLineDocument", el("ram:LineID", String(i + 1))),
          wrapEl("ram:SpecifiedTradeProduct", el("ram:Name", l.name)),
          wrapEl(
            "ram:SpecifiedLineTradeAgreement",
            wrapEl("ram:NetPriceProductTradePrice", el("ram:ChargeAmount", l.price)),
          ),
          wrapEl("ram:SpecifiedLineTradeDelivery", el("ram:BilledQuantity", l.quantity, { unitCode: "C62" })),
          wrapEl(
            "ram:SpecifiedLineTradeSettlement",
            lineTax(l.category, l.rate),
            l.allowance === null
              ? ""
              : wrapEl(
                  "ram:SpecifiedTradeAllowanceCharge",
                  wrapEl("ram:ChargeIndicator", el("udt:Indicator", "false")),
                  amount("ram:ActualAmount", l.allowance.amount),
                  el("ram:Reason", l.allowance.reason),
                ),
            wrapEl("ram:SpecifiedTradeSettlementLineMonetarySummation", amount("ram:LineTotalAmount", l.net)),
          ),
        ),
      ),
      wrapEl("ram:ApplicableHeaderTradeAgreement", seller, buyer),
      "<ram:ApplicableHeaderTradeDelivery/>",
      wrapEl(
        "ram:ApplicableHeaderTradeSettlement",
        el("ram:PaymentReference", paymentReferenceOf(d.number, d.typeCode === "381")),
        el("ram:InvoiceCurrencyCode", d.currency),
        ...paymentMeans,
        ...d.taxes.map((t) =>
          wrapEl(
            "ram:ApplicableTradeTax",
            amount("ram:CalculatedAmount", t.tax),
            el("ram:TypeCode", "VAT"),
            el("ram:ExemptionReason", needsReason(t.category) ? (t.reason ?? "Exempt") : null),
            amount("ram:BasisAmount", t.taxable),
            el("ram:CategoryCode", t.category),
            hasRate(t.category) ? el("ram:RateApplicablePercent", t.rate) : "",
          ),
        ),
        wrapEl(
          "ram:SpecifiedTradePaymentTerms",
          el("ram:Description", d.terms),
          d.dueDate === null
            ? ""
            : wrapEl("ram:DueDateDateTime", el("udt:DateTimeString", cii102(d.dueDate), { format: "102" })),
        ),
        wrapEl(
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
          amount("ram:LineTotalAmount", d.lineTotal),
          amount("ram:TaxBasisTotalAmount", d.lineTotal),
          amount("ram:TaxTotalAmount", d.taxTotal, true),
          isZeroAmount(d.rounding) ? "" : amount("ram:RoundingAmount", d.rounding),
          amount("ram:GrandTotalAmount", d.grandTotal),
          isZeroAmount(d.prepaid) ? "" : amount("ram:TotalPrepaidAmount", d.prepaid),
          amount("ram:DuePayableAmount", d.payable),
        ),
        d.preceding === null
          ? ""
          : wrapEl(
              "ram:InvoiceReferencedDocument",
              el("ram:IssuerAssignedID", d.preceding.number),
              wrapEl(
                "ram:FormattedIssueDateTime",
                el("qdt:DateTimeString", cii102(d.preceding.issueDate), { format: "102" }),
              ),
            ),
      ),
    ),
    "</rsm:CrossIndustryInvoice>",
  ].join("\n");
};

/** Writes invoices and credit notes as EN 16931 UBL 2.1 or CII XML. */
export const einvoiceWriter = (): EinvoiceWriter => ({
  write: (invoice, context, format) => {
    const d = invoiceDoc(invoice, context);
    return format === "ubl" ? ubl(d) : cii(d);
  },
  writeCreditNote: (note, invoice, context, format) => {
    const d = creditNoteDoc(note, invoice, context);
    return format === "ubl" ? ubl(d) : cii(d);
  },
});
