import * as t from "io-ts";
import { SUBSCRIBABLE_EVENT_TYPES } from "../../events/catalog.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Integer } from "../../shared/codecs/numbers.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { DELIVERY_STATUSES, type WebhookDelivery, type WebhookSubscription } from "../../webhooks/model.js";

/** A subscription as the API shows it (never its secret). */
export const WebhookSubscriptionView = t.type(
  {
    id: Uuid,
    clientId: Uuid,
    url: t.string,
    // The store keeps names as text; what a subscription may hold is checked when it is made or changed.
    eventTypes: documented(t.readonlyArray(t.string), {
      items: { type: "string", enum: [...SUBSCRIBABLE_EVENT_TYPES] },
    }),
    active: t.boolean,
    consecutiveFailures: Integer,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    disabledAt: nullable(IsoDateTime),
    disabledReason: documented(nullable(t.string), { enum: ["ConsecutiveFailures", "Manual", null] }),
  },
  "WebhookSubscription",
);

/** A subscription as its creation (and a rotation) answers it: with its secret, shown only then. */
export const WebhookSubscriptionWithSecretView = t.intersection(
  [WebhookSubscriptionView, t.type({ secret: documented(t.string, { description: "whsec_...; shown only here." }) })],
  "WebhookSubscriptionWithSecret",
);

/** A delivery log row as the API shows it. */
export const WebhookDeliveryView = t.type(
  {
    id: Uuid,
    subscriptionId: Uuid,
    eventId: Uuid,
    eventType: t.string,
    status: oneOf(DELIVERY_STATUSES, "DeliveryStatus"),
    attempts: Integer,
    nextAttemptAt: nullable(IsoDateTime),
    lastStatusCode: nullable(Integer),
    lastError: nullable(t.string),
    lastLatencyMs: nullable(Integer),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    deliveredAt: nullable(IsoDateTime),
  },
  "WebhookDelivery",
);

/** What recovering a subscription's failed deliveries answers. */
export const RequeuedView = t.type({ requeued: Integer }, "Requeued");

export const webhookSubscriptionView = (s: WebhookSubscription): t.TypeOf<typeof WebhookSubscriptionView> => ({
  id: s.id,
  clientId: s.clientId,
  url: s.url,
  eventTypes: s.eventTypes,
  active: s.active,
  consecutiveFailures: s.consecutiveFailures,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
  disabledAt: s.disabledAt?.toISOString() ?? null,
  disabledReason: s.disabledReason,
});

/** A delivery log row as the API shows it. */
export const webhookDeliveryView = (d: WebhookDelivery): t.TypeOf<typeof WebhookDeliveryView> => ({
  id: d.id,
  subscriptionId: d.subscriptionId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  lastLatencyMs: d.lastLatencyMs,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});
