import type { WebhookDelivery } from "@apar/core";
import {
  attemptTrigger,
  DELIVERY_STATUSES,
  deliveryMove,
  deliveryStatusesFor,
  MAX_DELIVERY_ATTEMPTS,
  oneOf,
} from "@apar/core";
import type { WebhookDeliveries } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
import {
  column,
  decodeBool,
  decodeDate,
  decodeInt,
  decodeOptionalDate,
  encodeDate,
  encodeOptionalDate,
  placeholders,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { keysetPage, pageLimit } from "./paging.js";

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeStatus = column(oneOf(DELIVERY_STATUSES, "DeliveryStatus"), "webhook_deliveries.status");

/** The statuses a person may redeliver from, as SQL literals (from the delivery machine). */
const REDELIVERABLE = deliveryStatusesFor("redeliver")
  .map((s) => `'${s}'`)
  .join(", ");

interface DeliveryRow {
  readonly id: string;
  readonly client_id: string;
  readonly subscription_id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly status: string;
  readonly attempts: unknown;
  readonly next_attempt_at: unknown;
  readonly last_status_code: unknown;
  readonly last_error: string | null;
  readonly last_latency_ms: unknown;
  readonly locked_by: string | null;
  readonly locked_until: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly delivered_at: unknown;
}

const COLUMNS =
  "id, client_id, subscription_id, event_id, event_type, status, attempts, next_attempt_at, last_status_code, " +
  "last_error, last_latency_ms, locked_by, locked_until, created_at, updated_at, delivered_at";
const SELECT = `SELECT ${COLUMNS} FROM webhook_deliveries`;
const PER_ROW = 17;
const ROWS_PER_INSERT = 100;
const STATUSES: readonly string[] = ["Pending", "Delivering", "Succeeded", "Failed"];

const optionalInt = (value: unknown): number | null =>
  value === null || value === undefined ? null : decodeInt(value);

const decode = (row: DeliveryRow): WebhookDelivery => {
  if (!STATUSES.includes(row.status)) throw new TypeError(`unknown delivery status ${row.status}`);
  return {
    id: row.id,
    clientId: row.client_id,
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: decodeStatus(row.status),
    attempts: decodeInt(row.attempts),
    nextAttemptAt: decodeOptionalDate(row.next_attempt_at),
    lastStatusCode: optionalInt(row.last_status_code),
    lastError: row.last_error,
    lastLatencyMs: optionalInt(row.last_latency_ms),
    lockedBy: row.locked_by,
    lockedUntil: decodeOptionalDate(row.locked_until),
    createdAt: decodeDate(row.created_at),
    updatedAt: decodeDate(row.updated_at),
    deliveredAt: decodeOptionalDate(row.delivered_at),
  };
};

const bindOf = (d: WebhookDelivery): unknown[] => [
  d.id,
  d.clientId,
  d.subscriptionId,
  d.eventId,
  d.eventType,
  d.status,
  d.attempts,
  encodeOptionalDate(d.nextAttemptAt),
  d.lastStatusCode,
  d.lastError,
  d.lastLatencyMs,
  d.lockedBy,
  encodeOptionalDate(d.lockedUntil),
  encodeDate(d.createdAt),
  encodeDate(d.updatedAt),
  encodeOptionalDate(d.deliveredAt),
  // available_at
  d.status === "Pending"
    ? encodeOptionalDate(d.nextAttemptAt)
    : d.status === "Delivering"
      ? encodeOptionalDate(d.lockedUntil)
      : null,
];

/** Error text kept per attempt (a receiver's error can be long). */
const MAX_ERROR = 1000;

/** Records one attempt of a delivery `worker` holds (see `WebhookDeliveries.finishAttempt`). */
const finishOne = async (
  session: SqlSession,
  { id, worker, outcome, retryAt, now }: Parameters<WebhookDeliveries["finishAttempt"]>[0],
): Promise<boolean> => {
  const at = encodeDate(now);
  const status = deliveryMove("Delivering", attemptTrigger(outcome.ok, retryAt));
  const next = outcome.ok ? null : encodeOptionalDate(retryAt);
  const changed = await session.execute(
    `UPDATE webhook_deliveries SET status = $1, next_attempt_at = $2, available_at = $2, locked_by = NULL,
         locked_until = NULL, last_status_code = $3, last_error = $4, last_latency_ms = $5, updated_at = $6,
         delivered_at = CASE WHEN $1 = 'Succeeded' THEN $6 ELSE delivered_at END
       WHERE id = $7 AND locked_by = $8 AND status = 'Delivering'`,
    [
      status,
      next,
      outcome.status,
      outcome.error === null ? null : outcome.error.slice(0, MAX_ERROR),
      Math.round(outcome.latencyMs),
      at,
      id,
      worker,
    ],
  );
  return changed > 0;
};

/** Attempts recorded per statement pair (bind parameters stay far below every driver's limit). */
const FINISH_CHUNK = 100;

/**
 * Records a chunk of attempts with two statements: which of them the worker still holds (locked on MySQL), then one
 * UPDATE whose columns are CASE expressions over the ids. Answers the held ids.
 */
const finishChunk = async (
  tx: SqlSession,
  worker: string,
  attempts: Parameters<WebhookDeliveries["finishAttempts"]>[0]["attempts"],
  now: Date,
): Promise<string[]> => {
  if (attempts.length === 0) return [];
  const forUpdate = tx.dialect === "mysql" ? " FOR UPDATE" : "";
  const held = (
    await tx.select<{ id: string }>(
      `SELECT id FROM webhook_deliveries WHERE locked_by = $1 AND status = 'Delivering'
         AND id IN (${placeholders(2, attempts.length)})${forUpdate}`,
      [worker, ...attempts.map((a) => a.id)],
    )
  ).map((r) => r.id);
  if (held.length === 0) return [];
  const mine = new Set(held);
  const rows = attempts.filter((a) => mine.has(a.id));
  const bind: unknown[] = [encodeDate(now)];
  const param = (value: unknown): string => {
    bind.push(value);
    return `$${bind.length}`;
  };
  // A column whose new value is the same for every row (a batch of successes: the status, the next attempt, the
  // error, mostly the code) takes that value once instead of a CASE over the ids: fewer binds, less to evaluate.
  const caseOf = (value: (a: (typeof rows)[number]) => unknown): string => {
    const values = rows.map(value);
    if (values.every((v) => v === values[0])) return param(values[0]);
    return `CASE id ${rows.map((a, i) => `WHEN ${param(a.id)} THEN ${param(values[i])}`).join(" ")} END`;
  };
  const status = caseOf((a) => deliveryMove("Delivering", attemptTrigger(a.outcome.ok, a.retryAt)));
  const next = caseOf((a) => (a.outcome.ok ? null : encodeOptionalDate(a.retryAt ?? null)));
  const code = caseOf((a) => a.outcome.status);
  const error = caseOf((a) => (a.outcome.error === null ? null : a.outcome.error.slice(0, MAX_ERROR)));
  const latency = caseOf((a) => Math.round(a.outcome.latencyMs));
  const succeeded = rows.filter((a) => a.outcome.ok);
  const delivered =
    succeeded.length === 0
      ? "delivered_at"
      : succeeded.length === rows.length
        ? "$1"
        : `CASE WHEN id IN (${succeeded.map((a) => param(a.id)).join(", ")}) THEN $1 ELSE delivered_at END`;
  const ids = rows.map((a) => param(a.id)).join(", ");
  // Every SET item reads only its own column or none, so MySQL's left-to-right assignment changes nothing.
  await tx.execute(
    `UPDATE webhook_deliveries SET status = ${status}, next_attempt_at = ${next}, available_at = ${next},
       locked_by = NULL, locked_until = NULL, last_status_code = ${code}, last_error = ${error},
       last_latency_ms = ${latency}, updated_at = $1, delivered_at = ${delivered}
     WHERE id IN (${ids})`,
    bind,
  );
  return held;
};

/**
 * Deliveries in SQL (table `webhook_deliveries`). Claims work like the job queue's: on MySQL a raw
 * `FOR UPDATE SKIP LOCKED` pick, so concurrent claimers pass over each other's rows; on SQLite the IMMEDIATE
 * transaction makes claims one at a time.
 */
export const sqlWebhookDeliveries = (session: SqlSession): WebhookDeliveries => ({
  addMany: (deliveries) =>
    session.write(async (tx) => {
      // INSERT IGNORE / OR IGNORE: a (subscription, event) pair that exists (another dispatcher made it) is skipped.
      const ignore = tx.dialect === "mysql" ? "INSERT IGNORE" : "INSERT OR IGNORE";
      const added = new Set<string>();
      for (let start = 0; start < deliveries.length; start += ROWS_PER_INSERT) {
        const chunk = deliveries.slice(start, start + ROWS_PER_INSERT);
        const rows = chunk.map((_, i) => `(${placeholders(i * PER_ROW + 1, PER_ROW)})`).join(", ");
        let inserted = 0;
        try {
          inserted = await tx.execute(
            `${ignore} INTO webhook_deliveries (${COLUMNS}, available_at) VALUES ${rows}`,
            chunk.flatMap(bindOf),
          );
        } catch (error) {
          if (!(error instanceof UniqueConstraintError)) throw error;
        }
        if (inserted === chunk.length) {
          for (const d of chunk) added.add(d.id);
          continue;
        }
        // Some pairs existed (another dispatcher made them): the ids are new, so those found now are this chunk's.
        const found = await tx.select<{ id: string }>(
          `SELECT id FROM webhook_deliveries WHERE id IN (${placeholders(1, chunk.length)})`,
          chunk.map((d) => d.id),
        );
        for (const { id } of found) added.add(id);
      }
      return added;
    }),
  async ofId(clientId, id) {
    const [row] = await session.select<DeliveryRow>(`${SELECT} WHERE client_id = $1 AND id = $2`, [clientId, id]);
    return row === undefined ? undefined : decode(row);
  },
  async list(clientId, filter, page) {
    const where = ["client_id = $1"];
    const bind: unknown[] = [clientId];
    const add = (column: string, value: string | undefined) => {
      if (value === undefined) return;
      bind.push(value);
      where.push(`${column} = $${bind.length}`);
    };
    add("subscription_id", filter.subscriptionId);
    add("status", filter.status);
    add("event_type", filter.eventType);
    if (filter.newestFirst !== true)
      return keysetPage(session, { select: SELECT, where, bind, id: "id" }, page, decode);
    // Newest first: the same keyset walked backwards on the (client_id, id) index; ids are time-ordered.
    const limit = pageLimit(page);
    if (page.after !== undefined) {
      bind.push(page.after);
      where.push(`id < $${bind.length}`);
    }
    const rows = await session.select<DeliveryRow>(
      `${SELECT} WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ${limit + 1}`,
      bind,
    );
    return { items: rows.slice(0, limit).map(decode), hasMore: rows.length > limit };
  },
  claimDue: ({ worker, now, leaseMs, limit }) =>
    session.writeRetryingDeadlocks(
      "webhook_deliveries.claim",
      async (tx) => {
        if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
        const skipLocked = tx.dialect === "mysql" ? " FOR UPDATE SKIP LOCKED" : "";
        const at = encodeDate(now);
        const rows = await tx.select<DeliveryRow>(
          `${SELECT} WHERE available_at <= $1 ORDER BY available_at, id LIMIT ${limit}${skipLocked}`,
          [at],
        );
        if (rows.length === 0) return [];
        const subscriptionIds = [...new Set(rows.map((r) => r.subscription_id))];
        // Read in share mode on MySQL/MariaDB: a plain read under READ COMMITTED could see a subscription still off
        // while its enabling commits, whose resume of parked deliveries then misses the one this claim parks after
        // it (parked for good behind an active subscription). Locked, the enabling waits for this commit, or this
        // read for the enabling's. Every row matches the WHERE: READ COMMITTED lets go at once of a row that does not.
        const shared = tx.dialect === "mysql" ? " LOCK IN SHARE MODE" : "";
        const states = await tx.select<{ id: string; active: unknown }>(
          `SELECT id, active FROM webhook_subscriptions WHERE id IN (${placeholders(1, subscriptionIds.length)})${shared}`,
          subscriptionIds,
        );
        const active = new Set(states.filter((r) => decodeBool(r.active)).map((r) => r.id));
        const claim: DeliveryRow[] = [];
        const park: string[] = [];
        const expired: string[] = [];
        for (const row of rows) {
          if (!active.has(row.subscription_id)) park.push(row.id);
          else if (row.status === "Delivering" && decodeInt(row.attempts) >= MAX_DELIVERY_ATTEMPTS)
            expired.push(row.id);
          else claim.push(row);
        }
        if (park.length > 0)
          // Parked: Pending and not due until the subscription is enabled; an interrupted attempt does not count.
          await tx.execute(
            `UPDATE webhook_deliveries SET
             attempts = CASE WHEN status = 'Delivering' THEN attempts - 1 ELSE attempts END,
             status = 'Pending', available_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = $1
           WHERE id IN (${placeholders(2, park.length)})`,
            [at, ...park],
          );
        if (expired.length > 0)
          await tx.execute(
            `UPDATE webhook_deliveries SET status = 'Failed', available_at = NULL, next_attempt_at = NULL,
             locked_by = NULL, locked_until = NULL, last_error = $1, updated_at = $2
           WHERE id IN (${placeholders(3, expired.length)})`,
            [`lease expired during attempt ${MAX_DELIVERY_ATTEMPTS} of ${MAX_DELIVERY_ATTEMPTS}`, at, ...expired],
          );
        if (claim.length === 0) return [];
        const lockedUntil = new Date(now.getTime() + leaseMs);
        await tx.execute(
          `UPDATE webhook_deliveries SET status = 'Delivering', attempts = attempts + 1, locked_by = $1,
           locked_until = $2, available_at = $2, next_attempt_at = NULL, updated_at = $3
         WHERE id IN (${placeholders(4, claim.length)})`,
          [worker, encodeDate(lockedUntil), at, ...claim.map((r) => r.id)],
        );
        return claim.map((row) => ({
          ...decode(row),
          status: "Delivering" as const,
          attempts: decodeInt(row.attempts) + 1,
          nextAttemptAt: null,
          lockedBy: worker,
          lockedUntil,
          updatedAt: now,
        }));
      },
      // A claim of its own reads committed rows: under REPEATABLE READ its range scan would lock the gap past the
      // last due delivery until its commit, where the fan-out inserts new due deliveries (they would wait for it).
      "read committed",
    ),
  finishAttempt: (args) => finishOne(session, args),
  finishAttempts: ({ worker, attempts, now }) =>
    session.write(async (tx) => {
      const held = new Set<string>();
      for (let start = 0; start < attempts.length; start += FINISH_CHUNK) {
        for (const id of await finishChunk(tx, worker, attempts.slice(start, start + FINISH_CHUNK), now)) held.add(id);
      }
      return held;
    }),
  async requeue(clientId, id, now) {
    const at = encodeDate(now);
    const changed = await session.execute(
      `UPDATE webhook_deliveries SET status = 'Pending', attempts = 0, next_attempt_at = $1, available_at = $1,
         updated_at = $1
       WHERE client_id = $2 AND id = $3 AND status IN (${REDELIVERABLE})`,
      [at, clientId, id],
    );
    return changed > 0;
  },
  requeueFailed: (clientId, subscriptionId, since, now) =>
    session.execute(
      `UPDATE webhook_deliveries SET status = 'Pending', attempts = 0, next_attempt_at = $1, available_at = $1,
         updated_at = $1
       WHERE client_id = $2 AND subscription_id = $3 AND status = 'Failed' AND created_at >= $4`,
      [encodeDate(now), clientId, subscriptionId, encodeDate(since)],
    ),
  resumeParked: (subscriptionId, now) =>
    session.execute(
      `UPDATE webhook_deliveries SET next_attempt_at = $1, available_at = $1, updated_at = $1
       WHERE subscription_id = $2 AND status = 'Pending' AND available_at IS NULL`,
      [encodeDate(now), subscriptionId],
    ),
  release: (worker, now) =>
    session.execute(
      `UPDATE webhook_deliveries SET status = 'Pending', attempts = attempts - 1, next_attempt_at = $1,
         available_at = $1, locked_by = NULL, locked_until = NULL, updated_at = $1
       WHERE locked_by = $2 AND status = 'Delivering'`,
      [encodeDate(now), worker],
    ),
});
