import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";
import type { Supplier } from "../suppliers/model.js";

/** Suppliers, always within one organisation of one client (another's answers undefined, as a missing one). */
export interface Suppliers {
  add(supplier: Supplier): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<Supplier | undefined>;
  /**
   * The supplier as last committed, its row locked until the unit of work ends (MySQL; SQLite has one writer):
   * for a change that must not cross another (a confirmation and a new account).
   */
  ofIdForUpdate(scope: OrgScope, id: string): Promise<Supplier | undefined>;
  /** Suppliers in id order; with `q`, those whose name, tax number or email contains it (case-insensitive). */
  search(scope: OrgScope, q: string | undefined, page: PageRequest): Promise<Page<Supplier>>;
  /** Suppliers whose normalised tax number is `taxNumber` (normalised), oldest first. */
  withTaxNumber(scope: OrgScope, taxNumber: string): Promise<readonly Supplier[]>;
  /** Suppliers whose normalised name is `name` (normalised), oldest first. */
  withName(scope: OrgScope, name: string): Promise<readonly Supplier[]>;
  update(supplier: Supplier): Promise<void>;
  /** Answers false when there was no such supplier in the scope. */
  remove(scope: OrgScope, id: string): Promise<boolean>;
}
