import { oneOf } from "@apar/core";
import type { Job, JobStatus, Jobs } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
import { column, decodeDate, decodeInt, decodeJson, decodeOptionalDate, encodeDate, placeholders } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface JobRow {
  readonly id: string;
  readonly type: string;
  readonly payload: string;
  readonly dedupe_key: string | null;
  readonly status: string;
  readonly attempts: unknown;
  readonly max_attempts: unknown;
  readonly run_at: unknown;
  readonly locked_by: string | null;
  readonly locked_until: unknown;
  readonly last_error: string | null;
}

const COLUMNS =
  "id, type, payload, dedupe_key, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error";
const DEFAULT_MAX_ATTEMPTS = 5;

/** Where a job stands, decoded from its column (a value no code writes is a defect naming the column). */
const JOB_STATUSES: readonly JobStatus[] = ["ready", "running", "done", "dead"];
const decodeStatus = column(oneOf(JOB_STATUSES, "JobStatus"), "jobs.status");

const decode = (row: JobRow): Job => ({
  id: row.id,
  type: row.type,
  payload: decodeJson(row.payload),
  key: row.dedupe_key,
  status: decodeStatus(row.status),
  attempts: decodeInt(row.attempts),
  maxAttempts: decodeInt(row.max_attempts),
  runAt: decodeDate(row.run_at),
  lockedBy: row.locked_by,
  lockedUntil: decodeOptionalDate(row.locked_until),
  lastError: row.last_error,
});

const count = (value: unknown): number => (value === null || value === undefined ? 0 : decodeInt(value));

/**
 * The job queue in SQL. A claim picks the first job whose `available_at` has passed: due ready jobs and
 * running jobs whose lock expired. On MySQL the pick is `FOR UPDATE SKIP LOCKED` (sequelize drops
 * `skipLocked` for mysql, hence raw SQL), so concurrent claimers pass over each other's rows; on SQLite
 * the surrounding IMMEDIATE transaction makes claims one at a time.
 */
export const sqlJobs = (session: SqlSession, newId: () => string): Jobs => {
  /**
   * The job enqueued under a key. `latest` is a locking read on MySQL, which sees a row committed after this
   * transaction's snapshot; it is only asked for once an insert has met the key, because a locking read of a
   * key nobody holds yet locks the gap, and two enqueues holding that gap then deadlock on their inserts.
   */
  const byKey = async (tx: SqlSession, key: string, latest = false): Promise<string | undefined> => {
    const lock = latest && tx.dialect === "mysql" ? " LOCK IN SHARE MODE" : "";
    const [row] = await tx.select<{ id: string }>(`SELECT id FROM jobs WHERE dedupe_key = $1${lock}`, [key]);
    return row?.id;
  };

  return {
    enqueue: (job, now) =>
      // Two enqueues of one key can still meet on its index (one waits on the other's insert); MariaDB kills one.
      session.writeRetryingDeadlocks("jobs.enqueue", async (tx) => {
        const key = job.key ?? null;
        if (key !== null) {
          const existing = await byKey(tx, key);
          if (existing !== undefined) return existing;
        }
        const id = newId();
        const runAt = encodeDate(job.runAt ?? now);
        try {
          await tx.execute(
            `INSERT INTO jobs (id, type, payload, dedupe_key, status, attempts, max_attempts, run_at, available_at,
               locked_by, locked_until, last_error, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'ready', 0, $5, $6, $6, NULL, NULL, NULL, $7, $7)`,
            [
              id,
              job.type,
              JSON.stringify(job.payload ?? null),
              key,
              job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
              runAt,
              encodeDate(now),
            ],
          );
        } catch (error) {
          // Another transaction enqueued the same key between our look-up and insert.
          const existing =
            key === null || !(error instanceof UniqueConstraintError) ? undefined : await byKey(tx, key, true);
          if (existing === undefined) throw error;
          return existing;
        }
        return id;
      }),

    claim: ({ worker, types, now, visibilityMs }) =>
      session.writeRetryingDeadlocks("jobs.claim", async (tx) => {
        if (types !== undefined && types.length === 0) return undefined;
        const typeFilter = types === undefined ? "" : ` AND type IN (${placeholders(2, types.length)})`;
        const skipLocked = tx.dialect === "mysql" ? " FOR UPDATE SKIP LOCKED" : "";
        const at = encodeDate(now);
        for (;;) {
          const [row] = await tx.select<JobRow>(
            `SELECT ${COLUMNS} FROM jobs WHERE available_at <= $1${typeFilter}
             ORDER BY available_at, id LIMIT 1${skipLocked}`,
            [at, ...(types ?? [])],
          );
          if (row === undefined) return undefined;
          const attempts = decodeInt(row.attempts);
          if (row.status === "running" && attempts >= decodeInt(row.max_attempts)) {
            // Its worker vanished during the last allowed attempt: the job is dead, look further.
            await tx.execute(
              `UPDATE jobs SET status = 'dead', available_at = NULL, locked_by = NULL, locked_until = NULL,
                 last_error = $1, updated_at = $2 WHERE id = $3`,
              [`lock expired during attempt ${attempts} of ${attempts}`, at, row.id],
            );
            continue;
          }
          const lockedUntil = new Date(now.getTime() + visibilityMs);
          await tx.execute(
            `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2,
               available_at = $2, updated_at = $3 WHERE id = $4`,
            [worker, encodeDate(lockedUntil), at, row.id],
          );
          return { ...decode(row), status: "running", attempts: attempts + 1, lockedBy: worker, lockedUntil };
        }
      }),

    async renew(id, worker, { now, visibilityMs }) {
      const lockedUntil = encodeDate(new Date(now.getTime() + visibilityMs));
      const renewed = await session.execute(
        `UPDATE jobs SET locked_until = $1, available_at = $1, updated_at = $2
         WHERE id = $3 AND locked_by = $4 AND status = 'running'`,
        [lockedUntil, encodeDate(now), id, worker],
      );
      if (renewed > 0) return true;
      // MySQL counts changed rows: a renewal to the lock it already has changes none.
      const [row] = await session.select<{ id: string }>(
        "SELECT id FROM jobs WHERE id = $1 AND locked_by = $2 AND status = 'running'",
        [id, worker],
      );
      return row !== undefined;
    },

    async complete(id, worker, now) {
      // Only the holder may complete; a worker whose lock was taken over is ignored (handlers are idempotent).
      await session.execute(
        `UPDATE jobs SET status = 'done', available_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = $1
         WHERE id = $2 AND locked_by = $3 AND status = 'running'`,
        [encodeDate(now), id, worker],
      );
    },

    async fail(id, worker, { error, retryAt, now }) {
      const at = encodeDate(now);
      if (retryAt !== undefined) {
        const retried = await session.execute(
          `UPDATE jobs SET status = 'ready', run_at = $1, available_at = $1, locked_by = NULL, locked_until = NULL,
             last_error = $2, updated_at = $3
           WHERE id = $4 AND locked_by = $5 AND status = 'running' AND attempts < max_attempts`,
          [encodeDate(retryAt), error, at, id, worker],
        );
        if (retried > 0) return;
      }
      await session.execute(
        `UPDATE jobs SET status = 'dead', available_at = NULL, locked_by = NULL, locked_until = NULL,
           last_error = $1, updated_at = $2
         WHERE id = $3 AND locked_by = $4 AND status = 'running'`,
        [error, at, id, worker],
      );
    },

    release: (worker, now) =>
      // The interrupted attempt did not run to an end, so it does not count: attempts go back down by one
      // and a job is not pushed towards dead by restarts.
      session.execute(
        `UPDATE jobs SET status = 'ready', attempts = attempts - 1, available_at = $1, locked_by = NULL,
           locked_until = NULL, updated_at = $1
         WHERE locked_by = $2 AND status = 'running'`,
        [encodeDate(now), worker],
      ),

    async ofId(id) {
      const [row] = await session.select<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
      return row === undefined ? undefined : decode(row);
    },

    async livePayloads(type, now) {
      const rows = await session.select<{ payload: string }>(
        `SELECT payload FROM jobs WHERE type = $1 AND (status = 'ready'
           OR (status = 'running' AND (locked_until > $2 OR attempts < max_attempts)))`,
        [type, encodeDate(now)],
      );
      return rows.map((r) => decodeJson(r.payload));
    },

    async depth(now) {
      const [row] = await session.select<Record<string, unknown>>(
        `SELECT
           SUM(CASE WHEN status = 'ready' AND run_at <= $1 THEN 1 ELSE 0 END) AS ready,
           SUM(CASE WHEN status = 'ready' AND run_at > $1 THEN 1 ELSE 0 END) AS scheduled,
           SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END) AS running,
           SUM(CASE WHEN status = 'dead' THEN 1 ELSE 0 END) AS dead
         FROM jobs WHERE status IN ('ready', 'running', 'dead')`,
        [encodeDate(now)],
      );
      return {
        ready: count(row?.ready),
        scheduled: count(row?.scheduled),
        running: count(row?.running),
        dead: count(row?.dead),
      };
    },
  };
};
