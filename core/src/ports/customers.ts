import type { Customer } from "../customers/model.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/**
 * A catalogue of records within one organisation of one client (another's answers undefined, as a missing
 * one): customers and products.
 */
export interface Catalogue<A> {
  add(record: A): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<A | undefined>;
  /** Records in id order; with `q`, those whose searched fields contain it (case-insensitive). */
  search(scope: OrgScope, q: string | undefined, page: PageRequest): Promise<Page<A>>;
  /** Up to `max` records in id order, for ranking in memory (fuzzy search). */
  sample(scope: OrgScope, max: number): Promise<readonly A[]>;
  /** Writes every field but the id, scope and creation time. */
  update(record: A): Promise<void>;
  /** Answers false when there was no such record in the scope. */
  remove(scope: OrgScope, id: string): Promise<boolean>;
}

/** Customers; `q` searches the name, e-mail and tax number. */
export type Customers = Catalogue<Customer>;
