import type { Organisation } from "@apar/core";
import type { Organisations } from "@apar/core/ports";
import { decodeDate, decodeOptionalString, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { keysetPage } from "./paging.js";

export interface OrganisationRow {
  readonly id: string;
  readonly client_id: string;
  readonly name: string;
  readonly industry_id: string | null;
  readonly time_zone: string;
  readonly created_at: unknown;
}

const SELECT = "SELECT id, client_id, name, industry_id, time_zone, created_at FROM organisations";

export const decodeOrganisation = (row: OrganisationRow): Organisation => ({
  id: row.id,
  clientId: row.client_id,
  name: row.name,
  industryId: decodeOptionalString(row.industry_id),
  timeZone: row.time_zone,
  createdAt: decodeDate(row.created_at),
});

/** Organisations in SQL, always looked up within their client. */
export const sqlOrganisations = (session: SqlSession): Organisations => ({
  async add(organisation) {
    await session.execute(
      "INSERT INTO organisations (id, client_id, name, industry_id, time_zone, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [
        organisation.id,
        organisation.clientId,
        organisation.name,
        organisation.industryId,
        organisation.timeZone,
        encodeDate(organisation.createdAt),
      ],
    );
  },
  async ofId(clientId, id) {
    const [row] = await session.select<OrganisationRow>(`${SELECT} WHERE id = $1 AND client_id = $2`, [id, clientId]);
    return row === undefined ? undefined : decodeOrganisation(row);
  },
  async update(organisation) {
    await session.execute(
      "UPDATE organisations SET name = $1, industry_id = $2, time_zone = $3 WHERE id = $4 AND client_id = $5",
      [organisation.name, organisation.industryId, organisation.timeZone, organisation.id, organisation.clientId],
    );
  },
  listByClient: (clientId, page) =>
    keysetPage(
      session,
      { select: SELECT, where: ["client_id = $1"], bind: [clientId], id: "id" },
      page,
      decodeOrganisation,
    ),
});
