import type { CompanyBill } from "@apar/core";
import { aBill, aScope } from "../bill-fixtures.js";
import { contractTest } from "../contract.js";
import { aClient, aCompany, at } from "../fixtures.js";

const aCompanyBill = (clientId: string, companyId: string, over: Partial<CompanyBill> = {}): CompanyBill => {
  const { organisationId: _o, state: _s, ...bill } = aBill({ ...aScope(), clientId });
  return { ...bill, clientId, companyId, state: "Extracting", ...over };
};

contractTest("company bills: add then ofId, every field", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const bill = aCompanyBill(company.clientId, company.id, { createdAt: at(1), updatedAt: at(2) });
  await stores.companyBills.add(bill);
  t.deepEqual(await stores.companyBills.ofId(company.clientId, company.id, bill.id), bill);
  await t.throwsAsync(stores.companyBills.add(bill));
});

contractTest("company bills: update writes the read fields and state, not the creation time", async (t, { stores }) => {
  const company = aCompany(aClient().id);
  const bill = aCompanyBill(company.clientId, company.id, { createdAt: at(1), updatedAt: at(1) });
  await stores.companyBills.add(bill);
  const read: CompanyBill = {
    ...bill,
    state: "PendingReview",
    fields: { ...bill.fields, supplierName: "Lieferant GmbH", invoiceNumber: "R-7", totalAmount: "12.50" },
    confidence: 0.75,
    fieldConfidence: { supplierName: 0.75 },
    reader: "einvoice",
    updatedAt: at(9),
  };
  await stores.companyBills.update({ ...read, createdAt: at(99) });
  t.deepEqual(await stores.companyBills.ofId(company.clientId, company.id, bill.id), read);
});

contractTest(
  "company bills: another client's or company's are invisible; remove and removeOfCompany",
  async (t, { stores }) => {
    const company = aCompany(aClient().id);
    const other = aCompany(company.clientId);
    const bill = aCompanyBill(company.clientId, company.id);
    const second = aCompanyBill(company.clientId, company.id);
    const kept = aCompanyBill(company.clientId, other.id);
    for (const b of [bill, second, kept]) await stores.companyBills.add(b);
    t.is(await stores.companyBills.ofId(aClient().id, company.id, bill.id), undefined);
    t.is(await stores.companyBills.ofId(company.clientId, other.id, bill.id), undefined);
    t.false(await stores.companyBills.remove(company.clientId, other.id, bill.id));
    t.true(await stores.companyBills.remove(company.clientId, company.id, bill.id));
    t.false(await stores.companyBills.remove(company.clientId, company.id, bill.id));
    t.is(await stores.companyBills.removeOfCompany(company.clientId, company.id), 1);
    t.deepEqual(await stores.companyBills.ofId(company.clientId, other.id, kept.id), kept);
  },
);
