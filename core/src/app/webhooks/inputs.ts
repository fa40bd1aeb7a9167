// The request bodies of the webhook subscription routes: decoded with these codecs, documented from them.
import * as t from "io-ts";
import { SUBSCRIBABLE_EVENT_TYPES } from "../../events/catalog.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { DateFromIsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";

// The use case checks each type against the catalogue and the URL's scheme and address (one error per field).
const EventTypes = documented(t.array(t.string, "EventTypes"), {
  minItems: 1,
  items: { type: "string", enum: [...SUBSCRIBABLE_EVENT_TYPES] },
});
const Url = documented(t.string, { description: "https:// and publicly reachable." });
/** The body of POST /v1/webhook-subscriptions (the URL and event types are checked by the use case). */
export const CreateSubscriptionBody = closedType({ url: Url, eventTypes: EventTypes }, {});
/** The body of PATCH /v1/webhook-subscriptions/{id}. */
export const UpdateSubscriptionBody = closedType({}, { url: Url, eventTypes: EventTypes });
/** The body of POST /v1/webhook-subscriptions/{id}/recover. */
export const RecoverDeliveriesBody = closedType({ since: DateFromIsoDateTime }, {});
