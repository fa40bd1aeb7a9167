import type { Company } from "@apar/core";
import type { Companies } from "@apar/core/ports";
import { decodeDate, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { keysetPage } from "./paging.js";

interface CompanyRow {
  readonly id: string;
  readonly client_id: string;
  readonly name: string;
  readonly slug: string;
  readonly organisation_ids: string;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const SELECT = "SELECT id, client_id, name, slug, organisation_ids, created_at, updated_at FROM companies";

const decode = (row: CompanyRow): Company => ({
  id: row.id,
  clientId: row.client_id,
  name: row.name,
  slug: row.slug,
  organisationIds: decodeJson(row.organisation_ids),
  createdAt: decodeDate(row.created_at),
  updatedAt: decodeDate(row.updated_at),
});

/** Companies in SQL, always looked up within their client except by slug (unique across the installation). */
export const sqlCompanies = (session: SqlSession): Companies => ({
  async add(company) {
    await session.execute(
      `INSERT INTO companies (id, client_id, name, slug, organisation_ids, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        company.id,
        company.clientId,
        company.name,
        company.slug,
        JSON.stringify(company.organisationIds),
        encodeDate(company.createdAt),
        encodeDate(company.updatedAt),
      ],
    );
  },
  async ofId(clientId, id) {
    const [row] = await session.select<CompanyRow>(`${SELECT} WHERE id = $1 AND client_id = $2`, [id, clientId]);
    return row === undefined ? undefined : decode(row);
  },
  async ofSlug(slug) {
    const [row] = await session.select<CompanyRow>(`${SELECT} WHERE slug = $1`, [slug]);
    return row === undefined ? undefined : decode(row);
  },
  async listByClient(clientId, page, organisationIds) {
    if (organisationIds === undefined)
      return keysetPage(
        session,
        { select: SELECT, where: ["client_id = $1"], bind: [clientId], id: "id" },
        page,
        decode,
      );
    if (organisationIds.length === 0) return { items: [], hasMore: false };
    // organisation_ids is a JSON array of UUIDs: each one appears quoted, and UUIDs hold no LIKE wildcards.
    const linked = organisationIds.map((_, i) => `organisation_ids LIKE $${i + 2}`).join(" OR ");
    return keysetPage(
      session,
      {
        select: SELECT,
        where: ["client_id = $1", `(${linked})`],
        bind: [clientId, ...organisationIds.map((id) => `%"${id}"%`)],
        id: "id",
      },
      page,
      decode,
    );
  },
  async update(company) {
    // Scoped by client too: an update naming another client's company changes nothing.
    await session.execute(
      `UPDATE companies SET name = $1, slug = $2, organisation_ids = $3, updated_at = $4
       WHERE id = $5 AND client_id = $6`,
      [
        company.name,
        company.slug,
        JSON.stringify(company.organisationIds),
        encodeDate(company.updatedAt),
        company.id,
        company.clientId,
      ],
    );
  },
  async remove(clientId, id) {
    return (await session.execute("DELETE FROM companies WHERE id = $1 AND client_id = $2", [id, clientId])) > 0;
  },
});
