import type { AllowedSender } from "../inbox/allowlist.js";
import type { CompanyBill } from "../inbox/company-bill.js";
import type { Company, ForwardingRejection } from "../inbox/model.js";
import type { Page, PageRequest } from "../shared/page.js";

/** Companies that receive forwarded mail, and the forwards they refused. */
export interface Companies {
  add(company: Company): Promise<void>;
  /** The company when it belongs to `clientId` (another client's answers undefined, as a missing one). */
  ofId(clientId: string, id: string): Promise<Company | undefined>;
  ofSlug(slug: string): Promise<Company | undefined>;
  /** The client's companies; with `organisationIds`, only those linked to one of them (none for an empty list). */
  listByClient(clientId: string, page: PageRequest, organisationIds?: readonly string[]): Promise<Page<Company>>;
  update(company: Company): Promise<void>;
  /** Answers false when there was no such company of that client. */
  remove(clientId: string, id: string): Promise<boolean>;
}

export interface ForwardingRejections {
  add(rejection: ForwardingRejection): Promise<void>;
  /** The newest `limit` rejections of a company (newest first; ties broken by id, newest first). */
  newestOfCompany(clientId: string, companyId: string, limit: number): Promise<readonly ForwardingRejection[]>;
  ofId(clientId: string, id: string): Promise<ForwardingRejection | undefined>;
  /** Deletes every rejection of a company (with the company: sender addresses are personal data); answers how many. */
  removeOfCompany(clientId: string, companyId: string): Promise<number>;
}

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
