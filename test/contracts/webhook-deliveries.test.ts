import { type AttemptOutcome, MAX_DELIVERY_ATTEMPTS, type WebhookDelivery } from "@apar/core";
import type { Database } from "@apar/core/ports";
import test from "ava";
import { testDatabases } from "../helpers/databases.js";
import { contractTest } from "./contract.js";
import { aClient, at, newId } from "./fixtures.js";
import { aDelivery, aSubscription } from "./webhook-fixtures.js";

const LEASE = 60_000;
const ok = { ok: true, status: 204, error: null, latencyMs: 12.4 } as const;
const refused = { ok: false, status: 503, error: null, latencyMs: 30 } as const;

/** A client with one active subscription in the store. */
const setUp = async ({ stores }: Database, over: Parameters<typeof aSubscription>[1] = {}) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId, over);
  await stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  return { clientId, subscription };
};

const claim = (database: Database, worker: string, nowMs: number, limit = 10, leaseMs = LEASE) =>
  database.stores.webhookDeliveries.claimDue({ worker, now: at(nowMs), leaseMs, limit });

const idsOf = (deliveries: readonly WebhookDelivery[]): string[] => deliveries.map((d) => d.id).sort();

contractTest("webhook deliveries: addMany then ofId, scoped to the client; a pair is added once", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const delivery = aDelivery(subscription, { createdAt: at(7), updatedAt: at(8), nextAttemptAt: at(9) });
  t.deepEqual([...(await db.stores.webhookDeliveries.addMany([delivery]))], [delivery.id], "answers what it added");
  t.deepEqual(await db.stores.webhookDeliveries.ofId(clientId, delivery.id), delivery);
  t.is(await db.stores.webhookDeliveries.ofId(aClient().id, delivery.id), undefined, "foreign client");
  t.is(await db.stores.webhookDeliveries.ofId(clientId, newId()), undefined);
  const again = aDelivery(subscription, { eventId: delivery.eventId });
  const fresh = aDelivery(subscription);
  const added = await db.stores.webhookDeliveries.addMany([again, fresh]);
  t.deepEqual([...added], [fresh.id], "the skipped pair is not in the answer");
  t.is(await db.stores.webhookDeliveries.ofId(clientId, again.id), undefined, "same (subscription, event) skipped");
  t.is((await db.stores.webhookDeliveries.list(clientId, {}, { limit: 10 })).items.length, 2);
  t.is((await db.stores.webhookDeliveries.addMany([])).size, 0);
});

contractTest("webhook deliveries: list filters, pages, and can walk newest first", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const other = aSubscription(clientId);
  await db.stores.webhookSubscriptions.addWithinLimit(other, 10);
  const mine = Array.from({ length: 5 }, () => aDelivery(subscription));
  const paid = aDelivery(other, { eventType: "bill.paid", status: "Failed", nextAttemptAt: null });
  await db.stores.webhookDeliveries.addMany([...mine, paid]);
  const foreign = await setUp(db);
  await db.stores.webhookDeliveries.addMany([aDelivery(foreign.subscription)]);
  const all = [...mine, paid].map((d) => d.id).sort();
  const list = (filter: Parameters<Database["stores"]["webhookDeliveries"]["list"]>[1], limit = 10, after?: string) =>
    db.stores.webhookDeliveries.list(clientId, filter, after === undefined ? { limit } : { limit, after });
  t.deepEqual(
    (await list({})).items.map((d) => d.id),
    all,
  );
  t.deepEqual(idsOf((await list({ subscriptionId: subscription.id })).items), idsOf(mine));
  t.deepEqual(
    (await list({ status: "Failed" })).items.map((d) => d.id),
    [paid.id],
  );
  t.deepEqual(
    (await list({ eventType: "bill.paid" })).items.map((d) => d.id),
    [paid.id],
  );
  t.deepEqual((await list({ status: "Succeeded" })).items, []);
  const first = await list({}, 4);
  t.true(first.hasMore);
  const rest = await list({}, 4, first.items.at(-1)?.id);
  t.false(rest.hasMore);
  t.deepEqual(
    [...first.items, ...rest.items].map((d) => d.id),
    all,
  );
  const newest = [...all].reverse();
  const top = await list({ newestFirst: true }, 4);
  t.deepEqual(
    top.items.map((d) => d.id),
    newest.slice(0, 4),
  );
  t.true(top.hasMore);
  const older = await list({ newestFirst: true }, 4, top.items.at(-1)?.id);
  t.deepEqual(
    older.items.map((d) => d.id),
    newest.slice(4),
  );
  t.false(older.hasMore);
  t.deepEqual(
    (await list({ newestFirst: true, subscriptionId: subscription.id }, 2)).items.map((d) => d.id),
    idsOf(mine).reverse().slice(0, 2),
  );
});

contractTest("webhook deliveries: claimDue takes only due deliveries, up to the limit", async (t, db) => {
  const { subscription } = await setUp(db);
  const due = [aDelivery(subscription, { nextAttemptAt: at(0) }), aDelivery(subscription, { nextAttemptAt: at(10) })];
  const later = aDelivery(subscription, { nextAttemptAt: at(60_000) });
  const done = aDelivery(subscription, { status: "Succeeded", nextAttemptAt: null, deliveredAt: at(1) });
  const failed = aDelivery(subscription, { status: "Failed", nextAttemptAt: null });
  await db.stores.webhookDeliveries.addMany([...due, later, done, failed]);
  t.deepEqual(await claim(db, "w1", -1), [], "nothing due yet");
  const [one, ...none] = await claim(db, "w1", 20, 1);
  t.deepEqual(none, []);
  t.is(one?.id, due[0]?.id, "the earliest due first");
  t.is(one?.status, "Delivering");
  t.is(one?.attempts, 1);
  t.is(one?.lockedBy, "w1");
  t.deepEqual(one?.lockedUntil, at(20 + LEASE));
  t.is(one?.nextAttemptAt, null);
  t.deepEqual(await db.stores.webhookDeliveries.ofId(subscription.clientId, one?.id ?? ""), one);
  t.deepEqual(idsOf(await claim(db, "w1", 20)), [due[1]?.id]);
  t.deepEqual(await claim(db, "w2", 30), [], "claimed ones are not claimed again within their lease");
  t.deepEqual(idsOf(await claim(db, "w2", 60_000)), [later.id]);
  await t.throwsAsync(claim(db, "w1", 0, 0));
});

contractTest(
  "webhook deliveries: an expired lease is claimed again; the first worker then holds nothing",
  async (t, db) => {
    const { clientId, subscription } = await setUp(db);
    const delivery = aDelivery(subscription);
    await db.stores.webhookDeliveries.addMany([delivery]);
    await claim(db, "w1", 0, 10, 1_000);
    t.deepEqual(await claim(db, "w2", 999, 10, 1_000), [], "not before the lease ends");
    const [again] = await claim(db, "w2", 1_000, 10, 1_000);
    t.is(again?.lockedBy, "w2");
    t.is(again?.attempts, 2, "the interrupted attempt counts");
    const args = { id: delivery.id, outcome: ok, retryAt: undefined, now: at(1_100) };
    t.false(await db.stores.webhookDeliveries.finishAttempt({ ...args, worker: "w1" }));
    t.is((await db.stores.webhookDeliveries.ofId(clientId, delivery.id))?.status, "Delivering");
    t.true(await db.stores.webhookDeliveries.finishAttempt({ ...args, worker: "w2" }));
    t.false(await db.stores.webhookDeliveries.finishAttempt({ ...args, worker: "w2" }), "once");
  },
);

contractTest("webhook deliveries: a lease that expires during the last attempt fails the delivery", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const delivery = aDelivery(subscription, { attempts: MAX_DELIVERY_ATTEMPTS - 1 });
  await db.stores.webhookDeliveries.addMany([delivery]);
  t.is((await claim(db, "w1", 0, 10, 1_000))[0]?.attempts, MAX_DELIVERY_ATTEMPTS);
  t.deepEqual(await claim(db, "w2", 1_000, 10, 1_000), []);
  const stored = await db.stores.webhookDeliveries.ofId(clientId, delivery.id);
  t.is(stored?.status, "Failed");
  t.is(stored?.lockedBy, null);
  t.regex(stored?.lastError ?? "", /lease expired/);
});

contractTest("webhook deliveries: finishAttempt records success, a retry, or failure", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const [a, b, c] = [aDelivery(subscription), aDelivery(subscription), aDelivery(subscription)];
  await db.stores.webhookDeliveries.addMany([a, b, c] as WebhookDelivery[]);
  await claim(db, "w", 0);
  const finish = (id: string, outcome: AttemptOutcome, retryAt: Date | undefined) =>
    db.stores.webhookDeliveries.finishAttempt({ id, worker: "w", outcome, retryAt, now: at(50) });
  t.true(await finish(a?.id ?? "", ok, undefined));
  t.true(await finish(b?.id ?? "", refused, at(30_050)));
  t.true(await finish(c?.id ?? "", { ...refused, status: null, error: "x".repeat(5000) }, undefined));
  const [sa, sb, sc] = await Promise.all([a, b, c].map((d) => db.stores.webhookDeliveries.ofId(clientId, d?.id ?? "")));
  t.like(sa, { status: "Succeeded", lastStatusCode: 204, lastLatencyMs: 12, nextAttemptAt: null, lockedBy: null });
  t.deepEqual(sa?.deliveredAt, at(50));
  t.like(sb, { status: "Pending", lastStatusCode: 503, attempts: 1, lockedBy: null, deliveredAt: null });
  t.deepEqual(sb?.nextAttemptAt, at(30_050));
  t.like(sc, { status: "Failed", lastStatusCode: null, nextAttemptAt: null });
  t.is(sc?.lastError?.length, 1000, "long errors are cut");
  t.deepEqual(await claim(db, "w", 30_049), []);
  t.deepEqual(idsOf(await claim(db, "w", 30_050)), [b?.id], "the retry is due at retryAt");
});

contractTest("webhook deliveries: finishAttempts records a batch and answers what the worker held", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const batch = Array.from({ length: 5 }, () => aDelivery(subscription));
  const stranger = aDelivery(subscription);
  await db.stores.webhookDeliveries.addMany([...batch, stranger]);
  await claim(db, "w1", 0, 5);
  await claim(db, "w2", 0, 5);
  const [a, b, c, d, e] = batch.map((x) => x.id) as [string, string, string, string, string];
  const held = await db.stores.webhookDeliveries.finishAttempts({
    worker: "w1",
    now: at(70),
    attempts: [
      { id: a, outcome: ok, retryAt: undefined },
      { id: b, outcome: refused, retryAt: at(30_070) },
      { id: c, outcome: { ...refused, error: "connection failed" }, retryAt: undefined },
      { id: d, outcome: ok, retryAt: undefined },
      { id: stranger.id, outcome: ok, retryAt: undefined },
      { id: newId(), outcome: ok, retryAt: undefined },
    ],
  });
  t.deepEqual([...held].sort(), [a, b, c, d].sort());
  const stored = async (id: string) => db.stores.webhookDeliveries.ofId(clientId, id);
  t.like(await stored(a), { status: "Succeeded", lastStatusCode: 204, lastLatencyMs: 12, lockedBy: null });
  t.deepEqual((await stored(a))?.deliveredAt, at(70));
  t.like(await stored(b), { status: "Pending", lastStatusCode: 503, deliveredAt: null });
  t.deepEqual((await stored(b))?.nextAttemptAt, at(30_070));
  t.like(await stored(c), { status: "Failed", lastError: "connection failed", nextAttemptAt: null });
  t.like(await stored(d), { status: "Succeeded" });
  t.like(await stored(e), { status: "Delivering", lockedBy: "w1" }, "not in the batch");
  t.like(await stored(stranger.id), { status: "Delivering", lockedBy: "w2" }, "held by another worker");
  t.deepEqual(await db.stores.webhookDeliveries.finishAttempts({ worker: "w1", now: at(80), attempts: [] }), new Set());
});

contractTest(
  "webhook deliveries: a switched-off subscription's due deliveries are parked until resumed",
  async (t, db) => {
    const { clientId, subscription } = await setUp(db, { active: false, disabledReason: "Manual", disabledAt: at(0) });
    const waiting = aDelivery(subscription);
    await db.stores.webhookDeliveries.addMany([waiting]);
    t.deepEqual(await claim(db, "w", 0), []);
    t.like(await db.stores.webhookDeliveries.ofId(clientId, waiting.id), { status: "Pending", attempts: 0 });
    await db.stores.webhookSubscriptions.update({
      ...subscription,
      active: true,
      disabledAt: null,
      disabledReason: null,
    });
    t.deepEqual(await claim(db, "w", 100_000), [], "parked: not due even once the subscription is on");
    t.is(await db.stores.webhookDeliveries.resumeParked(subscription.id, at(200_000)), 1);
    t.deepEqual(await claim(db, "w", 199_999), []);
    t.deepEqual(idsOf(await claim(db, "w", 200_000)), [waiting.id]);
  },
);

contractTest("webhook deliveries: an interrupted attempt of a parked delivery does not count", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const delivery = aDelivery(subscription);
  await db.stores.webhookDeliveries.addMany([delivery]);
  await claim(db, "w", 0, 10, 1_000);
  await db.stores.webhookSubscriptions.update({ ...subscription, active: false, disabledReason: "Manual" });
  t.deepEqual(await claim(db, "w2", 1_000), []);
  t.like(await db.stores.webhookDeliveries.ofId(clientId, delivery.id), { status: "Pending", attempts: 0 });
});

contractTest("webhook deliveries: requeue puts a finished delivery back, within the client", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const failed = aDelivery(subscription, { status: "Failed", attempts: 10, nextAttemptAt: null });
  const pending = aDelivery(subscription, { attempts: 2, nextAttemptAt: at(500_000) });
  await db.stores.webhookDeliveries.addMany([failed, pending]);
  t.false(await db.stores.webhookDeliveries.requeue(aClient().id, failed.id, at(5)), "foreign client");
  t.false(await db.stores.webhookDeliveries.requeue(clientId, pending.id, at(5)), "not finished");
  t.false(await db.stores.webhookDeliveries.requeue(clientId, newId(), at(5)));
  t.true(await db.stores.webhookDeliveries.requeue(clientId, failed.id, at(5)));
  const stored = await db.stores.webhookDeliveries.ofId(clientId, failed.id);
  t.like(stored, { status: "Pending", attempts: 0 });
  t.deepEqual(stored?.nextAttemptAt, at(5));
  t.deepEqual(idsOf(await claim(db, "w", 5)), [failed.id]);
});

contractTest("webhook deliveries: requeueFailed re-queues a subscription's failures since a time", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const other = aSubscription(clientId);
  await db.stores.webhookSubscriptions.addWithinLimit(other, 10);
  const failedAt = (ms: number, s = subscription) =>
    aDelivery(s, { status: "Failed", attempts: 10, nextAttemptAt: null, createdAt: at(ms) });
  const old = failedAt(0);
  const recent = [failedAt(1_000), failedAt(2_000)];
  const otherSub = failedAt(2_000, other);
  const succeeded = aDelivery(subscription, { status: "Succeeded", nextAttemptAt: null, createdAt: at(3_000) });
  await db.stores.webhookDeliveries.addMany([old, ...recent, otherSub, succeeded]);
  t.is(await db.stores.webhookDeliveries.requeueFailed(aClient().id, subscription.id, at(1_000), at(9)), 0);
  t.is(await db.stores.webhookDeliveries.requeueFailed(clientId, subscription.id, at(1_000), at(9)), 2);
  t.deepEqual(idsOf(await claim(db, "w", 9)), idsOf(recent));
  t.is((await db.stores.webhookDeliveries.ofId(clientId, old.id))?.status, "Failed");
  t.is((await db.stores.webhookDeliveries.ofId(clientId, otherSub.id))?.status, "Failed");
  t.is((await db.stores.webhookDeliveries.ofId(clientId, succeeded.id))?.status, "Succeeded");
});

contractTest("webhook deliveries: release hands back what a worker holds, uncounted", async (t, db) => {
  const { clientId, subscription } = await setUp(db);
  const mine = [aDelivery(subscription), aDelivery(subscription)];
  const theirs = aDelivery(subscription);
  await db.stores.webhookDeliveries.addMany(mine);
  await claim(db, "w1", 0);
  await db.stores.webhookDeliveries.addMany([theirs]);
  await claim(db, "w2", 0);
  t.is(await db.stores.webhookDeliveries.release("w1", at(10)), 2);
  for (const d of mine)
    t.like(await db.stores.webhookDeliveries.ofId(clientId, d.id), { status: "Pending", attempts: 0, lockedBy: null });
  t.like(await db.stores.webhookDeliveries.ofId(clientId, theirs.id), { status: "Delivering", lockedBy: "w2" });
  t.deepEqual(idsOf(await claim(db, "w3", 10)), idsOf(mine), "due again at once");
});

const DELIVERIES = 60;
const CLAIMERS = 4;

for (const kind of testDatabases()) {
  test(`${kind.name}: webhook deliveries: concurrent claimers on separate connections never get the same delivery`, async (t) => {
    const handles = await kind.openMany(CLAIMERS);
    try {
      const first = handles[0] as Database;
      const { subscription } = await setUp(first);
      const all = Array.from({ length: DELIVERIES }, () => aDelivery(subscription));
      await first.stores.webhookDeliveries.addMany(all);
      const drain = async (database: Database, worker: string): Promise<string[]> => {
        const claimed: string[] = [];
        for (;;) {
          const batch = await claim(database, worker, 0, 3);
          if (batch.length === 0) return claimed;
          claimed.push(...batch.map((d) => d.id));
        }
      };
      const claims = await Promise.all(handles.map((handle, i) => drain(handle, `w${i}`)));
      const flat = claims.flat();
      t.is(flat.length, DELIVERIES, "no delivery claimed twice");
      t.deepEqual([...flat].sort(), idsOf(all));
      t.log(`claims per worker: ${claims.map((c) => c.length).join(", ")}`);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
}

const ROUNDS = 150;

for (const kind of testDatabases()) {
  test(`${kind.name}: webhook deliveries: a claim that finds the subscription off never parks a delivery its enabling has resumed`, async (t) => {
    const [claimer, enabler] = await kind.openMany(2);
    if (claimer === undefined || enabler === undefined) throw new Error("two handles expected");
    try {
      let lost = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { clientId, subscription } = await setUp(claimer, {
          active: false,
          disabledReason: "Manual",
          disabledAt: at(0),
        });
        const delivery = aDelivery(subscription);
        await claimer.stores.webhookDeliveries.addMany([delivery]);
        // The claim and the enabling race, each on its own connections, as a worker and an API call do.
        const [claimed] = await Promise.all([
          claim(claimer, "w", 0),
          enabler.run(async (s) => {
            await s.webhookSubscriptions.update({
              ...subscription,
              active: true,
              disabledAt: null,
              disabledReason: null,
            });
            await s.webhookDeliveries.resumeParked(subscription.id, at(0));
          }),
        ]);
        if (claimed.length > 0) continue;
        // Not claimed: then the enabling must have left it due.
        const later = await claim(claimer, "w", 1_000);
        if (later.length === 0) {
          lost += 1;
          t.log(
            `round ${round}: ${JSON.stringify(await claimer.stores.webhookDeliveries.ofId(clientId, delivery.id))}`,
          );
        }
      }
      t.is(lost, 0, "deliveries left parked behind an enabled subscription");
    } finally {
      await Promise.all([claimer.close(), enabler.close()]);
    }
  });
}
