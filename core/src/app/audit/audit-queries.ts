import * as E from "fp-ts/lib/Either.js";
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
import { Uuid } from "../../shared/codecs/uuid.js";
import { type DomainError, type FieldError, validationError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";

/** Who may have acted. */
export const AUDIT_ACTOR_TYPES: readonly Actor["type"][] = ["user", "api_key", "system"];

/** A period bound: an RFC 3339 instant, or a date (its start, UTC). */
const instantOf = (text: string): Date | undefined =>
  isIsoDateTime(text) ? new Date(text) : isIsoDate(text) ? new Date(`${text}T00:00:00.000Z`) : undefined;

/** The audit filters of a query (`get` answers a parameter's value), or the problem naming each bad one. */
export const auditFilterOf = (get: (name: string) => string | undefined): E.Either<DomainError, AuditFilter> => {
  const errors: FieldError[] = [];
  const text = (name: string, max: number): string | undefined => {
    const value = get(name)?.trim();
    if (value === undefined || value === "") return undefined;
    if (value.length > max)
      errors.push({ field: name, code: "invalid", message: `${name} is at most ${max} characters` });
    return value;
  };
  const actorType = text("actorType", 16);
  if (actorType !== undefined && !(AUDIT_ACTOR_TYPES as readonly string[]).includes(actorType))
    errors.push({
      field: "actorType",
      code: "invalid",
      message: `actorType is one of ${AUDIT_ACTOR_TYPES.join(", ")}`,
    });
  const period = (name: "from" | "to"): Date | undefined => {
    const value = text(name, 40);
    if (value === undefined) return undefined;
    const at = instantOf(value);
    if (at === undefined)
      errors.push({ field: name, code: "date_time", message: `${name} is a date or a date-time with a zone` });
    return at;
  };
  const filter: AuditFilter = {
    ...(actorType === undefined ? {} : { actorType: actorType as Actor["type"] }),
    ...optional("actorId", text("actorId", 64)),
    ...optional("resourceType", text("resourceType", 64)),
    ...optional("resourceId", text("resourceId", 255)),
    ...optional("type", text("type", 100)),
    ...optional("from", period("from")),
    ...optional("to", period("to")),
  };
  return errors.length > 0 ? E.left(validationError(errors)) : E.right(filter);
};

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

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
