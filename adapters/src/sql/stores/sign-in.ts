import type { PersonSession, SignInLink, SignInMethod } from "@apar/core";
import type { PersonSessions, SignInLinks } from "@apar/core/ports";
import { decodeDate, decodeOptionalDate, encodeDate, encodeOptionalDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface LinkRow {
  readonly token_hash: string;
  readonly email_lower: string;
  readonly created_at: unknown;
  readonly expires_at: unknown;
  readonly used_at: unknown;
}

const decodeLink = (row: LinkRow): SignInLink => ({
  tokenHash: row.token_hash,
  email: row.email_lower,
  createdAt: decodeDate(row.created_at),
  expiresAt: decodeDate(row.expires_at),
  usedAt: decodeOptionalDate(row.used_at),
});

/** Sign-in links in SQL. Using one is a conditional UPDATE: of concurrent uses only one sees it change. */
export const sqlSignInLinks = (session: SqlSession): SignInLinks => ({
  async add(link) {
    await session.execute(
      "INSERT INTO sign_in_links (token_hash, email_lower, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5)",
      [
        link.tokenHash,
        link.email.toLowerCase(),
        encodeDate(link.createdAt),
        encodeDate(link.expiresAt),
        encodeOptionalDate(link.usedAt),
      ],
    );
  },
  async consume(tokenHash, now) {
    const at = encodeDate(now);
    const changed = await session.execute(
      "UPDATE sign_in_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1",
      [at, tokenHash],
    );
    if (changed !== 1) return undefined;
    const [row] = await session.select<LinkRow>(
      "SELECT token_hash, email_lower, created_at, expires_at, used_at FROM sign_in_links WHERE token_hash = $1",
      [tokenHash],
    );
    return row === undefined ? undefined : decodeLink(row);
  },
  async usable(tokenHash, now) {
    const rows = await session.select<{ one: unknown }>(
      "SELECT 1 AS one FROM sign_in_links WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
      [tokenHash, encodeDate(now)],
    );
    return rows.length > 0;
  },
});

interface SessionRow {
  readonly id_hash: string;
  readonly client_id: string;
  readonly user_id: string;
  readonly method: string;
  readonly created_at: unknown;
  readonly expires_at: unknown;
  readonly ended_at: unknown;
}

const decodeSession = (row: SessionRow): PersonSession => ({
  idHash: row.id_hash,
  clientId: row.client_id,
  userId: row.user_id,
  method: row.method as SignInMethod,
  createdAt: decodeDate(row.created_at),
  expiresAt: decodeDate(row.expires_at),
  endedAt: decodeOptionalDate(row.ended_at),
});

/** Person sessions in SQL, found by the hash of their id. */
export const sqlPersonSessions = (session: SqlSession): PersonSessions => ({
  async add(s) {
    await session.execute(
      `INSERT INTO person_sessions (id_hash, client_id, user_id, method, created_at, expires_at, ended_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        s.idHash,
        s.clientId,
        s.userId,
        s.method,
        encodeDate(s.createdAt),
        encodeDate(s.expiresAt),
        encodeOptionalDate(s.endedAt),
      ],
    );
  },
  async live(idHash, now) {
    const [row] = await session.select<SessionRow>(
      `SELECT id_hash, client_id, user_id, method, created_at, expires_at, ended_at FROM person_sessions
       WHERE id_hash = $1 AND ended_at IS NULL AND expires_at > $2`,
      [idHash, encodeDate(now)],
    );
    return row === undefined ? undefined : decodeSession(row);
  },
  async end(idHash, at) {
    await session.execute("UPDATE person_sessions SET ended_at = $1 WHERE id_hash = $2 AND ended_at IS NULL", [
      encodeDate(at),
      idHash,
    ]);
  },
});
