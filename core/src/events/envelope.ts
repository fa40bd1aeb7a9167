/** Who caused an event. `id` is null for the system. */
export interface Actor {
  readonly type: "user" | "api_key" | "system";
  readonly id: string | null;
  /** The channel of a user's or key's action when it was not a plain API call: an MCP client or an agent. */
  readonly via?: "mcp" | "agent";
}

/** The system actor (cron, workers). */
export const SYSTEM_ACTOR: Actor = { type: "system", id: null };

/** The envelope every event is delivered in (spec section Events). */
export interface EventEnvelope<D = unknown> {
  readonly id: string;
  readonly type: string;
  /** UTC ISO 8601 instant. */
  readonly occurredAt: string;
  readonly organisationId: string | null;
  /**
   * The company, on events about a company's bill that has no organisation yet
   * (`company_bill.awaiting_organisation`, whose `organisationId` is null); absent on every other event.
   */
  readonly companyId?: string;
  readonly actor: Actor;
  readonly data: D;
}

/** What the outbox keeps beside the envelope: the owning client and the subject, for history. */
export interface OutboxEvent {
  readonly envelope: EventEnvelope;
  readonly clientId: string;
  /** The resource the event is about (`bill`, `invoice`, ...), for audit trails. */
  readonly subjectType: string | null;
  readonly subjectId: string | null;
}

/** An outbox row as read back: `position` orders rows by commit. */
export interface StoredEvent extends OutboxEvent {
  readonly position: number;
  readonly dispatchedAt: Date | null;
}
