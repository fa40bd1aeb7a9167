import * as E from "fp-ts/lib/Either.js";
import { type DomainError, domainError, notFound, validationError } from "../../shared/errors.js";
import { distinctEventTypes, eventTypesErrors, MAX_WEBHOOK_URL_LENGTH } from "../../webhooks/rules.js";
import type { WebhookDeps } from "./deps.js";

/** The problem for a subscription that does not exist (or belongs to another client). */
export const subscriptionNotFound = (): DomainError =>
  notFound("WebhookSubscription.NotFound", "The webhook subscription does not exist.");

/** The URL trimmed and allowed by the URL policy, or `Webhook.InvalidUrl` (400). */
export const checkedUrl = async (deps: WebhookDeps<never>, raw: string): Promise<E.Either<DomainError, string>> => {
  const url = raw.trim();
  const invalid = (code: string, why: string) =>
    E.left(domainError("BadRequest", "Webhook.InvalidUrl", why, [{ field: "url", code, message: why }]));
  if (url === "") return invalid("url.empty", "The URL is empty.");
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    return invalid("url.too_long", `The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  const checked = await deps.checkUrl(url);
  return E.isLeft(checked) ? checked : E.right(url);
};

/** The event types without duplicates, or the validation problem. */
export const checkedEventTypes = (types: readonly string[]): E.Either<DomainError, string[]> => {
  const errors = eventTypesErrors(types);
  return errors.length > 0 ? E.left(validationError(errors)) : E.right(distinctEventTypes(types));
};
