import type { WebhookSubscription } from "@apar/core";
import type { WebhookSubscriptions } from "@apar/core/ports";
import {
  decodeBool,
  decodeDate,
  decodeInt,
  decodeJson,
  decodeOptionalDate,
  encodeDate,
  encodeOptionalDate,
  placeholders,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { keysetPage } from "./paging.js";

interface SubscriptionRow {
  readonly id: string;
  readonly client_id: string;
  readonly url: string;
  readonly event_types: string;
  readonly active: unknown;
  readonly consecutive_failures: unknown;
  readonly sealed_secret: string;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly disabled_at: unknown;
  readonly disabled_reason: string | null;
}

const COLUMNS =
  "id, client_id, url, event_types, active, consecutive_failures, sealed_secret, created_at, updated_at, disabled_at, disabled_reason";
const SELECT = `SELECT ${COLUMNS} FROM webhook_subscriptions`;

const decode = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  clientId: row.client_id,
  url: row.url,
  eventTypes: decodeJson<string[]>(row.event_types),
  active: decodeBool(row.active),
  consecutiveFailures: decodeInt(row.consecutive_failures),
  sealedSecret: row.sealed_secret,
  createdAt: decodeDate(row.created_at),
  updatedAt: decodeDate(row.updated_at),
  disabledAt: decodeOptionalDate(row.disabled_at),
  disabledReason: row.disabled_reason,
});

/** Webhook subscriptions in SQL (table `webhook_subscriptions`). */
export const sqlWebhookSubscriptions = (session: SqlSession): WebhookSubscriptions => ({
  addWithinLimit: (s, max) =>
    session.write(async (tx) => {
      // On MySQL the locking count takes the client's index range, so two concurrent adds cannot both see room.
      const lock = tx.dialect === "mysql" ? " FOR UPDATE" : "";
      const [row] = await tx.select<{ n: unknown }>(
        `SELECT COUNT(*) AS n FROM webhook_subscriptions WHERE client_id = $1${lock}`,
        [s.clientId],
      );
      if (decodeInt(row?.n ?? 0) >= max) return false;
      await tx.execute(`INSERT INTO webhook_subscriptions (${COLUMNS}) VALUES (${placeholders(1, 11)})`, [
        s.id,
        s.clientId,
        s.url,
        JSON.stringify(s.eventTypes),
        s.active ? 1 : 0,
        s.consecutiveFailures,
        s.sealedSecret,
        encodeDate(s.createdAt),
        encodeDate(s.updatedAt),
        encodeOptionalDate(s.disabledAt),
        s.disabledReason,
      ]);
      return true;
    }),
  async ofId(clientId, id) {
    const [row] = await session.select<SubscriptionRow>(`${SELECT} WHERE client_id = $1 AND id = $2`, [clientId, id]);
    return row === undefined ? undefined : decode(row);
  },
  listByClient: (clientId, page) =>
    keysetPage(session, { select: SELECT, where: ["client_id = $1"], bind: [clientId], id: "id" }, page, decode),
  async activeOfClient(clientId) {
    const rows = await session.select<SubscriptionRow>(`${SELECT} WHERE client_id = $1 AND active = 1 ORDER BY id`, [
      clientId,
    ]);
    return rows.map(decode);
  },
  async ofIds(ids) {
    if (ids.length === 0) return [];
    const rows = await session.select<SubscriptionRow>(`${SELECT} WHERE id IN (${placeholders(1, ids.length)})`, [
      ...ids,
    ]);
    return rows.map(decode);
  },
  async update(s) {
    await session.execute(
      `UPDATE webhook_subscriptions SET url = $1, event_types = $2, active = $3, consecutive_failures = $4,
         sealed_secret = $5, updated_at = $6, disabled_at = $7, disabled_reason = $8
       WHERE client_id = $9 AND id = $10`,
      [
        s.url,
        JSON.stringify(s.eventTypes),
        s.active ? 1 : 0,
        s.consecutiveFailures,
        s.sealedSecret,
        encodeDate(s.updatedAt),
        encodeOptionalDate(s.disabledAt),
        s.disabledReason,
        s.clientId,
        s.id,
      ],
    );
  },
  remove: (clientId, id) =>
    session.write(async (tx) => {
      const removed = await tx.execute("DELETE FROM webhook_subscriptions WHERE client_id = $1 AND id = $2", [
        clientId,
        id,
      ]);
      if (removed > 0) await tx.execute("DELETE FROM webhook_deliveries WHERE subscription_id = $1", [id]);
    }),
  async recordAttempts(id, { succeeded, failuresAfter }, disableAt, now) {
    if (!succeeded && failuresAfter === 0) return;
    // MySQL applies SET items left to right on the new values, SQLite on the old ones: every item below reads
    // only columns assigned after it, so both see the old values.
    const count = "(CASE WHEN $3 = 1 THEN $4 ELSE consecutive_failures + $4 END)";
    const off = `$4 > 0 AND ${count} >= $1`;
    await session.execute(
      `UPDATE webhook_subscriptions SET
         disabled_at = CASE WHEN active = 1 AND ${off} THEN $2 ELSE disabled_at END,
         disabled_reason = CASE WHEN active = 1 AND ${off} THEN 'ConsecutiveFailures' ELSE disabled_reason END,
         updated_at = CASE WHEN active = 1 AND ${off} THEN $2 ELSE updated_at END,
         active = CASE WHEN ${off} THEN 0 ELSE active END,
         consecutive_failures = ${count}
       WHERE id = $5`,
      [disableAt, encodeDate(now), succeeded ? 1 : 0, failuresAfter, id],
    );
  },
});
