import type { WebhookDelivery, WebhookSubscription } from "@apar/core";
import { at, newId } from "./fixtures.js";

/** An active subscription of the client, created at T0. */
export const aSubscription = (clientId: string, over: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: newId(),
  clientId,
  url: "https://hooks.example.com/apar",
  eventTypes: ["bill.created", "bill.approved"],
  active: true,
  consecutiveFailures: 0,
  sealedSecret: "sealed:abc",
  createdAt: at(0),
  updatedAt: at(0),
  disabledAt: null,
  disabledReason: null,
  ...over,
});

/** A Pending delivery of a new event to the subscription, due at T0 + `dueMs`. */
export const aDelivery = (
  subscription: Pick<WebhookSubscription, "id" | "clientId">,
  over: Partial<WebhookDelivery> = {},
): WebhookDelivery => ({
  id: newId(),
  clientId: subscription.clientId,
  subscriptionId: subscription.id,
  eventId: newId(),
  eventType: "bill.created",
  status: "Pending",
  attempts: 0,
  nextAttemptAt: at(0),
  lastStatusCode: null,
  lastError: null,
  lastLatencyMs: null,
  lockedBy: null,
  lockedUntil: null,
  createdAt: at(0),
  updatedAt: at(0),
  deliveredAt: null,
  ...over,
});
