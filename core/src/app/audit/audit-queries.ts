import type * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { AuditEntry, AuditFilter } from "../../audit/model.js";
import { type ChainVerdict, verifyChain } from "../../audit/verify.js";
import { ActorCodec } from "../../events/actor-codec.js";
import type { Actor } from "../../events/envelope.js";
import type { AuditLog, AuditScope } from "../../ports/audit.js";
import { nullable } from "../../shared/codecs/combinators.js";
import { isIsoDate } from "../../shared/codecs/iso-date.js";
import { IsoDateTime, isIsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Integer } from "../../shared/codecs/numbers.js";
import { decodeQuery, QueryText, queryText } from "../../shared/codecs/query-params.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import type { DomainError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";

/** Who may have acted. */
export const AUDIT_ACTOR_TYPES: readonly Actor["type"][] = ["user", "api_key", "system"];

/** A period bound: an RFC 3339 instant, or a date (its start, UTC). */
const instantOf = (text: string): Date | undefined =>
  isIsoDateTime(text) ? new Date(text) : isIsoDate(text) ? new Date(`${text}T00:00:00.000Z`) : undefined;

const isActorType = (u: unknown): u is Actor["type"] => (AUDIT_ACTOR_TYPES as readonly unknown[]).includes(u);

const ActorTypeParam = queryText(
  "AuditActorType",
  16,
  isActorType,
  (text) =>
    isActorType(text) ? { ok: text } : { code: "invalid", message: `is one of ${AUDIT_ACTOR_TYPES.join(", ")}` },
  { type: "string", enum: [...AUDIT_ACTOR_TYPES] },
);

const InstantParam = queryText(
  "AuditInstant",
  40,
  (u): u is Date => u instanceof Date,
  (text) => {
    const at = instantOf(text);
    return at === undefined ? { code: "date_time", message: "is a date or a date-time with a zone" } : { ok: at };
  },
  { type: "string" },
);

/**
 * The audit log's filters (the API's and the portal's): typed text, trimmed, blank as absent, each of bounded
 * length; `from` and `to` a date-time with a zone or a date (its start in UTC).
 */
export const AUDIT_FILTER = {
  actorType: { codec: ActorTypeParam, description: "Who acted: a user, an API key, or the system." },
  actorId: { codec: QueryText(64), description: "The user's or key's id." },
  resourceType: {
    codec: QueryText(64),
    description: "What changed: `bill`, `supplier`, `api_key`, `webhook_subscription`, ...",
  },
  resourceId: { codec: QueryText(255), description: "The changed resource's id." },
  type: {
    codec: QueryText(100),
    description: "The entry's type: an event type (`bill.approved`) or `<resource>.<action>` (`api_key.created`).",
  },
  from: {
    codec: InstantParam,
    description: "Recorded at or after (a date-time with a zone, or a date: its start in UTC).",
  },
  to: { codec: InstantParam, description: "Recorded before (as `from`)." },
} as const;

/** The audit filters of a query (`get` answers a parameter's value), or the problem naming each bad one. */
export const auditFilterOf = (query: { get(name: string): string | undefined }): E.Either<DomainError, AuditFilter> =>
  decodeQuery(AUDIT_FILTER, query);

/** One page of an organisation's audit log (its entries and its client's client-wide ones), oldest first. */
export const listAuditEvents = (
  log: AuditLog,
  scope: AuditScope,
  filter: AuditFilter,
  page: PageRequest,
): Promise<Page<AuditEntry>> => log.list(scope, filter, page);

/**
 * Every entry the filter selects, oldest first, read `pageSize` at a time as the consumer asks for more: an export of
 * a year holds one page in memory, never the year.
 */
export async function* auditEntries(
  log: AuditLog,
  scope: AuditScope,
  filter: AuditFilter,
  pageSize = 500,
): AsyncGenerator<AuditEntry> {
  let after: string | undefined;
  for (;;) {
    const page = await log.list(scope, filter, after === undefined ? { limit: pageSize } : { limit: pageSize, after });
    yield* page.items;
    const last = page.items.at(-1);
    if (!page.hasMore || last === undefined) return;
    after = last.id;
  }
}

const Hash = documented(t.string, { pattern: "^[0-9a-f]{64}$" });

/** An audit entry as the API answers it (and JSON Lines exports it). */
export const AuditEventView = t.type(
  {
    id: Uuid,
    occurredAt: IsoDateTime,
    organisationId: documented(nullable(Uuid), { description: "Null for a client-wide change." }),
    actor: ActorCodec,
    type: t.string,
    resource: t.type({ type: t.string, id: t.string }),
    changes: documented(t.record(t.string, t.type({ before: t.unknown, after: t.unknown })), {
      description: "Each changed field with its value before and after (null where the resource did not exist).",
    }),
    requestId: nullable(t.string),
    chain: documented(t.type({ id: Uuid, seq: Integer, prevHash: Hash, hash: Hash }), {
      description:
        "Where the entry sits in its hash chain (the organisation's, or the client's for client-wide changes).",
    }),
  },
  "AuditEvent",
);

/** An entry as the API answers it (and JSON Lines exports it). */
export const auditEventView = (e: AuditEntry): t.TypeOf<typeof AuditEventView> => ({
  id: e.id,
  occurredAt: e.occurredAt.toISOString(),
  organisationId: e.organisationId,
  actor: e.actor,
  type: e.type,
  resource: { type: e.resourceType, id: e.resourceId },
  changes: e.changes,
  requestId: e.requestId,
  chain: { id: e.chainId, seq: e.seq, prevHash: e.prevHash, hash: e.hash },
});

/**
 * Verifies every chain (or an organisation's and its client's), one page of each at a time; `onChain` hears each
 * verdict as it is reached. Answers the verdicts.
 */
export const verifyAuditLog = async (
  log: AuditLog,
  organisationId?: string,
  onChain: (verdict: ChainVerdict) => void = () => {},
): Promise<readonly ChainVerdict[]> => {
  const verdicts: ChainVerdict[] = [];
  for (const head of await log.heads(organisationId)) {
    const verdict = await verifyChain(head, (chain, after, limit) => log.chainEntries(chain, after, limit));
    onChain(verdict);
    verdicts.push(verdict);
  }
  return verdicts;
};
