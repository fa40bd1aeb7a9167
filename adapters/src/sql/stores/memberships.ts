import type { Membership } from "@apar/core";
import type { Memberships } from "@apar/core/ports";
import { decodeDate, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface MembershipRow {
  readonly user_id: string;
  readonly organisation_id: string;
  readonly roles: string;
  readonly created_at: unknown;
}

const SELECT = "SELECT user_id, organisation_id, roles, created_at FROM memberships";

const decode = (row: MembershipRow): Membership => ({
  userId: row.user_id,
  organisationId: row.organisation_id,
  roles: decodeJson(row.roles),
  createdAt: decodeDate(row.created_at),
});

/** Memberships in SQL: one row per (user, organisation). */
export const sqlMemberships = (session: SqlSession): Memberships => ({
  async add(membership) {
    await session.execute(
      "INSERT INTO memberships (user_id, organisation_id, roles, created_at) VALUES ($1, $2, $3, $4)",
      [
        membership.userId,
        membership.organisationId,
        JSON.stringify(membership.roles),
        encodeDate(membership.createdAt),
      ],
    );
  },
  async of(userId, organisationId) {
    const [row] = await session.select<MembershipRow>(`${SELECT} WHERE user_id = $1 AND organisation_id = $2`, [
      userId,
      organisationId,
    ]);
    return row === undefined ? undefined : decode(row);
  },
  async ofUser(userId) {
    const rows = await session.select<MembershipRow>(`${SELECT} WHERE user_id = $1 ORDER BY organisation_id`, [userId]);
    return rows.map(decode);
  },
  async ofOrganisation(organisationId) {
    const rows = await session.select<MembershipRow>(`${SELECT} WHERE organisation_id = $1 ORDER BY user_id`, [
      organisationId,
    ]);
    return rows.map(decode);
  },
  async setRoles(userId, organisationId, roles) {
    await session.execute("UPDATE memberships SET roles = $1 WHERE user_id = $2 AND organisation_id = $3", [
      JSON.stringify([...roles]),
      userId,
      organisationId,
    ]);
  },
  async lockOrganisation(organisationId) {
    // SQLite has one writer and its units of work queue in-process: only MySQL needs the row lock.
    if (session.dialect !== "mysql" || session.transaction === null) return;
    await session.select("SELECT id FROM organisations WHERE id = $1 FOR UPDATE", [organisationId]);
  },
  async remove(userId, organisationId) {
    const changed = await session.execute("DELETE FROM memberships WHERE user_id = $1 AND organisation_id = $2", [
      userId,
      organisationId,
    ]);
    return changed === 1;
  },
});
