import type { Page, PageRequest } from "../ports/page.js";
import type { OrgScope } from "../ports/scope.js";
import type { Product } from "./model.js";

/** Products, always within one organisation of one client. */
export interface Products {
  add(product: Product): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Product | undefined>;
  /** Products in id order; with `q`, those whose name, SKU or description contains it (case-insensitive). */
  search(scope: OrgScope, q: string | undefined, page: PageRequest): Promise<Page<Product>>;
  /** Up to `max` products in id order, for ranking in memory (fuzzy search). */
  sample(scope: OrgScope, max: number): Promise<readonly Product[]>;
  update(product: Product): Promise<void>;
  remove(scope: OrgScope, id: string): Promise<boolean>;
}
