import { type AuditEntry, type AuditFilter, chained, chainIdOf, periodBound } from "@apar/core";
import type { AuditLog, AuditScope } from "@apar/core/ports";
import { decodeDate, decodeInt, decodeOptionalString, encodeDate, placeholders } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { type Condition, numbered, pageLimit } from "./paging.js";

interface EntryRow {
  readonly id: string;
  readonly chain_id: string;
  readonly seq: unknown;
  readonly client_id: string;
  readonly organisation_id: string | null;
  readonly occurred_at: unknown;
  readonly actor_type: string;
  readonly actor_id: string | null;
  readonly actor_via: string | null;
  readonly type: string;
  readonly resource_type: string;
  readonly resource_id: string;
  readonly changes: string;
  readonly request_id: string | null;
  readonly prev_hash: string;
  readonly hash: string;
}

interface HeadRow {
  readonly chain_id: string;
  readonly client_id: string;
  readonly organisation_id: string | null;
  readonly last_seq: unknown;
  readonly last_hash: string;
}

const COLUMNS = [
  "id",
  "chain_id",
  "seq",
  "client_id",
  "organisation_id",
  "occurred_at",
  "actor_type",
  "actor_id",
  "actor_via",
  "type",
  "resource_type",
  "resource_id",
  "changes",
  "request_id",
  "prev_hash",
  "hash",
] as const;
const SELECT = `SELECT ${COLUMNS.join(", ")} FROM audit_events`;
/** Rows per INSERT statement (16 binds each: far below every driver's limit). */
const ROWS_PER_INSERT = 100;

const decode = (row: EntryRow): AuditEntry => {
  const via = decodeOptionalString(row.actor_via);
  return {
    id: row.id,
    chainId: row.chain_id,
    seq: decodeInt(row.seq),
    clientId: row.client_id,
    organisationId: decodeOptionalString(row.organisation_id),
    occurredAt: decodeDate(row.occurred_at),
    actor: {
      type: row.actor_type as AuditEntry["actor"]["type"],
      id: decodeOptionalString(row.actor_id),
      ...(via === null ? {} : { via: via as "mcp" | "agent" }),
    },
    type: row.type,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    // The text as stored is the canonical encoding: parsed and encoded again it gives the same hash.
    changes: typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes,
    requestId: decodeOptionalString(row.request_id),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
};

const encode = (e: AuditEntry): unknown[] => [
  e.id,
  e.chainId,
  e.seq,
  e.clientId,
  e.organisationId,
  encodeDate(e.occurredAt),
  e.actor.type,
  e.actor.id,
  e.actor.via ?? null,
  e.type,
  e.resourceType,
  e.resourceId,
  JSON.stringify(e.changes),
  e.requestId,
  e.prevHash,
  e.hash,
];

const hint = (session: SqlSession, index: string): string =>
  session.dialect === "mysql" ? `FORCE INDEX (${index})` : `INDEXED BY ${index}`;

/**
 * The index a chain's page is read through, and the filters it seeks; every other filter is tested on the rows
 * the index gives, in id order. A period is a range of ids (each id carries its time).
 */
const plan = (filter: AuditFilter): { readonly index: string; readonly conditions: Condition[] } => {
  const all: Condition[] = [
    ...(filter.from === undefined ? [] : [["id >= ?", periodBound(filter.from)] as const]),
    ...(filter.to === undefined ? [] : [["id < ?", periodBound(filter.to)] as const]),
    ...(filter.resourceType === undefined ? [] : [["resource_type = ?", filter.resourceType] as const]),
    ...(filter.actorType === undefined ? [] : [["actor_type = ?", filter.actorType] as const]),
  ];
  const resource: Condition[] = filter.resourceId === undefined ? [] : [["resource_id = ?", filter.resourceId]];
  const actor: Condition[] = filter.actorId === undefined ? [] : [["actor_id = ?", filter.actorId]];
  const type: Condition[] = filter.type === undefined ? [] : [["type = ?", filter.type]];
  const index =
    filter.resourceId !== undefined
      ? "audit_events_resource"
      : filter.actorId !== undefined
        ? "audit_events_actor"
        : filter.type !== undefined
          ? "audit_events_type"
          : "audit_events_chain_id";
  return { index, conditions: [...resource, ...actor, ...type, ...all] };
};

/** The audit log in SQL (tables `audit_events` and `audit_chains`). */
export const sqlAuditLog = (session: SqlSession): AuditLog => {
  /** Takes the chain's head row (made if new) for the rest of the transaction and answers where it ends. */
  const lockHead = async (tx: SqlSession, chainId: string, clientId: string, organisationId: string | null) => {
    const upsert =
      tx.dialect === "mysql" ? "ON DUPLICATE KEY UPDATE last_seq = last_seq" : "ON CONFLICT (chain_id) DO NOTHING";
    // On MariaDB the insert (or its duplicate-key update) takes the row's exclusive lock at once: a plain
    // SELECT ... FOR UPDATE of a missing row would take a gap lock, and two new chains would deadlock.
    await tx.execute(
      `INSERT INTO audit_chains (chain_id, client_id, organisation_id, last_seq, last_hash)
       VALUES ($1, $2, $3, 0, $4) ${upsert}`,
      [chainId, clientId, organisationId, "0".repeat(64)],
    );
    const lock = tx.dialect === "mysql" ? " FOR UPDATE" : "";
    const [head] = await tx.select<HeadRow>(
      `SELECT chain_id, client_id, organisation_id, last_seq, last_hash FROM audit_chains WHERE chain_id = $1${lock}`,
      [chainId],
    );
    if (head === undefined) throw new Error(`audit chain ${chainId} has no head`);
    return { seq: decodeInt(head.last_seq), hash: head.last_hash };
  };

  const chainPage = async (
    scope: AuditScope,
    chainId: string,
    filter: AuditFilter,
    after: string | undefined,
    n: number,
  ) => {
    const { index, conditions } = plan(filter);
    const { where, bind } = numbered([
      ["chain_id = ?", chainId],
      ["client_id = ?", scope.clientId],
      ...(after === undefined ? [] : [["id > ?", after] as const]),
      ...conditions,
    ]);
    const rows = await session.select<EntryRow>(
      `${SELECT} ${hint(session, index)}${where} ORDER BY id LIMIT ${n}`,
      bind,
    );
    return rows.map(decode);
  };

  return {
    append: (records) =>
      session.write(async (tx) => {
        if (records.length === 0) return;
        const byChain = new Map<string, (typeof records)[number][]>();
        for (const record of records) {
          const chainId = chainIdOf(record);
          byChain.set(chainId, [...(byChain.get(chainId) ?? []), record]);
        }
        // One order of locks for every writer: two units of work touching the same chains cannot deadlock.
        for (const chainId of [...byChain.keys()].sort()) {
          const chain = byChain.get(chainId) ?? [];
          const first = chain[0];
          if (first === undefined) continue;
          let previous = await lockHead(tx, chainId, first.clientId, first.organisationId);
          const entries: AuditEntry[] = [];
          for (const record of chain) {
            const entry = chained(record, chainId, previous);
            entries.push(entry);
            previous = { seq: entry.seq, hash: entry.hash };
          }
          for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
            const chunk = entries.slice(start, start + ROWS_PER_INSERT);
            const values = chunk.map((_, i) => `(${placeholders(i * COLUMNS.length + 1, COLUMNS.length)})`).join(", ");
            await tx.execute(
              `INSERT INTO audit_events (${COLUMNS.join(", ")}) VALUES ${values}`,
              chunk.flatMap(encode),
            );
          }
          await tx.execute("UPDATE audit_chains SET last_seq = $1, last_hash = $2 WHERE chain_id = $3", [
            previous.seq,
            previous.hash,
            chainId,
          ]);
        }
      }),
    async list(scope, filter, page) {
      const limit = pageLimit(page);
      // The organisation's chain and its client's, each read through its index, merged by id.
      const chains = await Promise.all(
        [scope.organisationId, scope.clientId].map((chainId) =>
          chainPage(scope, chainId, filter, page.after, limit + 1),
        ),
      );
      const rows = chains.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    async heads(organisationId) {
      const rows =
        organisationId === undefined
          ? await session.select<HeadRow>(
              "SELECT chain_id, client_id, organisation_id, last_seq, last_hash FROM audit_chains ORDER BY chain_id",
            )
          : await session.select<HeadRow>(
              `SELECT chain_id, client_id, organisation_id, last_seq, last_hash FROM audit_chains
               WHERE chain_id = $1 OR chain_id = (SELECT client_id FROM audit_chains WHERE chain_id = $1)
               ORDER BY chain_id`,
              [organisationId],
            );
      return rows.map((r) => ({
        chainId: r.chain_id,
        clientId: r.client_id,
        organisationId: decodeOptionalString(r.organisation_id),
        lastSeq: decodeInt(r.last_seq),
        lastHash: r.last_hash,
      }));
    },
    async chainEntries(chainId, afterSeq, limit) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
      const rows = await session.select<EntryRow>(
        `${SELECT} WHERE chain_id = $1 AND seq > $2 ORDER BY seq LIMIT ${limit}`,
        [chainId, afterSeq],
      );
      return rows.map(decode);
    },
  };
};
