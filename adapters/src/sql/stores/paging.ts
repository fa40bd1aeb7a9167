import type { Page, PageRequest } from "@apar/core/ports";
import type { SqlSession } from "../sql-session.js";

/** A keyset query: `select` up to FROM (and joins), its conditions and their bind values. */
export interface KeysetQuery {
  readonly select: string;
  readonly where: readonly string[];
  readonly bind: readonly unknown[];
  /** The id column the page is ordered and cut by. */
  readonly id: string;
}

/** The checked LIMIT of a page request (inlined: prepared statements on MySQL 8 reject a bound LIMIT). */
export const pageLimit = (page: PageRequest): number => {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`bad page limit: ${page.limit}`);
  return page.limit;
};

/** One page in id order after `page.after`: fetches limit + 1 rows to know whether more follow. */
export const keysetPage = async <R extends object, A>(
  session: SqlSession,
  query: KeysetQuery,
  page: PageRequest,
  decode: (row: R) => A,
): Promise<Page<A>> => {
  const limit = pageLimit(page);
  const where = [...query.where];
  const bind = [...query.bind];
  if (page.after !== undefined) {
    bind.push(page.after);
    where.push(`${query.id} > $${bind.length}`);
  }
  const rows = await session.select<R>(
    `${query.select}${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY ${query.id} LIMIT ${limit + 1}`,
    bind,
  );
  return { items: rows.slice(0, limit).map(decode), hasMore: rows.length > limit };
};

/** A page of an organisation's rows of one `select`, in id order (the shape most organisation lists share). */
export const organisationPage = <R extends object, A>(
  session: SqlSession,
  select: string,
  scope: { readonly clientId: string; readonly organisationId: string },
  page: PageRequest,
  decode: (row: R) => A,
): Promise<Page<A>> =>
  keysetPage(
    session,
    {
      select,
      where: ["client_id = $1", "organisation_id = $2"],
      bind: [scope.clientId, scope.organisationId],
      id: "id",
    },
    page,
    decode,
  );

/** Takes an organisation row's lock for the rest of the unit of work (MySQL; SQLite serialises writers). */
export const lockOrganisationRow = async (
  session: SqlSession,
  table: string,
  scope: { readonly clientId: string; readonly organisationId: string },
  id: string,
): Promise<void> => {
  if (session.dialect !== "mysql" || session.transaction === null) return;
  await session.select(`SELECT id FROM ${table} WHERE id = $1 AND client_id = $2 AND organisation_id = $3 FOR UPDATE`, [
    id,
    scope.clientId,
    scope.organisationId,
  ]);
};
