// A CII invoice may state several payment terms (EXTENDED: a cash discount's, then the net one's); the due date is
// the first one any of them gives, not only the first term's.
import { readEinvoiceXml } from "@apar/adapters/reading/einvoice-xml";
import test from "ava";

const cii = (terms: string): Uint8Array =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>T-77</ram:ID>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260410</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Linde Werkstatt GmbH</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      ${terms}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`);

test("CII: the due date is the first any payment term states; the description is the first term's", (t) => {
  const r = readEinvoiceXml(
    cii(`<ram:SpecifiedTradePaymentTerms>
        <ram:Description>Bis zum 20.04.2026 erhalten Sie 2,000 % Skonto</ram:Description>
        <ram:ApplicableTradePaymentDiscountTerms><ram:CalculationPercent>2.000</ram:CalculationPercent></ram:ApplicableTradePaymentDiscountTerms>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Bis zum 30.04.2026 ohne Abzug</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20260430</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>`),
  );
  if (typeof r !== "object") return t.fail(r);
  t.is(r.fields.dueDate, "2026-04-30");
  t.is(r.fields.paymentTerms, "Bis zum 20.04.2026 erhalten Sie 2,000 % Skonto");
  t.is(r.fields.totalAmount, "119.00");
  const none = readEinvoiceXml(
    cii("<ram:SpecifiedTradePaymentTerms><ram:Description>Sofort</ram:Description></ram:SpecifiedTradePaymentTerms>"),
  );
  if (typeof none !== "object") return t.fail(none);
  t.is(none.fields.dueDate, null);
});
