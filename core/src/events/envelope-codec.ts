import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { closedType } from "../shared/codecs/closed-type.js";
import { codec, failure } from "../shared/codecs/failure.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { NonEmptyTrimmedString } from "../shared/codecs/strings.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { EVENT_CATALOG, isEventType } from "./catalog.js";
import type { Actor, EventEnvelope } from "./envelope.js";

const ACTOR_TYPES: readonly unknown[] = ["user", "api_key", "system"];
const ACTOR_CHANNELS: readonly unknown[] = ["mcp", "agent"];

/** True when `u` is an actor: a user or API key with an id, or the system with a null id. */
export const isActor = (u: unknown): u is Actor => {
  if (typeof u !== "object" || u === null || Object.keys(u).some((k) => k !== "type" && k !== "id" && k !== "via"))
    return false;
  const { type, id, via } = u as Record<string, unknown>;
  if (!ACTOR_TYPES.includes(type)) return false;
  if (via !== undefined && (type === "system" || !ACTOR_CHANNELS.includes(via))) return false;
  return type === "system" ? id === null : typeof id === "string" && id.length > 0;
};

/** An event's actor: `{type: "user" | "api_key", id, via?: "mcp" | "agent"}` or `{type: "system", id: null}`. */
export const ActorCodec: t.Type<Actor, Actor, unknown> = codec("Actor", isActor, (u) =>
  isActor(u)
    ? { ok: u }
    : {
        code: "actor",
        message: 'must be {"type": "user" or "api_key", "id": "..."} or {"type": "system", "id": null}',
      },
);

/** The spec's envelope, identical for every event; `data` is any object (see `KnownEventEnvelope`). */
export const EventEnvelopeCodec: t.Type<
  EventEnvelope<Record<string, unknown>>,
  EventEnvelope<Record<string, unknown>>,
  unknown
> = closedType(
  {
    id: Uuid,
    type: NonEmptyTrimmedString(100),
    occurredAt: IsoDateTime,
    organisationId: t.union([Uuid, t.null]),
    actor: ActorCodec,
    data: t.UnknownRecord,
  },
  { companyId: Uuid },
  "EventEnvelope",
);

/** An envelope whose type is in the catalog and whose `data` passes that type's payload codec. */
export const KnownEventEnvelope = new t.Type<
  EventEnvelope<Record<string, unknown>>,
  EventEnvelope<Record<string, unknown>>,
  unknown
>(
  "KnownEventEnvelope",
  EventEnvelopeCodec.is,
  (u, c) =>
    E.chain((envelope: EventEnvelope<Record<string, unknown>>) => {
      const typeContext: t.Context = [...c, { key: "type", type: t.string, actual: envelope.type }];
      if (!isEventType(envelope.type))
        return failure<EventEnvelope<Record<string, unknown>>>(
          envelope.type,
          typeContext,
          "event_type",
          "is not a known event type",
        );
      const codec: t.Mixed = EVENT_CATALOG[envelope.type].codec;
      const dataContext: t.Context = [...c, { key: "data", type: codec, actual: envelope.data }];
      return E.map(() => envelope)(codec.validate(envelope.data, dataContext));
    })(EventEnvelopeCodec.validate(u, c)),
  t.identity,
);
