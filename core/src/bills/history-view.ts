import * as t from "io-ts";
import { ActorCodec } from "../events/actor-codec.js";
import { nullable } from "../shared/codecs/combinators.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { Uuid } from "../shared/codecs/uuid.js";

/** One change of a field between two snapshots of a bill. */
export const FieldChangeView = t.type({ field: t.string, from: t.unknown, to: t.unknown }, "FieldChange");

/** One entry of a bill's audit trail, as GET /v1/bills/{id}/history answers it. */
export const HistoryEntryView = t.type(
  {
    id: Uuid,
    type: t.string,
    occurredAt: IsoDateTime,
    actor: ActorCodec,
    changes: t.readonlyArray(FieldChangeView),
    details: nullable(t.record(t.string, t.unknown)),
  },
  "HistoryEntry",
);
