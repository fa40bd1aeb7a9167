import type { User } from "@apar/core";
import type { Users } from "@apar/core/ports";
import { decodeDate, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface UserRow {
  readonly id: string;
  readonly client_id: string;
  readonly email: string;
  readonly name: string;
  readonly client_roles: string;
  readonly created_at: unknown;
}

const SELECT = "SELECT id, client_id, email, name, client_roles, created_at FROM users";

const decode = (row: UserRow): User => ({
  id: row.id,
  clientId: row.client_id,
  email: row.email,
  name: row.name,
  clientRoles: decodeJson(row.client_roles),
  createdAt: decodeDate(row.created_at),
});

/** Users in SQL; e-mail addresses are unique per client, ignoring case. */
export const sqlUsers = (session: SqlSession): Users => ({
  async add(user) {
    await session.execute(
      "INSERT INTO users (id, client_id, email, email_lower, name, client_roles, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [
        user.id,
        user.clientId,
        user.email,
        user.email.toLowerCase(),
        user.name,
        JSON.stringify(user.clientRoles),
        encodeDate(user.createdAt),
      ],
    );
  },
  async ofId(clientId, id) {
    const [row] = await session.select<UserRow>(`${SELECT} WHERE id = $1 AND client_id = $2`, [id, clientId]);
    return row === undefined ? undefined : decode(row);
  },
  async ofEmail(clientId, email) {
    const [row] = await session.select<UserRow>(`${SELECT} WHERE client_id = $1 AND email_lower = $2`, [
      clientId,
      email.toLowerCase(),
    ]);
    return row === undefined ? undefined : decode(row);
  },
  async withEmail(email) {
    const rows = await session.select<UserRow>(`${SELECT} WHERE email_lower = $1 ORDER BY client_id`, [
      email.toLowerCase(),
    ]);
    return rows.map(decode);
  },
});
