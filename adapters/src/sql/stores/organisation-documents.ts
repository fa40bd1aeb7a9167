import type { OrgScope } from "@apar/core/ports";
import { encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

/** The JSON body of an organisation's one document in `table` (keyed by client and organisation), if it has one. */
export const organisationDocument = async (
  session: SqlSession,
  table: string,
  scope: OrgScope,
): Promise<unknown | undefined> => {
  const [row] = await session.select<{ body: unknown }>(
    `SELECT body FROM ${table} WHERE client_id = $1 AND organisation_id = $2`,
    [scope.clientId, scope.organisationId],
  );
  return row?.body;
};

/**
 * Replaces an organisation's one document in `table`. One upsert: "update, else insert" takes gap locks on MySQL that
 * deadlock two organisations saving at once, and its UPDATE counts changed rows, not matched ones.
 */
export const saveOrganisationDocument = async (
  session: SqlSession,
  table: string,
  scope: OrgScope,
  body: string,
  updatedAt: Date,
): Promise<void> => {
  const upsert =
    session.dialect === "mysql"
      ? "ON DUPLICATE KEY UPDATE body = VALUES(body), updated_at = VALUES(updated_at)"
      : "ON CONFLICT (client_id, organisation_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at";
  await session.execute(
    `INSERT INTO ${table} (client_id, organisation_id, body, updated_at) VALUES ($1, $2, $3, $4) ${upsert}`,
    [scope.clientId, scope.organisationId, body, encodeDate(updatedAt)],
  );
};
