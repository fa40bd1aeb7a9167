import type { Page, PageRequest } from "../ports/page.js";
import type { OrgScope } from "../ports/scope.js";
import type { Customer } from "./model.js";

/** Customers, always within one organisation of one client (another's answers undefined, as a missing one). */
export interface Customers {
  add(customer: Customer): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Customer | undefined>;
  /** Customers in id order; with `q`, those whose name, e-mail or tax number contains it (case-insensitive). */
  search(scope: OrgScope, q: string | undefined, page: PageRequest): Promise<Page<Customer>>;
  /** Up to `max` customers in id order, for ranking in memory (fuzzy search). */
  sample(scope: OrgScope, max: number): Promise<readonly Customer[]>;
  update(customer: Customer): Promise<void>;
  /** Answers false when there was no such customer in the scope. */
  remove(scope: OrgScope, id: string): Promise<boolean>;
}
