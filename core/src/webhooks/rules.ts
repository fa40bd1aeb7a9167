import { isEventType, SUBSCRIBABLE_EVENT_TYPES } from "../events/catalog.js";
import type { FieldError } from "../shared/errors.js";

/** At most this many subscriptions per client (spec). */
export const MAX_SUBSCRIPTIONS_PER_CLIENT = 10;

/** Consecutive failed attempts after which a subscription is switched off (spec). */
export const DISABLE_AFTER_CONSECUTIVE_FAILURES = 50;

/** The longest URL a subscription keeps. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The event types with duplicates removed, in the order given. */
export const distinctEventTypes = (types: readonly string[]): string[] => [...new Set(types)];

/** What is wrong with a selection of event types: one or more, each subscribable (`webhook.test` is not). */
export const eventTypesErrors = (types: readonly string[]): FieldError[] => {
  if (types.length === 0)
    return [{ field: "eventTypes", code: "required", message: "eventTypes needs at least one event type" }];
  return types.flatMap((type, i) =>
    isEventType(type) && (SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(type)
      ? []
      : [
          {
            field: `eventTypes[${i}]`,
            code: "invalid",
            message:
              type === "webhook.test"
                ? "webhook.test is sent only through the test endpoint and cannot be subscribed to"
                : `${JSON.stringify(type)} is not an event type of the catalog`,
          },
        ],
  );
};

/** True when a subscription selected this event type. */
export const subscribesTo = (subscription: { readonly eventTypes: readonly string[] }, type: string): boolean =>
  subscription.eventTypes.includes(type);
