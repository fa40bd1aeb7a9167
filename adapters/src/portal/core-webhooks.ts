import type { DomainError } from "@apar/core";
import { type Actor, type RequestAuth, SUBSCRIBABLE_EVENT_TYPES, type WebhookDelivery } from "@apar/core";
import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  disableWebhookSubscription,
  enableWebhookSubscription,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  recoverWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookSubscription,
  type WebhookDeps,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { PortalDelivery, PortalSubscription } from "./portal-webhooks.js";

/** How many of a subscription's newest deliveries the log shows. */
export const LOG_ROWS = 50;

/** The client of a signed-in portal request. */
export const clientOf = (auth: RequestAuth): string => {
  if (auth.client === undefined) throw new Error("the portal resolved no client");
  return auth.client.id;
};

const actorOf = (auth: RequestAuth): Actor => auth.actor;

/** Reads every page of a keyset listing (a client has at most 10 subscriptions, and few keys). */
export const allPages = async <A extends { id: string }>(
  read: (page: { after?: string; limit: number }) => Promise<{ items: readonly A[]; hasMore: boolean }>,
): Promise<A[]> => {
  const out: A[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await read(after === undefined ? { limit: 100 } : { after, limit: 100 });
    out.push(...page.items);
    const last = page.items.at(-1);
    if (!page.hasMore || last === undefined) return out;
    after = last.id;
  }
};

/** The Webhooks page's operations on core's webhook use cases, for the signed-in caller's client. */
export const portalWebhooksOf = (deps: WebhookDeps) => {
  const stores = () => deps.db.stores;
  const of = (auth: RequestAuth, id: string) => ({ clientId: clientOf(auth), id });
  return {
    eventTypes: SUBSCRIBABLE_EVENT_TYPES,
    list: (auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalSubscription[]> =>
      TE.fromTask(() => allPages((page) => listWebhookSubscriptions(stores(), clientOf(auth), page))),
    get:
      (auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription> =>
      () =>
        getWebhookSubscription(stores(), clientOf(auth), id),
    /** The new subscription and its signing secret (shown once). */
    create: (
      auth: RequestAuth,
      input: { readonly url: string; readonly eventTypes: readonly string[] },
    ): TE.TaskEither<DomainError, { readonly subscription: PortalSubscription; readonly secret: string }> =>
      createWebhookSubscription(deps)({ clientId: clientOf(auth), url: input.url, eventTypes: input.eventTypes }),
    updateEventTypes: (
      auth: RequestAuth,
      id: string,
      eventTypes: readonly string[],
    ): TE.TaskEither<DomainError, PortalSubscription> =>
      updateWebhookSubscription(deps)({ ...of(auth, id), eventTypes }),
    /** The new secret; the old one stops verifying at once. */
    rotateSecret: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, { readonly secret: string }> =>
      rotateWebhookSecret(deps)(of(auth, id)),
    enable: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription> =>
      enableWebhookSubscription(deps)(of(auth, id)),
    disable: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalSubscription> =>
      disableWebhookSubscription(deps)(of(auth, id)),
    remove: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, void> =>
      deleteWebhookSubscription(deps)(of(auth, id)),
    /** Queues a `webhook.test` event for this subscription only. */
    sendTest: (auth: RequestAuth, id: string): TE.TaskEither<DomainError, void> =>
      TE.map((_: WebhookDelivery) => undefined)(sendWebhookTest(deps)({ ...of(auth, id), actor: actorOf(auth) })),
    /** A subscription's newest deliveries (at most `LOG_ROWS`), newest first. */
    deliveries:
      (auth: RequestAuth, subscriptionId: string): TE.TaskEither<DomainError, readonly PortalDelivery[]> =>
      async () => {
        const found = await getWebhookSubscription(stores(), clientOf(auth), subscriptionId);
        if (E.isLeft(found)) return found;
        // One page walked newest first on the (client, id) index: the log never reads the whole history.
        const newest = await listWebhookDeliveries(
          stores(),
          clientOf(auth),
          { subscriptionId, newestFirst: true },
          { limit: LOG_ROWS },
        );
        return E.right(newest.items);
      },
    /** Queues a failed delivery again (attempts start over). */
    replay: (auth: RequestAuth, deliveryId: string): TE.TaskEither<DomainError, void> =>
      TE.map((_: WebhookDelivery) => undefined)(replayWebhookDelivery(deps)(of(auth, deliveryId))),
    /** Queues again every failed delivery of the subscription created at or after `since`; answers how many. */
    recover: (auth: RequestAuth, subscriptionId: string, since: Date): TE.TaskEither<DomainError, number> =>
      TE.map((r: { readonly requeued: number }) => r.requeued)(
        recoverWebhookDeliveries(deps)({ ...of(auth, subscriptionId), since }),
      ),
  };
};

/**
 * What the Webhooks page needs of the webhook use cases, for the caller's client (`auth.client`). The host
 * binds it to core's use cases; a foreign or missing id answers the same DomainError (NotFound).
 */
export type PortalWebhooks = ReturnType<typeof portalWebhooksOf>;
