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
import type { PortalWebhooks } from "./portal-webhooks.js";

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
export const portalWebhooksOf = (deps: WebhookDeps): PortalWebhooks => {
  const stores = () => deps.db.stores;
  const of = (auth: RequestAuth, id: string) => ({ clientId: clientOf(auth), id });
  return {
    eventTypes: SUBSCRIBABLE_EVENT_TYPES,
    list: (auth) => TE.fromTask(() => allPages((page) => listWebhookSubscriptions(stores(), clientOf(auth), page))),
    get: (auth, id) => () => getWebhookSubscription(stores(), clientOf(auth), id),
    create: (auth, input) =>
      createWebhookSubscription(deps)({ clientId: clientOf(auth), url: input.url, eventTypes: input.eventTypes }),
    updateEventTypes: (auth, id, eventTypes) => updateWebhookSubscription(deps)({ ...of(auth, id), eventTypes }),
    rotateSecret: (auth, id) => rotateWebhookSecret(deps)(of(auth, id)),
    enable: (auth, id) => enableWebhookSubscription(deps)(of(auth, id)),
    disable: (auth, id) => disableWebhookSubscription(deps)(of(auth, id)),
    remove: (auth, id) => deleteWebhookSubscription(deps)(of(auth, id)),
    sendTest: (auth, id) =>
      TE.map((_: WebhookDelivery) => undefined)(sendWebhookTest(deps)({ ...of(auth, id), actor: actorOf(auth) })),
    deliveries: (auth, subscriptionId) => async () => {
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
    replay: (auth, deliveryId) =>
      TE.map((_: WebhookDelivery) => undefined)(replayWebhookDelivery(deps)(of(auth, deliveryId))),
    recover: (auth, subscriptionId, since) =>
      TE.map((r: { readonly requeued: number }) => r.requeued)(
        recoverWebhookDeliveries(deps)({ ...of(auth, subscriptionId), since }),
      ),
  };
};
