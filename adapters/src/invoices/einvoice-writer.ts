import { formatAmount, type Invoice, isZeroAmount, multiplyAmount, outstandingOf, subtractAmounts } from "@apar/core";
import type { DocumentContext, EinvoiceWriter } from "@apar/core/ports";
import { el, wrapEl } from "./xml.js";

// EN 16931 VAT categories: S standard rate, Z zero rated.
const category = (rate: string): "S" | "Z" => (isZeroAmount(rate) ? "Z" : "S");
const cii102 = (date: string): string => date.replaceAll("-", "");

/** What the customisation identifier says the document follows. */
export const EN16931 = "urn:cen.eu:en16931:2017";

const ubl = (invoice: Invoice, context: DocumentContext): string => {
  const cur = { currencyID: invoice.currency };
  const amount = (name: string, value: string) => el(name, formatAmount(value, invoice.currency), cur);
  const party = (
    name: string,
    taxNumber: string | null,
    address: string | null,
    country: string | null,
    email: string | null,
  ) =>
    wrapEl(
      "cac:Party",
      wrapEl("cac:PartyName", el("cbc:Name", name)),
      wrapEl(
        "cac:PostalAddress",
        el("cbc:StreetName", address?.split(/\r?\n/)[0] ?? null),
        wrapEl("cac:Country", el("cbc:IdentificationCode", country ?? "ZZ")),
      ),
      taxNumber === null
        ? ""
        : wrapEl("cac:PartyTaxScheme", el("cbc:CompanyID", taxNumber), wrapEl("cac:TaxScheme", el("cbc:ID", "VAT"))),
      wrapEl("cac:PartyLegalEntity", el("cbc:RegistrationName", name)),
      email === null ? "" : wrapEl("cac:Contact", el("cbc:ElectronicMail", email)),
    );
  const lines = invoice.lines.map((l, i) => {
    const gross = multiplyAmount(l.quantity, l.unitPrice);
    const discount = subtractAmounts(gross, l.netAmount);
    return wrapEl(
      "cac:InvoiceLine",
      el("cbc:ID", String(i + 1)),
      el("cbc:InvoicedQuantity", l.quantity, { unitCode: "C62" }),
      amount("cbc:LineExtensionAmount", l.netAmount),
      isZeroAmount(l.discountPercent)
        ? ""
        : wrapEl(
            "cac:AllowanceCharge",
            el("cbc:ChargeIndicator", "false"),
            el("cbc:AllowanceChargeReason", `Discount ${l.discountPercent}%`),
            amount("cbc:Amount", discount),
          ),
      wrapEl(
        "cac:Item",
        el("cbc:Name", l.description),
        wrapEl(
          "cac:ClassifiedTaxCategory",
          el("cbc:ID", category(l.taxRate)),
          el("cbc:Percent", l.taxRate),
          wrapEl("cac:TaxScheme", el("cbc:ID", "VAT")),
        ),
      ),
      wrapEl("cac:Price", el("cbc:PriceAmount", l.unitPrice, cur)),
    );
  });
  const c = invoice.customer;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    el("cbc:CustomizationID", EN16931),
    el("cbc:ID", invoice.documentNumber ?? `DRAFT-${invoice.id}`),
    el("cbc:IssueDate", invoice.issueDate),
    el("cbc:DueDate", invoice.dueDate),
    el("cbc:InvoiceTypeCode", "380"),
    el("cbc:Note", invoice.memo),
    el("cbc:DocumentCurrencyCode", invoice.currency),
    wrapEl("cac:AccountingSupplierParty", party(context.organisation.name, null, null, null, null)),
    wrapEl("cac:AccountingCustomerParty", party(c.name, c.taxNumber, c.address, c.country, c.email)),
    wrapEl("cac:PaymentMeans", el("cbc:PaymentMeansCode", "30"), el("cbc:PaymentID", invoice.documentNumber)),
    context.paymentUrl === null ? "" : wrapEl("cac:PaymentTerms", el("cbc:Note", `Pay online: ${context.paymentUrl}`)),
    wrapEl(
      "cac:TaxTotal",
      amount("cbc:TaxAmount", invoice.taxAmount),
      ...invoice.taxes.map((t) =>
        wrapEl(
          "cac:TaxSubtotal",
          amount("cbc:TaxableAmount", t.taxableAmount),
          amount("cbc:TaxAmount", t.taxAmount),
          wrapEl(
            "cac:TaxCategory",
            el("cbc:ID", category(t.rate)),
            el("cbc:Percent", t.rate),
            wrapEl("cac:TaxScheme", el("cbc:ID", "VAT")),
          ),
        ),
      ),
    ),
    wrapEl(
      "cac:LegalMonetaryTotal",
      amount("cbc:LineExtensionAmount", invoice.subTotal),
      amount("cbc:TaxExclusiveAmount", invoice.subTotal),
      amount("cbc:TaxInclusiveAmount", invoice.totalAmount),
      amount("cbc:PrepaidAmount", invoice.amountPaid),
      amount("cbc:PayableAmount", outstandingOf({ ...invoice, amountCredited: "0" })),
    ),
    ...lines,
    "</Invoice>",
  ].join("\n");
};

const cii = (invoice: Invoice, context: DocumentContext): string => {
  const amount = (name: string, value: string, withCurrency = false) =>
    el(name, formatAmount(value, invoice.currency), withCurrency ? { currencyID: invoice.currency } : {});
  const tax = (rate: string, extra: string[] = []) =>
    wrapEl(
      "ram:ApplicableTradeTax",
      ...extra,
      el("ram:TypeCode", "VAT"),
      el("ram:CategoryCode", category(rate)),
      el("ram:RateApplicablePercent", rate),
    );
  const c = invoice.customer;
  const lines = invoice.lines.map((l, i) =>
    wrapEl(
      "ram:IncludedSupplyChainTradeLineItem",
      wrapEl("ram:AssociatedDocumentLineDocument", el("ram:LineID", String(i + 1))),
      wrapEl("ram:SpecifiedTradeProduct", el("ram:Name", l.description)),
      wrapEl(
        "ram:SpecifiedLineTradeAgreement",
        wrapEl("ram:GrossPriceProductTradePrice", el("ram:ChargeAmount", l.unitPrice)),
        wrapEl(
          "ram:NetPriceProductTradePrice",
          el(
            "ram:ChargeAmount",
            multiplyAmount(l.unitPrice, multiplyAmount(subtractAmounts("100", l.discountPercent), "0.01")),
          ),
        ),
      ),
      wrapEl("ram:SpecifiedLineTradeDelivery", el("ram:BilledQuantity", l.quantity, { unitCode: "C62" })),
      wrapEl(
        "ram:SpecifiedLineTradeSettlement",
        tax(l.taxRate),
        wrapEl("ram:SpecifiedTradeSettlementLineMonetarySummation", amount("ram:LineTotalAmount", l.netAmount)),
      ),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    wrapEl(
      "rsm:ExchangedDocumentContext",
      wrapEl("ram:GuidelineSpecifiedDocumentContextParameter", el("ram:ID", EN16931)),
    ),
    wrapEl(
      "rsm:ExchangedDocument",
      el("ram:ID", invoice.documentNumber ?? `DRAFT-${invoice.id}`),
      el("ram:TypeCode", "380"),
      wrapEl("ram:IssueDateTime", el("udt:DateTimeString", cii102(invoice.issueDate), { format: "102" })),
      invoice.memo === null ? "" : wrapEl("ram:IncludedNote", el("ram:Content", invoice.memo)),
    ),
    wrapEl(
      "rsm:SupplyChainTradeTransaction",
      ...lines,
      wrapEl(
        "ram:ApplicableHeaderTradeAgreement",
        wrapEl(
          "ram:SellerTradeParty",
          el("ram:Name", context.organisation.name),
          wrapEl("ram:PostalTradeAddress", el("ram:CountryID", "ZZ")),
        ),
        wrapEl(
          "ram:BuyerTradeParty",
          el("ram:Name", c.name),
          wrapEl(
            "ram:PostalTradeAddress",
            el("ram:LineOne", c.address?.split(/\r?\n/)[0] ?? null),
            el("ram:CountryID", c.country ?? "ZZ"),
          ),
          c.email === null ? "" : wrapEl("ram:URIUniversalCommunication", el("ram:URIID", c.email, { schemeID: "EM" })),
          c.taxNumber === null
            ? ""
            : wrapEl("ram:SpecifiedTaxRegistration", el("ram:ID", c.taxNumber, { schemeID: "VA" })),
        ),
      ),
      "<ram:ApplicableHeaderTradeDelivery/>",
      wrapEl(
        "ram:ApplicableHeaderTradeSettlement",
        el("ram:PaymentReference", invoice.documentNumber),
        el("ram:InvoiceCurrencyCode", invoice.currency),
        wrapEl("ram:SpecifiedTradeSettlementPaymentMeans", el("ram:TypeCode", "30")),
        ...invoice.taxes.map((t) =>
          wrapEl(
            "ram:ApplicableTradeTax",
            amount("ram:CalculatedAmount", t.taxAmount),
            el("ram:TypeCode", "VAT"),
            amount("ram:BasisAmount", t.taxableAmount),
            el("ram:CategoryCode", category(t.rate)),
            el("ram:RateApplicablePercent", t.rate),
          ),
        ),
        wrapEl(
          "ram:SpecifiedTradePaymentTerms",
          el("ram:Description", context.paymentUrl === null ? null : `Pay online: ${context.paymentUrl}`),
          wrapEl("ram:DueDateDateTime", el("udt:DateTimeString", cii102(invoice.dueDate), { format: "102" })),
        ),
        wrapEl(
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
          amount("ram:LineTotalAmount", invoice.subTotal),
          amount("ram:TaxBasisTotalAmount", invoice.subTotal),
          amount("ram:TaxTotalAmount", invoice.taxAmount, true),
          amount("ram:GrandTotalAmount", invoice.totalAmount),
          amount("ram:TotalPrepaidAmount", invoice.amountPaid),
          amount("ram:DuePayableAmount", outstandingOf({ ...invoice, amountCredited: "0" })),
        ),
      ),
    ),
    "</rsm:CrossIndustryInvoice>",
  ].join("\n");
};

/** Writes invoices as EN 16931 UBL 2.1 or CII XML. */
export const einvoiceWriter = (): EinvoiceWriter => ({
  write: (invoice, context, format) => (format === "ubl" ? ubl(invoice, context) : cii(invoice, context)),
});
