import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { closedType } from "../shared/codecs/closed-type.js";
import { failure } from "../shared/codecs/failure.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { NonEmptyTrimmedString } from "../shared/codecs/strings.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { ActorCodec } from "./actor-codec.js";
import { EVENT_CATALOG, isEventType } from "./catalog.js";
import type { EventEnvelope } from "./envelope.js";

export { ActorCodec, isActor } from "./actor-codec.js";

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
