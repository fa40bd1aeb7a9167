import { contractTest } from "./contract.js";
import { aClient, at, newId } from "./fixtures.js";
import { aDelivery, aSubscription } from "./webhook-fixtures.js";

contractTest("webhook subscriptions: addWithinLimit stops at the client's maximum", async (t, { stores }) => {
  const clientId = aClient().id;
  const other = aClient().id;
  for (let i = 0; i < 3; i += 1) t.true(await stores.webhookSubscriptions.addWithinLimit(aSubscription(clientId), 3));
  const fourth = aSubscription(clientId);
  t.false(await stores.webhookSubscriptions.addWithinLimit(fourth, 3));
  t.is(await stores.webhookSubscriptions.ofId(clientId, fourth.id), undefined);
  t.true(await stores.webhookSubscriptions.addWithinLimit(aSubscription(other), 3), "the limit is per client");
  const page = await stores.webhookSubscriptions.listByClient(clientId, { limit: 10 });
  t.is(page.items.length, 3);
});

contractTest("webhook subscriptions: ofId round-trips and is scoped to the client", async (t, { stores }) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId, {
    eventTypes: ["bill.created"],
    consecutiveFailures: 3,
    createdAt: at(5),
    updatedAt: at(6),
  });
  await stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  t.deepEqual(await stores.webhookSubscriptions.ofId(clientId, subscription.id), subscription);
  t.is(await stores.webhookSubscriptions.ofId(aClient().id, subscription.id), undefined, "foreign client");
  t.is(await stores.webhookSubscriptions.ofId(clientId, newId()), undefined);
});

contractTest("webhook subscriptions: listByClient pages in id order within the client", async (t, { stores }) => {
  const clientId = aClient().id;
  const mine = [aSubscription(clientId), aSubscription(clientId), aSubscription(clientId)];
  for (const s of mine) await stores.webhookSubscriptions.addWithinLimit(s, 10);
  await stores.webhookSubscriptions.addWithinLimit(aSubscription(aClient().id), 10);
  const sorted = mine.map((s) => s.id).sort();
  const first = await stores.webhookSubscriptions.listByClient(clientId, { limit: 2 });
  t.deepEqual(
    first.items.map((s) => s.id),
    sorted.slice(0, 2),
  );
  t.true(first.hasMore);
  const second = await stores.webhookSubscriptions.listByClient(clientId, { limit: 2, after: sorted[1] });
  t.deepEqual(
    second.items.map((s) => s.id),
    sorted.slice(2),
  );
  t.false(second.hasMore);
});

contractTest("webhook subscriptions: activeOfClient and ofIds", async (t, { stores }) => {
  const clientId = aClient().id;
  const on = aSubscription(clientId);
  const off = aSubscription(clientId, { active: false, disabledAt: at(1), disabledReason: "Manual" });
  const foreign = aSubscription(aClient().id);
  for (const s of [on, off, foreign]) await stores.webhookSubscriptions.addWithinLimit(s, 10);
  t.deepEqual(
    (await stores.webhookSubscriptions.activeOfClient(clientId)).map((s) => s.id),
    [on.id],
  );
  const some = await stores.webhookSubscriptions.ofIds([off.id, foreign.id, newId()]);
  t.deepEqual(some.map((s) => s.id).sort(), [off.id, foreign.id].sort(), "any client; unknown ids left out");
  t.deepEqual(await stores.webhookSubscriptions.ofIds([]), []);
});

contractTest("webhook subscriptions: update replaces the row, only within the client", async (t, { stores }) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId);
  await stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  const changed = {
    ...subscription,
    url: "https://other.example.com/x",
    eventTypes: ["bill.paid"],
    active: false,
    sealedSecret: "sealed:new",
    updatedAt: at(9),
    disabledAt: at(9),
    disabledReason: "Manual",
  };
  await stores.webhookSubscriptions.update(changed);
  t.deepEqual(await stores.webhookSubscriptions.ofId(clientId, subscription.id), changed);
  await stores.webhookSubscriptions.update({ ...changed, clientId: aClient().id, url: "https://evil.example.com/" });
  t.is((await stores.webhookSubscriptions.ofId(clientId, subscription.id))?.url, changed.url);
});

contractTest("webhook subscriptions: remove takes its deliveries along, within the client", async (t, { stores }) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId);
  const kept = aSubscription(clientId);
  await stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  await stores.webhookSubscriptions.addWithinLimit(kept, 10);
  const gone = aDelivery(subscription);
  const stays = aDelivery(kept);
  await stores.webhookDeliveries.addMany([gone, stays]);
  await stores.webhookSubscriptions.remove(aClient().id, subscription.id);
  t.truthy(await stores.webhookSubscriptions.ofId(clientId, subscription.id), "another client cannot remove it");
  t.truthy(await stores.webhookDeliveries.ofId(clientId, gone.id));
  await stores.webhookSubscriptions.remove(clientId, subscription.id);
  t.is(await stores.webhookSubscriptions.ofId(clientId, subscription.id), undefined);
  t.is(await stores.webhookDeliveries.ofId(clientId, gone.id), undefined);
  t.truthy(await stores.webhookDeliveries.ofId(clientId, stays.id));
  t.truthy(await stores.webhookSubscriptions.ofId(clientId, kept.id));
});

contractTest(
  "webhook subscriptions: recordAttempts counts failures, a success resets, the limit switches it off",
  async (t, { stores }) => {
    const clientId = aClient().id;
    const subscription = aSubscription(clientId);
    await stores.webhookSubscriptions.addWithinLimit(subscription, 10);
    const count = async () => (await stores.webhookSubscriptions.ofId(clientId, subscription.id))?.consecutiveFailures;
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: false, failuresAfter: 3 }, 5, at(1));
    t.is(await count(), 3);
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: true, failuresAfter: 1 }, 5, at(2));
    t.is(await count(), 1, "failures after the batch's last success");
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: true, failuresAfter: 0 }, 5, at(3));
    t.is(await count(), 0);
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: false, failuresAfter: 4 }, 5, at(4));
    t.true((await stores.webhookSubscriptions.ofId(clientId, subscription.id))?.active);
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: false, failuresAfter: 1 }, 5, at(5));
    const off = await stores.webhookSubscriptions.ofId(clientId, subscription.id);
    t.is(off?.consecutiveFailures, 5);
    t.false(off?.active);
    t.deepEqual(off?.disabledAt, at(5));
    t.is(off?.disabledReason, "ConsecutiveFailures");
    t.deepEqual(off?.updatedAt, at(5));
    // Attempts that were in flight when it went off still count, and the first switch-off time stays.
    await stores.webhookSubscriptions.recordAttempts(subscription.id, { succeeded: false, failuresAfter: 2 }, 5, at(6));
    const later = await stores.webhookSubscriptions.ofId(clientId, subscription.id);
    t.is(later?.consecutiveFailures, 7);
    t.deepEqual(later?.disabledAt, at(5));
  },
);

contractTest(
  "webhook subscriptions: a batch reaching the limit in one go switches it off; a manual switch-off keeps its reason",
  async (t, { stores }) => {
    const clientId = aClient().id;
    const burst = aSubscription(clientId, { consecutiveFailures: 48 });
    const manual = aSubscription(clientId, { active: false, disabledAt: at(1), disabledReason: "Manual" });
    await stores.webhookSubscriptions.addWithinLimit(burst, 10);
    await stores.webhookSubscriptions.addWithinLimit(manual, 10);
    await stores.webhookSubscriptions.recordAttempts(burst.id, { succeeded: false, failuresAfter: 5 }, 50, at(2));
    const off = await stores.webhookSubscriptions.ofId(clientId, burst.id);
    t.is(off?.consecutiveFailures, 53);
    t.is(off?.disabledReason, "ConsecutiveFailures");
    await stores.webhookSubscriptions.recordAttempts(manual.id, { succeeded: false, failuresAfter: 60 }, 50, at(3));
    const still = await stores.webhookSubscriptions.ofId(clientId, manual.id);
    t.is(still?.disabledReason, "Manual");
    t.deepEqual(still?.disabledAt, at(1));
    t.is(still?.consecutiveFailures, 60);
    await stores.webhookSubscriptions.recordAttempts(newId(), { succeeded: false, failuresAfter: 1 }, 50, at(4));
    t.is(
      (await stores.webhookSubscriptions.ofId(clientId, burst.id))?.consecutiveFailures,
      53,
      "an unknown id changes nothing",
    );
  },
);
