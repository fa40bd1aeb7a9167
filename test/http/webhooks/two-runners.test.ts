import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner, type WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient } from "@apar/adapters/webhooks/guarded-client";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import { makeEvent, SYSTEM_ACTOR } from "@apar/core";
import { createClient, createWebhookSubscription } from "@apar/core/app";
import type { Database, Stores, WebhookSender } from "@apar/core/ports";
import test, { type ExecutionContext } from "ava";
import * as E from "fp-ts/lib/Either.js";
import { testDatabases } from "../../helpers/databases.js";
import { eventually } from "../../helpers/eventually.js";
import { startReceiver } from "./receiver.js";

// Below the 50 consecutive failures that would switch the failing subscription off.
const EVENTS = 40;
const OK_PATHS = ["/ok-1", "/ok-2", "/ok-3", "/ok-4"];
const TYPE = "company_bill.awaiting_organisation";

/** How many requests each event id got at a receiver path. */
const countsOf = (requests: readonly { headers: Record<string, unknown> }[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const id = String(r.headers["service-event-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
};

/** The runners' lease; the tests move their clock past it to let a claimer take what a dead runner held. */
const LEASE_MS = 60_000;

/** A database handle whose claims are counted: how many deliveries `claimDue` answered, in or out of a unit of work. */
const countingClaims = (database: Database) => {
  const claimed = { count: 0 };
  const counted = (stores: Stores): Stores => ({
    ...stores,
    webhookDeliveries: {
      ...stores.webhookDeliveries,
      claimDue: async (args) => {
        const answered = await stores.webhookDeliveries.claimDue(args);
        claimed.count += answered.length;
        return answered;
      },
    },
  });
  return {
    claimed,
    database: { ...database, stores: counted(database.stores), run: (work) => database.run((s) => work(counted(s))) },
  } as { readonly claimed: { count: number }; readonly database: Database };
};

/** Paths whose receiver fails, and how (set before the events). */
const failing = new Map<string, number>([["/fail", 503]]);

type Kind = ReturnType<typeof testDatabases>[number];
type Context = ExecutionContext;

/**
 * Two runners (small batches, a fast poll, so that their fan-outs and claims interleave) on two handles of one
 * database, `events` events appended for a client with a subscription per path.
 */
const twoRunners = async (
  t: Context,
  kind: Kind,
  paths: readonly string[],
  count: number,
  options: { readonly senders?: readonly (WebhookSender | undefined)[]; readonly concurrency?: number } = {},
) => {
  const handles = (await kind.openMany(2)).map(countingClaims);
  const receiver = await startReceiver();
  const sender = createGuardedClient({ allowInsecureLoopback: true, privateCidrs: [] });
  let offset = 0;
  const clock = { now: () => new Date(systemClock.now().getTime() + offset) };
  const ids = randomIds(systemClock);
  const sealer = createSecretSealer("two-runners-test-key");
  const runners: WebhookRunner[] = [];
  t.teardown(async () => {
    await Promise.all(runners.map((r) => r.stop(1_000)));
    sender.close();
    await receiver.close();
    await Promise.all(handles.map((h) => h.database.close()));
  });
  const db = handles[0]?.database as Database;
  const deps = { db, clock, ids, randomBytes: secureRandomBytes, sealer, checkUrl: sender.validate };
  const client = await createClient(deps)({ name: "Two runners" })();
  if (E.isLeft(client)) throw new Error(client.left.code);
  for (const path of paths) {
    const sub = await createWebhookSubscription(deps)({
      clientId: client.right.id,
      url: receiver.url(path),
      eventTypes: [TYPE],
    })();
    if (E.isLeft(sub)) throw new Error(sub.left.detail);
  }
  for (const [path, status] of failing) receiver.answer(path, status);
  offset = 1_000;
  const events = Array.from({ length: count }, () =>
    makeEvent({
      ids,
      clock,
      type: TYPE,
      clientId: client.right.id,
      organisationId: null,
      actor: SYSTEM_ACTOR,
      data: { billId: ids.next() },
    }),
  );
  for (let i = 0; i < events.length; i += 500) await db.run((s) => s.events.append(events.slice(i, i + 500)));
  for (const [i, handle] of handles.entries()) {
    runners.push(
      createWebhookRunner({
        id: `runner-${i}`,
        database: handle.database,
        clock,
        ids,
        sealer,
        sender: options.senders?.[i] ?? sender,
        headerPrefix: "service",
        logger: { warn: () => {}, error: (obj, msg) => t.log(msg, obj) },
        pollMs: 10,
        batch: 8,
        concurrency: options.concurrency ?? 32,
        leaseMs: LEASE_MS,
      }),
    );
  }
  /** Waits until `requests` requests arrived and nothing is being delivered; failing, says what the rows hold. */
  const settled = async (requests: number) => {
    try {
      await eventually(async () => {
        const delivering = await db.stores.webhookDeliveries.list(
          client.right.id,
          { status: "Delivering" },
          { limit: 1 },
        );
        return receiver.received.length >= requests && delivering.items.length === 0;
      }, `${requests} requests and nothing delivering`);
    } catch (waited) {
      const all = await db.stores.webhookDeliveries.list(client.right.id, {}, { limit: 1000 });
      const summary = new Map<string, number>();
      for (const d of all.items) {
        const k = `${d.status} ${d.attempts} ${d.lastStatusCode} ${d.lastError} ${d.lockedBy}`;
        summary.set(k, (summary.get(k) ?? 0) + 1);
      }
      throw new Error(
        `${String(waited)}: ${receiver.received.length} of ${requests} requests ${JSON.stringify([...summary])}`,
      );
    }
  };
  /** Asserts that each path got each event exactly once. */
  const onceEach = async (path: string) => {
    const counts = countsOf(receiver.on(path));
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    if (twice.length > 0) {
      const rows = (await db.stores.webhookDeliveries.list(client.right.id, {}, { limit: 500 })).items;
      t.log(JSON.stringify(rows.filter((d) => twice.includes(d.eventId))));
    }
    t.deepEqual([...counts.keys()].sort(), eventIds, path);
    t.true(
      [...counts.values()].every((n) => n === 1),
      `${path}: the first attempt of each delivery was sent once`,
    );
  };
  const eventIds = events.map((e) => e.envelope.id).sort();
  return {
    db,
    clientId: client.right.id,
    receiver,
    runners,
    /** Deliveries each runner's claims answered (not those its fan-out leased to it). */
    claimed: handles.map((h) => h.claimed),
    eventIds,
    settled,
    onceEach,
    later: (ms: number) => {
      offset += ms;
    },
  };
};

for (const kind of testDatabases()) {
  test(`${kind.name}: two runners on one database send each attempt once`, async (t) => {
    const { db, clientId, receiver, runners, eventIds, settled, onceEach, later } = await twoRunners(
      t,
      kind,
      [...OK_PATHS, "/fail"],
      EVENTS,
    );
    for (const runner of runners) runner.start();
    await settled((OK_PATHS.length + 1) * EVENTS);
    for (const path of [...OK_PATHS, "/fail"]) await onceEach(path);

    // The retries come due after 30 s: each failed delivery gets exactly one second attempt.
    receiver.answer("/fail", 200);
    later(30_000);
    for (const runner of runners) runner.wake();
    await settled((OK_PATHS.length + 2) * EVENTS);
    const second = countsOf(receiver.on("/fail"));
    t.true(
      [...second.values()].every((n) => n === 2),
      "the second attempt of each delivery was sent once",
    );
    t.deepEqual([...second.keys()].sort(), eventIds);
    for (const path of OK_PATHS) t.is(receiver.on(path).length, EVENTS);
    const rows = (await db.stores.webhookDeliveries.list(clientId, {}, { limit: 500 })).items;
    t.is(rows.length, (OK_PATHS.length + 1) * EVENTS);
    t.true(rows.every((d) => d.status === "Succeeded"));
    t.is(rows.filter((d) => d.attempts === 2).length, EVENTS, "the failing subscription's deliveries took 2 attempts");
  });

  test(`${kind.name}: one subscription, an outbox of several fan-out batches: two runners' loops send each event once`, async (t) => {
    // More events than one fan-out takes (200), all to one subscription: the loops of both runners claim from
    // one stream of deliveries while the fan-out is still adding to it.
    const count = 450;
    const { db, clientId, runners, settled, onceEach } = await twoRunners(t, kind, ["/one"], count);
    for (const runner of runners) runner.start();
    await settled(count);
    await onceEach("/one");
    const rows = (await db.stores.webhookDeliveries.list(clientId, {}, { limit: 1000 })).items;
    t.is(rows.length, count);
    t.true(rows.every((d) => d.status === "Succeeded" && d.attempts === 1));
  });
}

for (const kind of testDatabases()) {
  test(`${kind.name}: ten subscriptions, an outbox of several fan-out batches: two runners send each event once to each`, async (t) => {
    const paths = Array.from({ length: 10 }, (_, i) => `/ten-${i}`);
    const count = 45;
    const { db, clientId, runners, settled, onceEach } = await twoRunners(t, kind, paths, count);
    for (const runner of runners) runner.start();
    await settled(count * paths.length);
    for (const path of paths) await onceEach(path);
    const rows = (await db.stores.webhookDeliveries.list(clientId, {}, { limit: 1000 })).items;
    t.is(rows.length, count * paths.length);
    t.true(rows.every((d) => d.status === "Succeeded" && d.attempts === 1));
  });

  test(`${kind.name}: a runner that dies holding the deliveries its fan-out leased: another runner delivers each once`, async (t) => {
    const count = 20;
    // The first runner's requests never get an answer (as if its process had died mid-attempt) until the end.
    const stuck: { release: () => void; delivered: string[] } = { release: () => {}, delivered: [] };
    const released = new Promise<void>((resolve) => {
      stuck.release = resolve;
    });
    const hanging: WebhookSender = {
      post: async (_url, request) => {
        stuck.delivered.push(String(request.headers["Service-Event-Id"]));
        await released;
        return { ok: false, status: null, error: "the process died", latencyMs: 0 };
      },
    };
    const { db, clientId, receiver, runners, claimed, settled, onceEach, later, eventIds } = await twoRunners(
      t,
      kind,
      ["/after-crash"],
      count,
      // Room for every delivery: the fan-out leases them all at once, so no claim is left for it to make.
      { senders: [hanging, undefined], concurrency: count },
    );
    t.teardown(() => stuck.release());
    const [dead, alive] = runners;
    if (dead === undefined || alive === undefined) return t.fail();
    dead.start();
    await eventually(async () => {
      const held = await db.stores.webhookDeliveries.list(clientId, { status: "Delivering" }, { limit: 100 });
      return stuck.delivered.length === count && held.items.length === count;
    }, "the first runner attempting every delivery");
    const held = (await db.stores.webhookDeliveries.list(clientId, {}, { limit: 100 })).items;
    t.true(held.every((d) => d.lockedBy === "runner-0" && d.attempts === 1));
    t.deepEqual([...stuck.delivered].sort(), eventIds);
    t.is(claimed[0]?.count, 0, "the first runner got them from its fan-out, leased, without a claim");

    // Its leases run out; the second runner claims what it held and delivers each event once.
    later(LEASE_MS);
    alive.start();
    await settled(count);
    await onceEach("/after-crash");
    t.is(claimed[1]?.count, count);
    // The first runner's late outcomes find it holding nothing: they change no row.
    stuck.release();
    await dead.stop(60_000);
    const rows = (await db.stores.webhookDeliveries.list(clientId, {}, { limit: 100 })).items;
    t.is(rows.length, count);
    t.true(
      rows.every(
        (d) => d.status === "Succeeded" && d.attempts === 2 && d.lockedBy === null && d.lastStatusCode === 200,
      ),
      "the interrupted attempt counts, as for a claimed delivery",
    );
    t.is(receiver.on("/after-crash").length, count);
  });
}
