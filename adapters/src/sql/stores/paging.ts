import type { DomainError } from "@apar/core";
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

/** A condition with `?` where its values go (in order); they become `$n` binds when a statement is built. */
export type Condition = readonly [sql: string, ...values: unknown[]];

/** Conditions joined with AND, their `?` numbered `$1`, `$2`... */
export const numbered = (conditions: readonly Condition[]): { readonly where: string; readonly bind: unknown[] } => {
  const bind: unknown[] = [];
  const parts = conditions.map(([sql, ...values]) => {
    const pieces = sql.split("?");
    if (pieces.length !== values.length + 1) throw new Error(`condition ${sql} has not ${values.length} values`);
    return pieces.reduce((out, piece, i) => (i === 0 ? piece : `${out}$${bind.push(values[i - 1])}${piece}`), "");
  });
  return { where: parts.length === 0 ? "" : ` WHERE ${parts.join(" AND ")}`, bind };
};

/**
 * A list of one organisation's rows in id order, read through one named index whose columns are
 * `organisation_id`, the `seek` equalities, then `id`; or, with a `range`, the one column it bounds (a date), then
 * `id`. The organisation's client is checked on each row read (organisation ids are unique: it never narrows the
 * rows, so the scans that only count or find a position leave it out and read the index alone).
 */
export interface ListQuery {
  /** `SELECT ... FROM <table>`: the index hint goes after it. */
  readonly select: string;
  readonly table: string;
  /** The index the statement must use (MySQL FORCE INDEX, SQLite INDEXED BY): MariaDB's own choice can walk */
  /** the organisation's whole prefix up to the cursor when another organisation shares the table. */
  readonly index: string;
  readonly scope: { readonly clientId: string; readonly organisationId: string };
  readonly seek?: readonly Condition[];
  /** A range on the index's column after `seek` (dates); the rows in it are then sorted by id, at most the cap. */
  readonly range?: readonly Condition[];
  /** Conditions no index column answers (text, a second filter): tested on at most the cap's rows. */
  readonly checks?: readonly Condition[];
  /** What to read instead when the range holds more rows than the cap (else: FilterTooBroad). */
  readonly overflow?: ListQuery;
}

/** The filters of a list, each with what can read it: an equality's index, the date range's index. */
export interface ListFilters {
  /** The organisation's index in id order, for no filter. */
  readonly index: string;
  /** Equalities in order of preference, each with its index: (organisation_id, its column, id). */
  readonly equal: readonly (readonly [index: string, condition: Condition])[];
  /** The date range's index, (organisation_id, its column, id), and its bounds (none: no range). */
  readonly range: readonly [index: string, bounds: readonly Condition[]];
  /** Conditions no index seeks (text). */
  readonly checks: readonly Condition[];
  /** An index (organisation_id, id, the checks' columns) that tests them without reading rows, if any. */
  readonly checksIndex?: string;
}

/**
 * The query of a filtered list: a date range reads its index first (its rows are few, or the list says to
 * narrow it), else the first equality its own, else the organisation's; every other filter is a check.
 */
export const filteredList = (list: Pick<ListQuery, "select" | "table" | "scope">, filters: ListFilters): ListQuery => {
  const [rangeIndex, bounds] = filters.range;
  if (bounds.length > 0)
    return {
      ...list,
      index: rangeIndex,
      range: bounds,
      checks: [...filters.equal.map(([, c]) => c), ...filters.checks],
    };
  const [first, ...rest] = filters.equal;
  const unsought = filters.checks.length > 0 ? (filters.checksIndex ?? filters.index) : filters.index;
  return {
    ...list,
    index: first === undefined ? unsought : first[0],
    seek: first === undefined ? [] : [first[1]],
    checks: [...rest.map(([, c]) => c), ...filters.checks],
  };
};

/** The answer when a filter would read more than the cap: narrowing it is the client's move (docs/log/issue-19-speed.md). */
export class FilterTooBroad extends Error implements DomainError {
  readonly _tag = "DomainError";
  readonly kind = "BadRequest";
  readonly code = "List.FilterTooBroad";
  readonly detail: string;
  constructor(scanned: number, what: string) {
    super(`a list filter would read more than ${scanned} rows`);
    this.detail =
      `This filter ${what} more than ${scanned} of the organisation's records in one request. ` +
      "Narrow it: add or shorten an invoice or issue date range, or filter by state, status, supplier or customer.";
  }
}

/** The clause that makes a statement read `index` (MySQL FORCE INDEX, SQLite INDEXED BY), after its table. */
export const indexHint = (session: SqlSession, index: string): string =>
  session.dialect === "mysql" ? `FORCE INDEX (${index})` : `INDEXED BY ${index}`;

/**
 * One page of a list query after `page.after`, reading at most the session's scan cap of the organisation's rows:
 * - no checks: the index is walked from the cursor, limit + 1 entries;
 * - a range: its rows are counted (up to the cap), then sorted by id (the index's ids alone when nothing else is
 *   tested, and the page's rows read after); more than the cap is the overflow query, or FilterTooBroad;
 * - checks: they are tested on the next `cap` rows after the cursor only. A page they leave short says more may
 *   follow (its last item is the cursor); one they leave empty is FilterTooBroad.
 */
export const listPage = async <R extends object, A>(
  session: SqlSession,
  query: ListQuery,
  page: PageRequest,
  decode: (row: R) => A,
): Promise<Page<A>> => {
  const limit = pageLimit(page);
  const cap = session.listScanRows;
  const from = `FROM ${query.table} ${indexHint(session, query.index)}`;
  const seek: Condition[] = [["organisation_id = ?", query.scope.organisationId], ...(query.seek ?? [])];
  const owner: Condition[] = [["client_id = ?", query.scope.clientId]];
  const after: Condition[] = page.after === undefined ? [] : [["id > ?", page.after]];
  const checks = query.checks ?? [];
  const pageOf = async (conditions: readonly Condition[]): Promise<R[]> => {
    const { where, bind } = numbered([...conditions, ...owner]);
    return session.select<R>(
      `${query.select} ${indexHint(session, query.index)}${where} ORDER BY id LIMIT ${limit + 1}`,
      bind,
    );
  };
  const full = (rows: readonly R[]): Page<A> => ({
    items: rows.slice(0, limit).map(decode),
    hasMore: rows.length > limit,
  });
  if (query.range !== undefined) {
    const counted = numbered([...seek, ...query.range]);
    const [row] = await session.select<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM (SELECT id ${from}${counted.where} LIMIT ${cap + 1}) w`,
      counted.bind,
    );
    if (Number(row?.n ?? 0) > cap) {
      if (query.overflow !== undefined) return listPage(session, query.overflow, page, decode);
      throw new FilterTooBroad(cap, "covers");
    }
    if (checks.length > 0) return full(await pageOf([...seek, ...query.range, ...after, ...checks]));
    // Only the index's entries are sorted (the id is in every index); the page's rows are then read by key.
    const suffix = ` FROM ${query.table}`;
    if (!query.select.endsWith(suffix)) throw new Error(`a list select must end with${suffix}`);
    const ids = numbered([...seek, ...query.range, ...after]);
    const join = session.dialect === "mysql" ? "STRAIGHT_JOIN" : "CROSS JOIN";
    const t = query.table;
    const rows = await session.select<R>(
      `${query.select.slice(0, -suffix.length)} FROM (SELECT id AS page_id ${from}${ids.where} ORDER BY id LIMIT ${limit + 1}) p
       ${join} ${t} ON ${t}.id = p.page_id WHERE ${t}.client_id = $${ids.bind.length + 1} ORDER BY ${t}.id`,
      [...ids.bind, query.scope.clientId],
    );
    return full(rows);
  }
  if (checks.length === 0) return full(await pageOf([...seek, ...after]));
  const window = numbered([...seek, ...after]);
  const [edge] = await session.select<{ id: string }>(
    `SELECT id ${from}${window.where} ORDER BY id LIMIT 1 OFFSET ${cap}`,
    window.bind,
  );
  const before: Condition[] = edge === undefined ? [] : [["id < ?", edge.id]];
  const rows = await pageOf([...seek, ...after, ...before, ...checks]);
  if (edge === undefined || rows.length > limit) return full(rows);
  if (rows.length === 0) throw new FilterTooBroad(cap, "matches nothing in the next");
  return { items: rows.map(decode), hasMore: true };
};
