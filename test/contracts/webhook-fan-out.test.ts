import { dispatchWebhookEvents } from "@apar/core/app";
import { contractTest } from "./contract.js";
import { aClient, anEvent, at, newId } from "./fixtures.js";
import { aDelivery, aSubscription } from "./webhook-fixtures.js";

const LEASE = 60_000;

contractTest(
  "webhook fan-out: with a lease, the first deliveries are born claimed by the worker, the rest Pending",
  async (t, db) => {
    const clientId = aClient().id;
    const first = aSubscription(clientId);
    const second = aSubscription(clientId);
    for (const s of [first, second]) await db.stores.webhookSubscriptions.addWithinLimit(s, 10);
    const events = [1, 2, 3].map((i) => anEvent(clientId, { occurredAt: at(i) }));
    await db.run((s) => s.events.append(events));
    const fanOut = dispatchWebhookEvents({ db, clock: { now: () => at(10) }, ids: { next: newId } });

    const result = await fanOut(10, { worker: "runner-a", leaseMs: LEASE, limit: 4 });
    t.is(result.events, 3);
    t.is(result.made, 6);
    t.is(result.pending, 2);
    // In outbox order: the first two events' deliveries are leased, the third's are left to the claims.
    const leasedEvents = events.slice(0, 2).map((e) => e.envelope.id);
    t.deepEqual(result.leased.deliveries.map((d) => d.eventId).sort(), [...leasedEvents, ...leasedEvents].sort());
    t.deepEqual([...result.leased.events.keys()].sort(), [...leasedEvents].sort(), "their events, as read");
    t.deepEqual([...result.leased.subscriptions.keys()].sort(), [first.id, second.id].sort());
    for (const handed of result.leased.deliveries) {
      const stored = await db.stores.webhookDeliveries.ofId(clientId, handed.id);
      t.deepEqual(stored, handed, "what the worker holds is what was stored");
      t.like(stored, { status: "Delivering", attempts: 1, lockedBy: "runner-a", nextAttemptAt: null });
      t.deepEqual(stored?.lockedUntil, at(10 + LEASE));
    }

    // Another worker's claim finds only the Pending ones; the leased come due when their lease ends.
    const claim = (nowMs: number) =>
      db.stores.webhookDeliveries.claimDue({ worker: "runner-b", now: at(nowMs), leaseMs: LEASE, limit: 10 });
    const pending = await claim(11);
    t.deepEqual(
      pending.map((d) => d.eventId),
      [events[2]?.envelope.id, events[2]?.envelope.id],
    );
    t.deepEqual(await claim(10 + LEASE - 1), [], "leased until the lease ends");
    const expired = await claim(10 + LEASE);
    t.deepEqual(
      expired.map((d) => d.id).sort(),
      result.leased.deliveries.map((d) => d.id).sort(),
      "a dead worker's leased deliveries go to the next claimer",
    );
    t.true(expired.every((d) => d.attempts === 2 && d.lockedBy === "runner-b"));
    t.is((await fanOut(10, { worker: "runner-a", leaseMs: LEASE, limit: 4 })).events, 0, "dispatched once");
  },
);

contractTest("webhook fan-out: a delivery another dispatcher made is neither made again nor leased", async (t, db) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId);
  await db.stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  const [made, fresh] = [anEvent(clientId), anEvent(clientId)];
  if (made === undefined || fresh === undefined) return t.fail();
  await db.run((s) => s.events.append([made, fresh]));
  const theirs = aDelivery(subscription, { eventId: made.envelope.id });
  await db.stores.webhookDeliveries.addMany([theirs]);
  const fanOut = dispatchWebhookEvents({ db, clock: { now: () => at(10) }, ids: { next: newId } });

  const result = await fanOut(10, { worker: "runner-a", leaseMs: LEASE, limit: 10 });
  t.is(result.made, 1);
  t.deepEqual(
    result.leased.deliveries.map((d) => d.eventId),
    [fresh.envelope.id],
  );
  t.like(await db.stores.webhookDeliveries.ofId(clientId, theirs.id), { status: "Pending", lockedBy: null });
  const all = await db.stores.webhookDeliveries.list(clientId, {}, { limit: 10 });
  t.is(all.items.length, 2);
});

contractTest("webhook fan-out: without a lease every delivery is Pending and due now", async (t, db) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId);
  await db.stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  await db.run((s) => s.events.append([anEvent(clientId), anEvent(clientId)]));
  const result = await dispatchWebhookEvents({ db, clock: { now: () => at(10) }, ids: { next: newId } })(10);
  t.like(result, { events: 2, made: 2, pending: 2 });
  t.deepEqual(result.leased.deliveries, []);
  const all = await db.stores.webhookDeliveries.list(clientId, {}, { limit: 10 });
  t.true(all.items.every((d) => d.status === "Pending" && d.lockedBy === null && d.attempts === 0));
});
