import type { SupplierCreditNote } from "@apar/core";
import type { SupplierCreditNotes } from "@apar/core/ports";
import { encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage, lockOrganisationRow } from "./paging.js";
import { type DocumentRow, organisationDocument } from "./receivable-docs.js";

const SELECT = "SELECT id, client_id, organisation_id, body, created_at, updated_at FROM supplier_credit_notes";

const { bodyOf, decode } = organisationDocument<SupplierCreditNote>();

/** Supplier credit notes in SQL. */
export const sqlSupplierCreditNotes = (session: SqlSession): SupplierCreditNotes => ({
  async add(n) {
    await session.execute(
      `INSERT INTO supplier_credit_notes (id, client_id, organisation_id, supplier_id, status, body, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        n.id,
        n.clientId,
        n.organisationId,
        n.supplierId,
        n.status,
        bodyOf(n),
        encodeDate(n.createdAt),
        encodeDate(n.updatedAt),
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<DocumentRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  async update(n) {
    await session.execute(
      `UPDATE supplier_credit_notes SET status = $1, body = $2, updated_at = $3
       WHERE id = $4 AND client_id = $5 AND organisation_id = $6`,
      [n.status, bodyOf(n), encodeDate(n.updatedAt), n.id, n.clientId, n.organisationId],
    );
  },
  async remove(scope, id) {
    return (
      (await session.execute(
        "DELETE FROM supplier_credit_notes WHERE id = $1 AND client_id = $2 AND organisation_id = $3",
        [id, scope.clientId, scope.organisationId],
      )) > 0
    );
  },
  list: (scope, page) =>
    listPage(
      session,
      { select: SELECT, table: "supplier_credit_notes", index: "supplier_credit_notes_list", scope },
      page,
      decode,
    ),
  lock: (scope, id) => lockOrganisationRow(session, "supplier_credit_notes", scope, id),
});
