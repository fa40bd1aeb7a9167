import type { ApiKey } from "@apar/core";
import type { ApiKeys } from "@apar/core/ports";
import { decodeDate, decodeJson, decodeOptionalDate, encodeDate, encodeOptionalDate } from "../columns.js";
import type { SqlDialect, SqlSession } from "../sql-session.js";
import { type ClientRow, decodeClient } from "./clients.js";
import { decodeOrganisation, type OrganisationRow } from "./organisations.js";
import { keysetPage } from "./paging.js";

interface ApiKeyRow {
  readonly id: string;
  readonly name: string | null;
  readonly scope: string;
  readonly key_prefix: string;
  readonly key_hash: string;
  readonly created_at: unknown;
  readonly expires_at: unknown;
  readonly revoked_at: unknown;
  readonly last_used_at: unknown;
}

const COLUMNS =
  "k.id, k.name, k.scope, k.key_prefix, k.key_hash, k.created_at, k.expires_at, k.revoked_at, k.last_used_at";
const SELECT = `SELECT ${COLUMNS} FROM api_keys k`;

const decode = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: decodeJson(row.scope),
  keyPrefix: row.key_prefix,
  keyHash: row.key_hash,
  createdAt: decodeDate(row.created_at),
  expiresAt: decodeOptionalDate(row.expires_at),
  revokedAt: decodeOptionalDate(row.revoked_at),
  lastUsedAt: decodeOptionalDate(row.last_used_at),
});

/** A key's row with its client's (`c_`) and organisation's (`o_`) columns, NULL where the join found none. */
interface KeyAndTenancyRow extends ApiKeyRow {
  readonly c_id: string | null;
  readonly c_name: string;
  readonly c_type: string;
  readonly c_modules: string;
  readonly c_created_at: unknown;
  readonly c_settings: unknown;
  readonly o_id: string | null;
  readonly o_name: string;
  readonly o_industry_id: string | null;
  readonly o_time_zone: string;
  readonly o_created_at: unknown;
}

/** The key's only client, from its scope's JSON (NULL for a key of several clients, or of all). */
const SOLE_CLIENT = {
  mysql:
    "CASE WHEN JSON_LENGTH(k.scope, '$.clientIds') = 1 THEN JSON_UNQUOTE(JSON_EXTRACT(k.scope, '$.clientIds[0]')) END",
  sqlite: "CASE WHEN json_array_length(k.scope, '$.clientIds') = 1 THEN json_extract(k.scope, '$.clientIds[0]') END",
} as const;

/**
 * A key with the client a request names (or, named none, the key's only client) and that client's organisation
 * it names: one statement, each table read by its primary key (the key by its unique prefix or id first).
 */
const withTenancySelect = (dialect: SqlDialect): string => `SELECT ${COLUMNS},
  c.id AS c_id, c.name AS c_name, c.type AS c_type, c.modules AS c_modules, c.created_at AS c_created_at,
  c.settings AS c_settings,
  o.id AS o_id, o.name AS o_name, o.industry_id AS o_industry_id, o.time_zone AS o_time_zone,
  o.created_at AS o_created_at
FROM api_keys k
LEFT JOIN clients c ON c.id = COALESCE($2, ${SOLE_CLIENT[dialect]})
LEFT JOIN organisations o ON o.id = $3 AND o.client_id = c.id
WHERE`;

const clientOf = (row: KeyAndTenancyRow): ClientRow | undefined =>
  row.c_id === null
    ? undefined
    : {
        id: row.c_id,
        name: row.c_name,
        type: row.c_type,
        modules: row.c_modules,
        created_at: row.c_created_at,
        settings: row.c_settings,
      };

const organisationOf = (row: KeyAndTenancyRow): OrganisationRow | undefined =>
  row.o_id === null || row.c_id === null
    ? undefined
    : {
        id: row.o_id,
        client_id: row.c_id,
        name: row.o_name,
        industry_id: row.o_industry_id,
        time_zone: row.o_time_zone,
        created_at: row.o_created_at,
      };

/** API keys in SQL. A key's clients are also rows of `api_key_clients`, for listing a client's keys. */
export const sqlApiKeys = (session: SqlSession): ApiKeys => {
  // Built once per store, not per request (a text made per call is hashed again at every cache lookup).
  const WITH_TENANCY = withTenancySelect(session.dialect);
  const WITH_TENANCY_BY_PREFIX = `${WITH_TENANCY} k.key_prefix = $1`;
  const WITH_TENANCY_BY_ID = `${WITH_TENANCY} k.id = $1`;
  return {
    add: (key) =>
      session.write(async (tx) => {
        await tx.execute(
          `INSERT INTO api_keys (id, name, scope, key_prefix, key_hash, created_at, expires_at, revoked_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            key.id,
            key.name,
            JSON.stringify(key.scope),
            key.keyPrefix,
            key.keyHash,
            encodeDate(key.createdAt),
            encodeOptionalDate(key.expiresAt),
            encodeOptionalDate(key.revokedAt),
            encodeOptionalDate(key.lastUsedAt),
          ],
        );
        const clientIds = key.scope.kind === "clients" ? [...new Set(key.scope.clientIds)] : [];
        for (const clientId of clientIds) {
          await tx.execute("INSERT INTO api_key_clients (client_id, api_key_id) VALUES ($1, $2)", [clientId, key.id]);
        }
      }),
    async ofPrefix(keyPrefix) {
      const [row] = await session.select<ApiKeyRow>(`${SELECT} WHERE k.key_prefix = $1`, [keyPrefix]);
      return row === undefined ? undefined : decode(row);
    },
    async ofId(id) {
      const [row] = await session.select<ApiKeyRow>(`${SELECT} WHERE k.id = $1`, [id]);
      return row === undefined ? undefined : decode(row);
    },
    async withTenancy(key, named) {
      const [row] = await session.select<KeyAndTenancyRow>(
        "prefix" in key ? WITH_TENANCY_BY_PREFIX : WITH_TENANCY_BY_ID,
        ["prefix" in key ? key.prefix : key.id, named.clientId ?? null, named.organisationId ?? null],
      );
      if (row === undefined) return undefined;
      const client = clientOf(row);
      const organisation = organisationOf(row);
      return {
        key: decode(row),
        client: client === undefined ? undefined : decodeClient(client),
        organisation: organisation === undefined ? undefined : decodeOrganisation(organisation),
      };
    },
    listByClient: (clientId, page) =>
      keysetPage(
        session,
        {
          select: `SELECT ${COLUMNS} FROM api_key_clients c JOIN api_keys k ON k.id = c.api_key_id`,
          where: ["c.client_id = $1"],
          bind: [clientId],
          id: "c.api_key_id",
        },
        page,
        decode,
      ),
    async revoke(id, at) {
      // The first revocation time stands.
      await session.execute("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", [
        encodeDate(at),
        id,
      ]);
    },
    async touch(id, at) {
      // Touches may arrive out of order from concurrent requests: keep the latest.
      await session.execute(
        "UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $1)",
        [encodeDate(at), id],
      );
    },
  };
};
