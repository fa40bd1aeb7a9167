import type { Company, ForwardingRejection } from "../inbox/model.js";
import type { Page, PageRequest } from "./page.js";

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
