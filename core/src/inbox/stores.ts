import type { AllowedSender } from "./allowlist.js";
import type { CompanyBill } from "./company-bill.js";

/** Companies' sender allowlists. */
export interface AllowedSenders {
  add(sender: AllowedSender): Promise<void>;
  /** A company's entries, oldest first. */
  listOfCompany(clientId: string, companyId: string): Promise<readonly AllowedSender[]>;
  /** The entry when it is the company's (another client's or company's answers undefined). */
  ofId(clientId: string, companyId: string, id: string): Promise<AllowedSender | undefined>;
  /** Answers false when there was no such entry of that company. */
  remove(clientId: string, companyId: string, id: string): Promise<boolean>;
  /** Deletes every entry of a company (with the company); answers how many. */
  removeOfCompany(clientId: string, companyId: string): Promise<number>;
}

/** Bills received against a company that wait for someone to choose their organisation. */
export interface CompanyBills {
  add(bill: CompanyBill): Promise<void>;
  ofId(clientId: string, companyId: string, id: string): Promise<CompanyBill | undefined>;
  /** Writes every field but the id, client, company and creation time. */
  update(bill: CompanyBill): Promise<void>;
  /** Answers false when there was no such bill of that company (it was assigned already). */
  remove(clientId: string, companyId: string, id: string): Promise<boolean>;
  /** Deletes every waiting bill of a company (with the company); answers how many. */
  removeOfCompany(clientId: string, companyId: string): Promise<number>;
  /** Across every client: the document hashes of the bills waiting for an organisation. */
  documentHashes(): Promise<ReadonlySet<string>>;
}
