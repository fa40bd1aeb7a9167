import type { ImportedStatement } from "@apar/core";
import type { BankStatements } from "@apar/core/ports";
import { encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage, lockOrganisationRow } from "./paging.js";
import { type DocumentRow, organisationDocument } from "./receivable-docs.js";

const SELECT = "SELECT id, client_id, organisation_id, body, created_at, updated_at FROM bank_statements";

const { bodyOf, decode } = organisationDocument<ImportedStatement>();

/** Imported bank statements in SQL: the import as a document, found again by its file's sha-256. */
export const sqlBankStatements = (session: SqlSession): BankStatements => ({
  async insert(s) {
    await session.execute(
      `INSERT INTO bank_statements (id, client_id, organisation_id, fingerprint, body, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [s.id, s.clientId, s.organisationId, s.fingerprint, bodyOf(s), encodeDate(s.createdAt), encodeDate(s.updatedAt)],
    );
  },
  async update(s) {
    await session.execute(
      "UPDATE bank_statements SET body = $1, updated_at = $2 WHERE id = $3 AND client_id = $4 AND organisation_id = $5",
      [bodyOf(s), encodeDate(s.updatedAt), s.id, s.clientId, s.organisationId],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<DocumentRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  async ofFingerprint(scope, fingerprint) {
    const [row] = await session.select<DocumentRow>(
      `${SELECT} WHERE organisation_id = $1 AND fingerprint = $2 AND client_id = $3`,
      [scope.organisationId, fingerprint, scope.clientId],
    );
    return row === undefined ? undefined : decode(row);
  },
  list: (scope, page) =>
    listPage(session, { select: SELECT, table: "bank_statements", index: "bank_statements_list", scope }, page, decode),
  lock: (scope, id) => lockOrganisationRow(session, "bank_statements", scope, id),
});
