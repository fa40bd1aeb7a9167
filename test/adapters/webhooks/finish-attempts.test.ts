import type { AttemptOutcome } from "@apar/core";
import type { Database } from "@apar/core/ports";
import { contractTest } from "../../contracts/contract.js";
import { aClient, at } from "../../contracts/fixtures.js";
import { aDelivery, aSubscription } from "../../contracts/webhook-fixtures.js";

// Recording a batch sets a column once when every row takes the same value, and per row otherwise
// (stores/webhook-deliveries.ts): each row must still get its own outcome.

const success = (status: number, latencyMs: number): AttemptOutcome => ({ ok: true, status, error: null, latencyMs });

/** `size` deliveries of a new subscription, claimed by worker "w". */
const claimedBatch = async (db: Database, size: number) => {
  const clientId = aClient().id;
  const subscription = aSubscription(clientId);
  await db.stores.webhookSubscriptions.addWithinLimit(subscription, 10);
  const batch = Array.from({ length: size }, () => aDelivery(subscription));
  await db.stores.webhookDeliveries.addMany(batch);
  await db.stores.webhookDeliveries.claimDue({ worker: "w", now: at(0), leaseMs: 60_000, limit: 10 });
  return { clientId, batch };
};

contractTest("finishAttempts: a batch of successes keeps each row's own code and latency", async (t, db) => {
  const { clientId, batch } = await claimedBatch(db, 4);
  const outcomes = [success(200, 5), success(200, 7), success(204, 5), success(200, 9)];
  const held = await db.stores.webhookDeliveries.finishAttempts({
    worker: "w",
    now: at(50),
    attempts: batch.map((d, i) => ({ id: d.id, outcome: outcomes[i] as AttemptOutcome, retryAt: undefined })),
  });
  t.is(held.size, 4);
  const stored = await Promise.all(batch.map((d) => db.stores.webhookDeliveries.ofId(clientId, d.id)));
  t.deepEqual(
    stored.map((d) => [d?.status, d?.lastStatusCode, d?.lastLatencyMs, d?.lastError, d?.nextAttemptAt, d?.lockedBy]),
    outcomes.map((o) => ["Succeeded", o.status, o.latencyMs, null, null, null]),
  );
  t.deepEqual(
    stored.map((d) => d?.deliveredAt),
    batch.map(() => at(50)),
  );
});

contractTest("finishAttempts: failures due at different times each keep their own retry", async (t, db) => {
  const { clientId, batch } = await claimedBatch(db, 3);
  const refused: AttemptOutcome = { ok: false, status: 503, error: "busy", latencyMs: 3 };
  const retries = [at(30_000), at(60_000), at(30_000)];
  await db.stores.webhookDeliveries.finishAttempts({
    worker: "w",
    now: at(50),
    attempts: batch.map((d, i) => ({ id: d.id, outcome: refused, retryAt: retries[i] })),
  });
  const stored = await Promise.all(batch.map((d) => db.stores.webhookDeliveries.ofId(clientId, d.id)));
  t.deepEqual(
    stored.map((d) => [d?.status, d?.lastStatusCode, d?.lastError, d?.nextAttemptAt, d?.deliveredAt]),
    retries.map((r) => ["Pending", 503, "busy", r, null]),
  );
  const due = await db.stores.webhookDeliveries.claimDue({ worker: "w", now: at(30_000), leaseMs: 1, limit: 10 });
  t.deepEqual(due.map((d) => d.id).sort(), [batch[0]?.id, batch[2]?.id].sort());
});
