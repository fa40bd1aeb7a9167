import type { WebhookSubscription } from "@apar/core";
import type { WebhookSubscriptions } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy } from "../tables.js";
import { keysetPage } from "./paging.js";

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Webhook subscriptions in memory, with the SQL store's rules (see sql/stores/webhook-subscriptions.ts). */
export const memoryWebhookSubscriptions = (access: Access): WebhookSubscriptions => {
  const ofClient = (clientId: string) =>
    [...access.read().webhookSubscriptions.values()].filter((s) => s.clientId === clientId);
  const change = (id: string, f: (s: WebhookSubscription) => WebhookSubscription) =>
    access.write((t) => {
      const current = t.webhookSubscriptions.get(id);
      if (current !== undefined) t.webhookSubscriptions.set(id, f(current));
    });
  return {
    addWithinLimit: (s, max) =>
      access.write((t) => {
        const count = [...t.webhookSubscriptions.values()].filter((x) => x.clientId === s.clientId).length;
        if (count >= max) return false;
        if (t.webhookSubscriptions.get(s.id) !== undefined) throw new Error(`duplicate subscription id ${s.id}`);
        t.webhookSubscriptions.set(s.id, copy(s));
        return true;
      }),
    async ofId(clientId, id) {
      const s = access.read().webhookSubscriptions.get(id);
      return s === undefined || s.clientId !== clientId ? undefined : copy(s);
    },
    async listByClient(clientId, page) {
      return keysetPage(ofClient(clientId).map(copy), (s) => s.id, page);
    },
    async activeOfClient(clientId) {
      return ofClient(clientId)
        .filter((s) => s.active)
        .sort(byId)
        .map(copy);
    },
    async ofIds(ids) {
      const t = access.read();
      return ids.flatMap((id) => {
        const s = t.webhookSubscriptions.get(id);
        return s === undefined ? [] : [copy(s)];
      });
    },
    update: (s) =>
      change(s.id, (current) =>
        current.clientId === s.clientId ? { ...copy(s), createdAt: current.createdAt } : current,
      ),
    remove: (clientId, id) =>
      access.write((t) => {
        const current = t.webhookSubscriptions.get(id);
        if (current === undefined || current.clientId !== clientId) return;
        t.webhookSubscriptions.delete(id);
        for (const d of [...t.webhookDeliveries.values()]) {
          if (d.subscriptionId !== id) continue;
          t.webhookDeliveries.delete(d.id);
          t.webhookDeliveryKeys.delete(`${d.subscriptionId} ${d.eventId}`);
        }
      }),
    recordAttempts: async (id, { succeeded, failuresAfter }, disableAt, now) => {
      if (!succeeded && failuresAfter === 0) return;
      await change(id, (s) => {
        const failures = succeeded ? failuresAfter : s.consecutiveFailures + failuresAfter;
        const disable = failuresAfter > 0 && failures >= disableAt;
        return disable && s.active
          ? {
              ...s,
              consecutiveFailures: failures,
              active: false,
              disabledAt: now,
              disabledReason: "ConsecutiveFailures",
              updatedAt: now,
            }
          : { ...s, consecutiveFailures: failures, active: disable ? false : s.active };
      });
    },
  };
};
