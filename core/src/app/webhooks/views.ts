import type { WebhookDelivery, WebhookSubscription } from "../../webhooks/model.js";

/** A subscription as the API shows it (never its secret). */
export const webhookSubscriptionView = (s: WebhookSubscription) => ({
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
export const webhookDeliveryView = (d: WebhookDelivery) => ({
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
