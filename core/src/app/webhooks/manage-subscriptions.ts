import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { conflict, type DomainError } from "../../shared/errors.js";
import type { WebhookSubscription } from "../../webhooks/model.js";
import { MAX_SUBSCRIPTIONS_PER_CLIENT } from "../../webhooks/rules.js";
import { generateWebhookSecret } from "../../webhooks/secret.js";
import type { WebhookDeps } from "./deps.js";
import { checkedEventTypes, checkedUrl, subscriptionNotFound } from "./subscription-rules.js";

/** A subscription with its secret in clear: answered only by create and rotate-secret, the one time it is shown. */
export interface SubscriptionWithSecret {
  readonly subscription: WebhookSubscription;
  readonly secret: string;
}

export interface CreateWebhookSubscriptionInput {
  readonly clientId: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
}

/** Creates a subscription (at most 10 per client) with a new signing secret; it receives only later events. */
export const createWebhookSubscription =
  (deps: WebhookDeps<"webhookSubscriptions">) =>
  (input: CreateWebhookSubscriptionInput): TE.TaskEither<DomainError, SubscriptionWithSecret> =>
  async () => {
    const eventTypes = checkedEventTypes(input.eventTypes);
    if (E.isLeft(eventTypes)) return eventTypes;
    const url = await checkedUrl(deps, input.url);
    if (E.isLeft(url)) return url;
    const secret = generateWebhookSecret(deps.randomBytes);
    const now = deps.clock.now();
    const subscription: WebhookSubscription = {
      id: deps.ids.next(),
      clientId: input.clientId,
      url: url.right,
      eventTypes: eventTypes.right,
      active: true,
      consecutiveFailures: 0,
      sealedSecret: deps.sealer.seal(secret),
      createdAt: now,
      updatedAt: now,
      disabledAt: null,
      disabledReason: null,
    };
    const added = await deps.db.run((s) =>
      s.webhookSubscriptions.addWithinLimit(subscription, MAX_SUBSCRIPTIONS_PER_CLIENT),
    );
    return added
      ? E.right({ subscription, secret })
      : E.left(
          conflict(
            "WebhookSubscription.LimitReached",
            `A client has at most ${MAX_SUBSCRIPTIONS_PER_CLIENT} webhook subscriptions; delete one first.`,
          ),
        );
  };

/** Changes one stored subscription inside a unit of work, or answers NotFound. */
const change =
  (deps: WebhookDeps<"webhookSubscriptions">, clientId: string, id: string) =>
  <A>(
    apply: (current: WebhookSubscription, now: Date) => { next: WebhookSubscription; answer: A },
  ): TE.TaskEither<DomainError, A> =>
  () =>
    deps.db.run(async (s) => {
      const current = await s.webhookSubscriptions.ofId(clientId, id);
      if (current === undefined) return E.left(subscriptionNotFound());
      const { next, answer } = apply(current, deps.clock.now());
      await s.webhookSubscriptions.update(next);
      return E.right(answer);
    });

export interface UpdateWebhookSubscriptionInput {
  readonly clientId: string;
  readonly id: string;
  readonly url?: string;
  readonly eventTypes?: readonly string[];
}

/** Changes a subscription's URL and/or event types (the new selection applies to events from now on). */
export const updateWebhookSubscription =
  (deps: WebhookDeps<"webhookSubscriptions">) =>
  (input: UpdateWebhookSubscriptionInput): TE.TaskEither<DomainError, WebhookSubscription> =>
  async () => {
    const eventTypes = input.eventTypes === undefined ? E.right(undefined) : checkedEventTypes(input.eventTypes);
    if (E.isLeft(eventTypes)) return eventTypes;
    const url = input.url === undefined ? E.right(undefined) : await checkedUrl(deps, input.url);
    if (E.isLeft(url)) return url;
    return change(
      deps,
      input.clientId,
      input.id,
    )((current, now) => {
      const next = {
        ...current,
        url: url.right ?? current.url,
        eventTypes: eventTypes.right ?? current.eventTypes,
        updatedAt: now,
      };
      return { next, answer: next };
    })();
  };

/** A new signing secret; the old one stops signing at once (the next attempt uses the new one). */
export const rotateWebhookSecret =
  (deps: WebhookDeps<"webhookSubscriptions">) =>
  (input: { readonly clientId: string; readonly id: string }): TE.TaskEither<DomainError, SubscriptionWithSecret> => {
    const secret = generateWebhookSecret(deps.randomBytes);
    return change(
      deps,
      input.clientId,
      input.id,
    )((current, now) => {
      const next = { ...current, sealedSecret: deps.sealer.seal(secret), updatedAt: now };
      return { next, answer: { subscription: next, secret } };
    });
  };

/** Switches a subscription on and resets its failure count; its parked deliveries become due. */
export const enableWebhookSubscription =
  (deps: WebhookDeps<"webhookDeliveries" | "webhookSubscriptions">) =>
  (input: { readonly clientId: string; readonly id: string }): TE.TaskEither<DomainError, WebhookSubscription> =>
  () =>
    deps.db.run(async (s) => {
      const current = await s.webhookSubscriptions.ofId(input.clientId, input.id);
      if (current === undefined) return E.left(subscriptionNotFound());
      const now = deps.clock.now();
      const next = {
        ...current,
        active: true,
        consecutiveFailures: 0,
        disabledAt: null,
        disabledReason: null,
        updatedAt: now,
      };
      await s.webhookSubscriptions.update(next);
      await s.webhookDeliveries.resumeParked(next.id, now);
      return E.right(next);
    });

/** Switches a subscription off: no new deliveries, and pending ones wait until it is enabled again. */
export const disableWebhookSubscription =
  (deps: WebhookDeps<"webhookSubscriptions">) =>
  (input: { readonly clientId: string; readonly id: string }): TE.TaskEither<DomainError, WebhookSubscription> =>
    change(
      deps,
      input.clientId,
      input.id,
    )((current, now) => {
      const next = current.active
        ? { ...current, active: false, disabledAt: now, disabledReason: "Manual", updatedAt: now }
        : current;
      return { next, answer: next };
    });

/** Deletes a subscription and its delivery log. */
export const deleteWebhookSubscription =
  (deps: WebhookDeps<"webhookSubscriptions">) =>
  (input: { readonly clientId: string; readonly id: string }): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s) => {
      if ((await s.webhookSubscriptions.ofId(input.clientId, input.id)) === undefined)
        return E.left(subscriptionNotFound());
      await s.webhookSubscriptions.remove(input.clientId, input.id);
      return E.right(undefined);
    });
