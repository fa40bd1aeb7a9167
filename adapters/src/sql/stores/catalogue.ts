import type { Catalogue } from "@apar/core/ports";
import { decodeDate, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage, pageLimit } from "./paging.js";
import { decodeDoc, encodeDoc, likeOf, searchText } from "./receivable-docs.js";

interface CatalogueRecord {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface DocRow {
  readonly body: unknown;
  readonly created_at: unknown;
}

/** A catalogue store over `table`; `fields` are what `q` searches. */
export const sqlCatalogue = <A extends CatalogueRecord>(
  session: SqlSession,
  table: "customers" | "products",
  fields: (a: A) => readonly (string | null)[],
): Catalogue<A> => {
  // The creation time is the column's: an update never changes it, whatever the record says.
  const decode = (r: DocRow): A => ({ ...decodeDoc<A>(r.body, ["updatedAt"]), createdAt: decodeDate(r.created_at) });
  const select = `SELECT id, body, created_at FROM ${table}`;
  return {
    async add(a) {
      await session.execute(
        `INSERT INTO ${table} (id, client_id, organisation_id, search_text, body, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          a.id,
          a.clientId,
          a.organisationId,
          searchText(fields(a)),
          encodeDoc(a),
          encodeDate(a.createdAt),
          encodeDate(a.updatedAt),
        ],
      );
    },
    async ofId(scope, id) {
      const [row] = await session.select<DocRow>(
        `${select} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
        [id, scope.clientId, scope.organisationId],
      );
      return row === undefined ? undefined : decode(row);
    },
    search(scope, q, page) {
      const like = likeOf(q);
      const list = { select, table, index: `${table}_organisation`, scope };
      const checks = like === undefined ? [] : [["search_text LIKE ? ESCAPE '!'", like] as const];
      return listPage(session, { ...list, checks }, page, decode);
    },
    async sample(scope, max) {
      const rows = await session.select<DocRow>(
        `${select} WHERE client_id = $1 AND organisation_id = $2 ORDER BY id LIMIT ${pageLimit({ limit: max })}`,
        [scope.clientId, scope.organisationId],
      );
      return rows.map(decode);
    },
    async update(a) {
      await session.execute(
        `UPDATE ${table} SET search_text = $1, body = $2, updated_at = $3 WHERE id = $4 AND client_id = $5 AND organisation_id = $6`,
        [searchText(fields(a)), encodeDoc(a), encodeDate(a.updatedAt), a.id, a.clientId, a.organisationId],
      );
    },
    async remove(scope, id) {
      return (
        (await session.execute(`DELETE FROM ${table} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`, [
          id,
          scope.clientId,
          scope.organisationId,
        ])) > 0
      );
    },
  };
};
