import type { IdempotencyKeys } from "@apar/core/ports";
import { decodeDate, decodeInt, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface KeyRow {
  readonly client_id: string;
  readonly scope: string;
  readonly idem_key: string;
  readonly request_hash: string;
  readonly status: unknown;
  readonly response: unknown;
  readonly created_at: unknown;
}

/** Idempotency keys in SQL; the primary key (client, scope, key) refuses a second record. */
export const sqlIdempotencyKeys = (session: SqlSession): IdempotencyKeys => ({
  async add(r) {
    await session.execute(
      `INSERT INTO idempotency_keys (client_id, scope, idem_key, request_hash, status, response, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.clientId, r.scope, r.key, r.requestHash, r.status, JSON.stringify(r.response), encodeDate(r.createdAt)],
    );
  },
  async find(clientId, scope, key) {
    const [row] = await session.select<KeyRow>(
      `SELECT client_id, scope, idem_key, request_hash, status, response, created_at FROM idempotency_keys
       WHERE client_id = $1 AND scope = $2 AND idem_key = $3`,
      [clientId, scope, key],
    );
    return row === undefined
      ? undefined
      : {
          clientId: row.client_id,
          scope: row.scope,
          key: row.idem_key,
          requestHash: row.request_hash,
          status: decodeInt(row.status),
          response: decodeJson(row.response),
          createdAt: decodeDate(row.created_at),
        };
  },
});
