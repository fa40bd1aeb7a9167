import * as E from "fp-ts/lib/Either.js";
import type { Clock } from "../shared/clock.js";
import { toFieldErrors } from "../shared/codecs/field-errors.js";
import type { Ids } from "../shared/ids.js";
import { EVENT_CATALOG, type EventData, type EventType } from "./catalog.js";
import type { Actor, OutboxEvent } from "./envelope.js";

/** What `makeEvent` needs: the type, its data, who did it, and where it belongs. */
export interface MakeEvent<K extends EventType> {
  readonly ids: Ids;
  readonly clock: Clock;
  readonly type: K;
  readonly clientId: string;
  /** Null only for event types that are not organisation-scoped (`company_bill.awaiting_organisation`, `webhook.test`). */
  readonly organisationId: string | null;
  readonly actor: Actor;
  readonly data: EventData<K>;
  /** The company, for events about a company's bill awaiting an organisation (organisationId null). */
  readonly companyId?: string;
  /** The subject, when it is not the catalog's default (the resource in `data`). */
  readonly subject?: { readonly type: string; readonly id: string };
}

/**
 * Builds an outbox event after checking its payload against the catalog. A payload that does not match is a
 * bug in apar, not a user error, so it throws: an event that breaks its published shape must never be sent.
 */
export const makeEvent = <K extends EventType>(args: MakeEvent<K>): OutboxEvent => {
  const entry = EVENT_CATALOG[args.type];
  if (entry === undefined) throw new Error(`Unknown event type ${String(args.type)}`);
  const checked = entry.codec.decode(args.data);
  if (E.isLeft(checked)) {
    const problems = toFieldErrors(checked.left, "data").map((e) => e.message);
    throw new Error(`Event ${args.type} has an invalid payload: ${problems.join("; ")}`);
  }
  if (entry.organisationScoped && args.organisationId === null) {
    throw new Error(`Event ${args.type} needs an organisationId`);
  }
  if ((args.actor.type === "system") !== (args.actor.id === null)) {
    throw new Error(`Event ${args.type} has an inconsistent actor: ${JSON.stringify(args.actor)}`);
  }
  const subjectIdOf = entry.subjectIdOf as (data: unknown) => string;
  return {
    envelope: {
      id: args.ids.next(),
      type: args.type,
      occurredAt: args.clock.now().toISOString(),
      organisationId: args.organisationId,
      ...(args.companyId === undefined ? {} : { companyId: args.companyId }),
      actor: args.actor,
      // The caller's object, not the decoded one: codecs normalise (amounts, id case) and the event must say
      // exactly what the resource says.
      data: args.data,
    },
    clientId: args.clientId,
    subjectType: args.subject?.type ?? entry.subjectType,
    subjectId: args.subject?.id ?? subjectIdOf(args.data),
  };
};
