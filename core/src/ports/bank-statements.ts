import type { ImportedStatement } from "../payments/imported-statement.js";
import type { Page, PageRequest } from "../shared/page.js";
import type { OrgScope } from "../shared/scope.js";

/** Imported bank statements of an organisation (another organisation's answer undefined, as missing ones do). */
export interface BankStatements {
  insert(statement: ImportedStatement): Promise<void>;
  /** Replaces the entries (a manual match). */
  update(statement: ImportedStatement): Promise<void>;
  ofId(scope: OrgScope, id: string): Promise<ImportedStatement | undefined>;
  /** The import of the file with this sha-256, if the organisation imported it before. */
  ofFingerprint(scope: OrgScope, fingerprint: string): Promise<ImportedStatement | undefined>;
  list(scope: OrgScope, page: PageRequest): Promise<Page<ImportedStatement>>;
  lock(scope: OrgScope, id: string): Promise<void>;
}
