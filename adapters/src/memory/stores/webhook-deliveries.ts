import {
  attemptTrigger,
  deliveryMove,
  deliveryStatusesFor,
  MAX_DELIVERY_ATTEMPTS,
  type WebhookDelivery,
} from "@apar/core";
import type { WebhookDeliveries } from "@apar/core/ports";
import type { Access } from "../access.js";
import { copy, type DeliveryRow, type Tables } from "../tables.js";
import { keysetPage } from "./paging.js";

const toDelivery = ({ availableAt: _, ...d }: DeliveryRow): WebhookDelivery => copy(d);

const availableAtOf = (d: WebhookDelivery): Date | null =>
  d.status === "Pending" ? d.nextAttemptAt : d.status === "Delivering" ? d.lockedUntil : null;

const byAvailability = (a: DeliveryRow, b: DeliveryRow): number =>
  (a.availableAt?.getTime() ?? 0) - (b.availableAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const MAX_ERROR = 1000;

/** Records one attempt of a delivery `worker` holds (see `WebhookDeliveries.finishAttempt`). */
const finishOne = (
  t: Tables,
  { id, worker, outcome, retryAt, now }: Parameters<WebhookDeliveries["finishAttempt"]>[0],
): boolean => {
  const d = t.webhookDeliveries.get(id);
  if (d === undefined || d.status !== "Delivering" || d.lockedBy !== worker) return false;
  const status = deliveryMove("Delivering", attemptTrigger(outcome.ok, retryAt));
  const next = outcome.ok ? null : (retryAt ?? null);
  t.webhookDeliveries.set(id, {
    ...d,
    status,
    nextAttemptAt: next,
    availableAt: next,
    lockedBy: null,
    lockedUntil: null,
    lastStatusCode: outcome.status,
    lastError: outcome.error === null ? null : outcome.error.slice(0, MAX_ERROR),
    lastLatencyMs: Math.round(outcome.latencyMs),
    updatedAt: now,
    deliveredAt: outcome.ok ? now : d.deliveredAt,
  });
  return true;
};

/** Deliveries in memory, with the SQL store's rules (see sql/stores/webhook-deliveries.ts). */
export const memoryWebhookDeliveries = (access: Access): WebhookDeliveries => ({
  addMany: (deliveries) =>
    access.write((t) => {
      const added = new Set<string>();
      for (const d of deliveries) {
        const key = `${d.subscriptionId} ${d.eventId}`;
        if (t.webhookDeliveryKeys.get(key) !== undefined) continue;
        t.webhookDeliveries.set(d.id, { ...copy(d), availableAt: availableAtOf(d) });
        t.webhookDeliveryKeys.set(key, d.id);
        added.add(d.id);
      }
      return added;
    }),
  async ofId(clientId, id) {
    const d = access.read().webhookDeliveries.get(id);
    return d === undefined || d.clientId !== clientId ? undefined : toDelivery(d);
  },
  async list(clientId, filter, page) {
    const rows = [...access.read().webhookDeliveries.values()].filter(
      (d) =>
        d.clientId === clientId &&
        (filter.subscriptionId === undefined || d.subscriptionId === filter.subscriptionId) &&
        (filter.status === undefined || d.status === filter.status) &&
        (filter.eventType === undefined || d.eventType === filter.eventType),
    );
    if (filter.newestFirst !== true) return keysetPage(rows.map(toDelivery), (d) => d.id, page);
    if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new RangeError(`bad page limit: ${page.limit}`);
    const after = page.after;
    const sorted = rows
      .filter((d) => after === undefined || d.id < after)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { items: sorted.slice(0, page.limit).map(toDelivery), hasMore: sorted.length > page.limit };
  },
  claimDue: ({ worker, now, leaseMs, limit }) =>
    access.write((t) => {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit: ${limit}`);
      const due = [...t.webhookDeliveries.values()]
        .filter((d) => d.availableAt !== null && d.availableAt <= now)
        .sort(byAvailability)
        .slice(0, limit);
      const claimed: WebhookDelivery[] = [];
      const lockedUntil = new Date(now.getTime() + leaseMs);
      for (const d of due) {
        const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: now } as const;
        if (t.webhookSubscriptions.get(d.subscriptionId)?.active !== true) {
          const attempts = d.status === "Delivering" ? d.attempts - 1 : d.attempts;
          t.webhookDeliveries.set(d.id, { ...d, ...unlocked, status: "Pending", attempts, availableAt: null });
        } else if (d.status === "Delivering" && d.attempts >= MAX_DELIVERY_ATTEMPTS) {
          const lastError = `lease expired during attempt ${MAX_DELIVERY_ATTEMPTS} of ${MAX_DELIVERY_ATTEMPTS}`;
          t.webhookDeliveries.set(d.id, {
            ...d,
            ...unlocked,
            status: "Failed",
            availableAt: null,
            nextAttemptAt: null,
            lastError,
          });
        } else {
          const row: DeliveryRow = {
            ...d,
            status: "Delivering",
            attempts: d.attempts + 1,
            lockedBy: worker,
            lockedUntil,
            availableAt: lockedUntil,
            nextAttemptAt: null,
            updatedAt: now,
          };
          t.webhookDeliveries.set(d.id, row);
          claimed.push(toDelivery(row));
        }
      }
      return claimed;
    }),
  finishAttempt: (args) => access.write((t) => finishOne(t, args)),
  finishAttempts: ({ worker, attempts, now }) =>
    access.write((t) => {
      const held = new Set<string>();
      for (const { id, outcome, retryAt } of attempts)
        if (finishOne(t, { id, worker, outcome, retryAt, now })) held.add(id);
      return held;
    }),
  requeue: (clientId, id, now) =>
    access.write((t) => {
      const d = t.webhookDeliveries.get(id);
      if (d === undefined || d.clientId !== clientId || !deliveryStatusesFor("redeliver").includes(d.status))
        return false;
      t.webhookDeliveries.set(id, {
        ...d,
        status: "Pending",
        attempts: 0,
        nextAttemptAt: now,
        availableAt: now,
        updatedAt: now,
      });
      return true;
    }),
  requeueFailed: (clientId, subscriptionId, since, now) =>
    access.write((t) => {
      let n = 0;
      for (const d of [...t.webhookDeliveries.values()]) {
        if (
          d.clientId !== clientId ||
          d.subscriptionId !== subscriptionId ||
          d.status !== "Failed" ||
          d.createdAt < since
        )
          continue;
        t.webhookDeliveries.set(d.id, {
          ...d,
          status: "Pending",
          attempts: 0,
          nextAttemptAt: now,
          availableAt: now,
          updatedAt: now,
        });
        n += 1;
      }
      return n;
    }),
  resumeParked: (subscriptionId, now) =>
    access.write((t) => {
      let n = 0;
      for (const d of [...t.webhookDeliveries.values()]) {
        if (d.subscriptionId !== subscriptionId || d.status !== "Pending" || d.availableAt !== null) continue;
        t.webhookDeliveries.set(d.id, { ...d, nextAttemptAt: now, availableAt: now, updatedAt: now });
        n += 1;
      }
      return n;
    }),
  release: (worker, now) =>
    access.write((t) => {
      let n = 0;
      for (const d of [...t.webhookDeliveries.values()]) {
        if (d.lockedBy !== worker || d.status !== "Delivering") continue;
        t.webhookDeliveries.set(d.id, {
          ...d,
          status: "Pending",
          attempts: d.attempts - 1,
          nextAttemptAt: now,
          availableAt: now,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: now,
        });
        n += 1;
      }
      return n;
    }),
});
