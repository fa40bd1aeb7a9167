import type { EventEnvelope } from "../events/envelope.js";
import { signWebhook } from "./signature.js";

/** The header names of deliveries for a brand word (`service` -> `Service-Signature`, `Service-Event-Id`, ...). */
export const webhookHeaderNames = (headerPrefix: string) => {
  const brand = headerPrefix
    .split("-")
    .map((part) => (part === "" ? part : `${part[0]?.toUpperCase() ?? ""}${part.slice(1)}`))
    .join("-");
  return {
    signature: `${brand}-Signature`,
    eventId: `${brand}-Event-Id`,
    eventType: `${brand}-Event-Type`,
  } as const;
};

/** The delivery body: exactly the envelope's six members, in the spec's order, serialised once. */
export const deliveryBody = (envelope: EventEnvelope): string =>
  JSON.stringify({
    id: envelope.id,
    type: envelope.type,
    occurredAt: envelope.occurredAt,
    organisationId: envelope.organisationId,
    ...(envelope.companyId === undefined ? {} : { companyId: envelope.companyId }),
    actor: envelope.actor,
    data: envelope.data,
  });

/** The headers of one attempt, signed at `now` (t = the attempt's Unix second). */
export const deliveryHeaders = (
  names: ReturnType<typeof webhookHeaderNames>,
  secret: string,
  envelope: EventEnvelope,
  body: string,
  now: Date,
): Record<string, string> => ({
  "Content-Type": "application/json",
  [names.signature]: signWebhook(secret, Math.floor(now.getTime() / 1000), body),
  [names.eventId]: envelope.id,
  [names.eventType]: envelope.type,
});
