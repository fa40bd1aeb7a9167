import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";
import type { SupplierCreditNote } from "../supplier-credits/model.js";

/** Supplier credit notes of an organisation. */
export interface SupplierCreditNotes {
  add(note: SupplierCreditNote): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<SupplierCreditNote | undefined>;
  /** Writes every field but the id, scope and creation time. */
  update(note: SupplierCreditNote): Promise<void>;
  remove(scope: OrgScope, id: string): Promise<boolean>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<SupplierCreditNote>>;
  /** Holds the note's row until the unit of work ends (MySQL; SQLite and memory units of work queue). */
  lock(scope: OrgScope, id: string): Promise<void>;
}
