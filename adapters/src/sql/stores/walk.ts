import type { BillLifecycle } from "@apar/core";
import { decodeJson } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { BILL_COLUMNS, type BillRow, decodeBill } from "./bills.js";
import { indexHint } from "./paging.js";

/** Rows per batch a walk reads: what a report or an export of the books holds in memory at once. */
export const WALK_BATCH = 500;

/** One index range, walked in batches in (`order`, id) order, or in id order without `order`: a keyset, never OFFSET. */
export interface Walk {
  /** `SELECT ...` up to FROM: the table and its index hint follow. */
  readonly select: string;
  readonly table: string;
  /** The index the statements must read (MySQL FORCE INDEX, SQLite INDEXED BY). */
  readonly index: string;
  /** Any join after the hint. */
  readonly join?: string;
  /** The range's conditions, with `$n` binds numbered from 1. */
  readonly where: string;
  readonly bind: readonly unknown[];
  /** The index column before `id` the walk is ordered by (read back as `walk_at`, exactly as stored). */
  readonly order?: string;
}

/**
 * Walks one index range in batches of WALK_BATCH, each batch one statement (LIMIT inlined) that continues after the
 * last row of the one before: after its id, or after its (`order`, id) pair, so rows with one same value of `order`
 * are neither skipped nor read twice. SQLite seeks a row value in the index; MariaDB makes the two ranges of the OR.
 */
export async function* walk<R extends { id: unknown }>(session: SqlSession, w: Walk): AsyncGenerator<R[]> {
  const t = w.table;
  const order = w.order === undefined ? `${t}.id` : `${t}.${w.order}, ${t}.id`;
  const select = w.order === undefined ? w.select : `${w.select}, ${t}.${w.order} AS walk_at`;
  let at: { readonly value: unknown; readonly id: string } | undefined;
  for (;;) {
    const n = w.bind.length;
    const after =
      at === undefined
        ? { sql: "", bind: [] as unknown[] }
        : w.order === undefined
          ? { sql: ` AND ${t}.id > $${n + 1}`, bind: [at.id] }
          : {
              sql:
                session.dialect === "sqlite"
                  ? ` AND (${t}.${w.order}, ${t}.id) > ($${n + 1}, $${n + 2})`
                  : ` AND (${t}.${w.order} > $${n + 1} OR (${t}.${w.order} = $${n + 1} AND ${t}.id > $${n + 2}))`,
              bind: [at.value, at.id],
            };
    const rows = await session.select<R & { walk_at?: unknown }>(
      `${select} FROM ${t} ${indexHint(session, w.index)}${w.join === undefined ? "" : ` ${w.join}`} WHERE ${w.where}${after.sql} ORDER BY ${order} LIMIT ${WALK_BATCH}`,
      [...w.bind, ...after.bind],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < WALK_BATCH) return;
    const last = rows[rows.length - 1] as R & { walk_at?: unknown };
    at = { value: last.walk_at, id: String(last.id) };
  }
}

/** Bills with their lifecycles: a lifecycle comes with its bill, by its primary key (one statement per batch). */
export const BILL_WITH_LIFECYCLE = {
  select: `SELECT ${BILL_COLUMNS.map((c) => `bills.${c}`).join(", ")}, bill_lifecycles.body AS lifecycle_body`,
  join: "LEFT JOIN bill_lifecycles ON bill_lifecycles.bill_id = bills.id",
} as const;

export type BillWithLifecycleRow = BillRow & { lifecycle_body: unknown };

/** A bill row read with its lifecycle (undefined: nothing happened to it after review). */
export const billWithLifecycle = (row: BillWithLifecycleRow) => ({
  bill: decodeBill(row),
  lifecycle:
    row.lifecycle_body === null || row.lifecycle_body === undefined
      ? undefined
      : decodeJson<BillLifecycle>(row.lifecycle_body),
});
