import type { AuthCode } from "@apar/core";
import type { AuthCodes } from "@apar/core/ports";
import { decodeDate, decodeOptionalDate, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface AuthCodeRow {
  readonly code_hash: string;
  readonly client_id: string;
  readonly user_id: string;
  readonly organisation_id: string;
  readonly api_key_id: string;
  readonly created_at: unknown;
  readonly expires_at: unknown;
  readonly used_at: unknown;
}

const SELECT =
  "SELECT code_hash, client_id, user_id, organisation_id, api_key_id, created_at, expires_at, used_at FROM auth_codes";

const decode = (row: AuthCodeRow): AuthCode => ({
  codeHash: row.code_hash,
  clientId: row.client_id,
  userId: row.user_id,
  organisationId: row.organisation_id,
  apiKeyId: row.api_key_id,
  createdAt: decodeDate(row.created_at),
  expiresAt: decodeDate(row.expires_at),
  usedAt: decodeOptionalDate(row.used_at),
});

/**
 * Auth codes in SQL. Consuming is one conditional UPDATE: the database serialises concurrent updates of
 * the row, so only one caller sees it change from unused to used.
 */
export const sqlAuthCodes = (session: SqlSession): AuthCodes => ({
  async add(code) {
    await session.execute(
      `INSERT INTO auth_codes (code_hash, client_id, user_id, organisation_id, api_key_id, created_at, expires_at, used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        code.codeHash,
        code.clientId,
        code.userId,
        code.organisationId,
        code.apiKeyId,
        encodeDate(code.createdAt),
        encodeDate(code.expiresAt),
        code.usedAt === null ? null : encodeDate(code.usedAt),
      ],
    );
  },
  async consume(codeHash, now) {
    const at = encodeDate(now);
    const changed = await session.execute(
      "UPDATE auth_codes SET used_at = $1 WHERE code_hash = $2 AND used_at IS NULL AND expires_at > $1",
      [at, codeHash],
    );
    if (changed !== 1) return undefined;
    const [row] = await session.select<AuthCodeRow>(`${SELECT} WHERE code_hash = $1`, [codeHash]);
    return row === undefined ? undefined : decode(row);
  },
});
