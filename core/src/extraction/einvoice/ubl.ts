import type { ExtractedFields, ExtractedLineItem } from "../model.js";
import { all, decimal, one, text, type XmlNode } from "./xml-tree.js";

/** Fields of a UBL 2.1 Invoice or CreditNote (the root element's content, prefixes removed). */
export const fieldsFromUbl = (doc: XmlNode, kind: "Invoice" | "CreditNote"): ExtractedFields => {
  const party = one(doc, "AccountingSupplierParty", "Party");
  const lineTag = kind === "Invoice" ? "InvoiceLine" : "CreditNoteLine";
  const qtyTag = kind === "Invoice" ? "InvoicedQuantity" : "CreditedQuantity";
  const lineItems: ExtractedLineItem[] = all(doc, lineTag).map((l) => ({
    description: text(l, "Item", "Name") ?? text(l, "Item", "Description") ?? "",
    quantity: decimal(text(l, qtyTag)),
    unitPrice: decimal(text(l, "Price", "PriceAmount")),
    amount: decimal(text(l, "LineExtensionAmount")),
  }));
  const totals = one(doc, "LegalMonetaryTotal");
  const means = one(doc, "PaymentMeans");
  const account = one(means, "PayeeFinancialAccount");
  const accountId = text(account, "ID");
  const iban =
    accountId !== null && /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(accountId.replace(/\s/g, ""))
      ? accountId.replace(/\s/g, "")
      : null;
  const taxTotal = all(doc, "TaxTotal").find((t) => text(t, "TaxAmount") !== null);
  return {
    supplierName: text(party, "PartyName", "Name") ?? text(party, "PartyLegalEntity", "RegistrationName"),
    invoiceNumber: text(doc, "ID"),
    currency: text(doc, "DocumentCurrencyCode"),
    totalAmount: decimal(text(totals, "TaxInclusiveAmount") ?? text(totals, "PayableAmount")),
    lineItems,
    invoiceDate: text(doc, "IssueDate"),
    dueDate: text(doc, "DueDate") ?? text(doc, "PaymentMeans", "PaymentDueDate"),
    subTotal: decimal(text(totals, "TaxExclusiveAmount") ?? text(totals, "LineExtensionAmount")),
    taxAmount: decimal(text(taxTotal, "TaxAmount")),
    supplierTaxNumber: text(party, "PartyTaxScheme", "CompanyID") ?? text(party, "PartyLegalEntity", "CompanyID"),
    bankDetails:
      account === undefined
        ? null
        : {
            accountHolderName: text(account, "Name"),
            accountNumber: iban ? null : accountId,
            sortCode: null,
            routingNumber: null,
            iban,
            bicSwift: text(account, "FinancialInstitutionBranch", "ID"),
            country: iban ? iban.slice(0, 2) : null,
            currency: null,
          },
    purchaseOrderNumber: text(doc, "OrderReference", "ID"),
    paymentTerms: text(doc, "PaymentTerms", "Note"),
    paymentRef: text(means, "PaymentID"),
  };
};
