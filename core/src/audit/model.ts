import type { Actor } from "../events/envelope.js";

/** One field's value before and after a change; `null` on the side where the resource did not exist. */
export interface AuditChange {
  readonly before: unknown;
  readonly after: unknown;
}

/** The fields a change touched, by name (nested objects are compared whole and named by their top field). */
export type AuditChanges = Readonly<Record<string, AuditChange>>;

/** A change as recorded in its unit of work, before the chain gives it a place. */
export interface AuditRecord {
  /** UUID v7; its time is `occurredAt` (so a period is a range of ids). */
  readonly id: string;
  readonly occurredAt: Date;
  readonly clientId: string;
  /** Null for client-wide changes (API keys, webhooks, companies, users, the client's settings). */
  readonly organisationId: string | null;
  /** Who: a user, an API key (`via` mcp or agent when it acted through one), or the system. */
  readonly actor: Actor;
  /** What happened: an event type (`bill.approved`) or `<resource>.<action>` (`api_key.created`). */
  readonly type: string;
  readonly resourceType: string;
  readonly resourceId: string;
  readonly changes: AuditChanges;
  /** The HTTP request that made the change (`x-request-id`), when there was one. */
  readonly requestId: string | null;
}

/**
 * A recorded entry: its place in its chain and the hashes that tie it to the entry before. One chain per
 * organisation, and one per client for client-wide changes: writers of different organisations never wait for
 * each other.
 */
export interface AuditEntry extends AuditRecord {
  /** The organisation id, or the client id for client-wide changes. */
  readonly chainId: string;
  /** 1, 2, 3, ... within the chain. */
  readonly seq: number;
  /** The previous entry's hash (64 zeros for the first). */
  readonly prevHash: string;
  /** SHA-256 (hex) of the entry's canonical encoding, `prevHash` included. */
  readonly hash: string;
}

/** The last entry of a chain, as its head row keeps it. */
export interface AuditChainHead {
  readonly chainId: string;
  readonly clientId: string;
  readonly organisationId: string | null;
  readonly lastSeq: number;
  readonly lastHash: string;
}

/** Filters of the audit log: all given ones must hold; `from` inclusive, `to` exclusive. */
export interface AuditFilter {
  readonly actorType?: Actor["type"];
  readonly actorId?: string;
  readonly resourceType?: string;
  readonly resourceId?: string;
  readonly type?: string;
  readonly from?: Date;
  readonly to?: Date;
}

/** The chain a record belongs to. */
export const chainIdOf = (record: Pick<AuditRecord, "clientId" | "organisationId">): string =>
  record.organisationId ?? record.clientId;
