import type { ExtractedFields, ExtractedLineItem } from "../model.js";
import { all, decimal, one, text, type XmlNode } from "./xml-tree.js";

// CII dates are `format="102"` (YYYYMMDD); some senders write ISO dates.
const date = (s: string | null): string | null => {
  if (s === null) return null;
  const m = s.match(/^(\d{4})-?(\d{2})-?(\d{2})/);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

/** Fields of a UN/CEFACT CrossIndustryInvoice (Factur-X, ZUGFeRD, XRechnung CII; prefixes removed). */
export const fieldsFromCii = (doc: XmlNode): ExtractedFields => {
  const trade = one(doc, "SupplyChainTradeTransaction");
  const agreement = one(trade, "ApplicableHeaderTradeAgreement");
  const seller = one(agreement, "SellerTradeParty");
  const settlement = one(trade, "ApplicableHeaderTradeSettlement");
  const sums = one(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const means = one(settlement, "SpecifiedTradeSettlementPaymentMeans");
  const account = one(means, "PayeePartyCreditorFinancialAccount");
  // EXTENDED invoices may give several payment terms (a cash discount's, then the net one's): the due date is the
  // first one any of them states, the description the first term's.
  const allTerms = all(settlement, "SpecifiedTradePaymentTerms");
  const terms = allTerms[0];
  const lineItems: ExtractedLineItem[] = all(trade, "IncludedSupplyChainTradeLineItem").map((l) => ({
    description: text(l, "SpecifiedTradeProduct", "Name") ?? "",
    quantity: decimal(text(l, "SpecifiedLineTradeDelivery", "BilledQuantity")),
    unitPrice: decimal(text(l, "SpecifiedLineTradeAgreement", "NetPriceProductTradePrice", "ChargeAmount")),
    amount: decimal(
      text(l, "SpecifiedLineTradeSettlement", "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
    ),
  }));
  const iban = text(account, "IBANID")?.replace(/\s/g, "") ?? null;
  const vat = all(seller, "SpecifiedTaxRegistration").map((r) => text(r, "ID"));
  return {
    supplierName: text(seller, "Name"),
    invoiceNumber: text(doc, "ExchangedDocument", "ID"),
    currency: text(settlement, "InvoiceCurrencyCode"),
    totalAmount: decimal(text(sums, "GrandTotalAmount") ?? text(sums, "DuePayableAmount")),
    lineItems,
    invoiceDate: date(text(doc, "ExchangedDocument", "IssueDateTime", "DateTimeString")),
    dueDate: date(allTerms.map((t) => text(t, "DueDateDateTime", "DateTimeString")).find((d) => d !== null) ?? null),
    subTotal: decimal(text(sums, "TaxBasisTotalAmount") ?? text(sums, "LineTotalAmount")),
    taxAmount: decimal(text(sums, "TaxTotalAmount")),
    supplierTaxNumber: vat.find((v) => v !== null) ?? null,
    bankDetails:
      account === undefined
        ? null
        : {
            accountHolderName: text(account, "AccountName"),
            accountNumber: iban ? null : text(account, "ProprietaryID"),
            sortCode: null,
            routingNumber: null,
            iban,
            bicSwift: text(means, "PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
            country: iban ? iban.slice(0, 2) : null,
            currency: null,
          },
    purchaseOrderNumber: text(agreement, "BuyerOrderReferencedDocument", "IssuerAssignedID"),
    paymentTerms: text(terms, "Description"),
    paymentRef: text(settlement, "PaymentReference"),
  };
};
