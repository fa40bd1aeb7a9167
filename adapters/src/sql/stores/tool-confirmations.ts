import type { ToolConfirmation } from "@apar/core";
import type { ToolConfirmations } from "@apar/core/ports";
import { decodeDate, decodeJson, decodeOptionalDate, decodeOptionalString, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface Row {
  readonly token_hash: string;
  readonly client_id: string;
  readonly organisation_id: string;
  readonly principal_type: string;
  readonly principal_id: string;
  readonly via: string;
  readonly tool: string;
  readonly input: unknown;
  readonly summary: string;
  readonly amount: unknown;
  readonly currency: unknown;
  readonly payee: unknown;
  readonly created_at: unknown;
  readonly expires_at: unknown;
  readonly used_at: unknown;
}

const SELECT =
  "SELECT token_hash, client_id, organisation_id, principal_type, principal_id, via, tool, input, summary, amount, currency, payee, created_at, expires_at, used_at FROM tool_confirmations";

const confirmationOf = (r: Row): ToolConfirmation => ({
  tokenHash: r.token_hash,
  clientId: r.client_id,
  organisationId: r.organisation_id,
  principal: { type: r.principal_type as "user" | "api_key", id: r.principal_id },
  via: r.via as "mcp" | "agent",
  tool: r.tool,
  input: decodeJson<unknown>(r.input),
  summary: r.summary,
  amount: decodeOptionalString(r.amount),
  currency: decodeOptionalString(r.currency),
  payee: decodeOptionalString(r.payee),
  createdAt: decodeDate(r.created_at),
  expiresAt: decodeDate(r.expires_at),
  usedAt: decodeOptionalDate(r.used_at),
});

/** Tool confirmations in SQL: a row per confirmation, keyed by the hash of its token. */
export const sqlToolConfirmations = (session: SqlSession): ToolConfirmations => ({
  async add(c) {
    await session.execute(
      `INSERT INTO tool_confirmations (token_hash, client_id, organisation_id, principal_type, principal_id, via, tool,
         input, summary, amount, currency, payee, created_at, expires_at, used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        c.tokenHash,
        c.clientId,
        c.organisationId,
        c.principal.type,
        c.principal.id,
        c.via,
        c.tool,
        JSON.stringify(c.input ?? null),
        c.summary,
        c.amount,
        c.currency,
        c.payee,
        encodeDate(c.createdAt),
        encodeDate(c.expiresAt),
        c.usedAt === null ? null : encodeDate(c.usedAt),
      ],
    );
  },
  async ofHash(scope, tokenHash) {
    const [row] = await session.select<Row>(
      `${SELECT} WHERE token_hash = $1 AND client_id = $2 AND organisation_id = $3`,
      [tokenHash, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : confirmationOf(row);
  },
  async markUsed(scope, tokenHash, at) {
    const n = await session.execute(
      `UPDATE tool_confirmations SET used_at = $1
       WHERE token_hash = $2 AND client_id = $3 AND organisation_id = $4 AND used_at IS NULL`,
      [encodeDate(at), tokenHash, scope.clientId, scope.organisationId],
    );
    return n > 0;
  },
});
