import type { ImportedStatement } from "@apar/core";
import type { BankStatements, OrgScope } from "@apar/core/ports";
import type { Access } from "../access.js";
import { assertAbsent, copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const inScope = (scope: OrgScope) => (s: ImportedStatement) =>
  s.clientId === scope.clientId && s.organisationId === scope.organisationId;

/** Imported bank statements in memory, as the SQL store answers them. */
export const memoryBankStatements = (access: Access): BankStatements => ({
  insert: (statement) =>
    access.write((t) => {
      assertAbsent(t.bankStatements, statement.id, "bank statement");
      if ([...t.bankStatements.values()].some((s) => inScope(statement)(s) && s.fingerprint === statement.fingerprint))
        throw new Error(`duplicate bank statement fingerprint: ${statement.fingerprint}`);
      t.bankStatements.set(statement.id, copy(statement));
    }),
  update: (statement) =>
    access.write((t) => {
      t.bankStatements.set(statement.id, copy(statement));
    }),
  ofId: async (scope, id) => {
    const found = access.read().bankStatements.get(id);
    return found !== undefined && inScope(scope)(found) ? copy(found) : undefined;
  },
  ofFingerprint: async (scope, fingerprint) =>
    copy([...access.read().bankStatements.values()].find((s) => inScope(scope)(s) && s.fingerprint === fingerprint)),
  list: async (scope, page) =>
    copy(keysetPage([...access.read().bankStatements.values()].filter(inScope(scope)), (s) => s.id, page)),
  lock: async () => {},
});
