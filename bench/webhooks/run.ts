// Webhook delivery throughput and latency on loopback (SQLite, or MySQL with DATABASE_URL):
//   npm run bench:webhooks
// 1. a plain loop POSTing N pre-signed bodies with 64 in flight (the ceiling of the receiver and the client);
// 2. the delivery runner: N outbox events fanned out, claimed, signed and POSTed through the guarded client;
// 3. commit-to-receipt latency of single events with the in-process wake-up.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient } from "@apar/adapters/webhooks/guarded-client";
import { createNotifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import { makeEvent, SYSTEM_ACTOR, signWebhook } from "@apar/core";
import { createClient, createWebhookSubscription } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";

const N = Number(process.env.BENCH_N ?? 5000);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY ?? 300);

const received = new Map<string, number>();
let onReceive: ((id: string) => void) | undefined;
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const id = String(req.headers["service-event-id"] ?? "");
    received.set(id, performance.now());
    onReceive?.(id);
    res.statusCode = 204;
    res.end();
  });
});
server.keepAliveTimeout = 5_000;
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/hook`;
const client = createGuardedClient({ allowInsecureLoopback: true, privateCidrs: [] });

// 1. Plain loop.
const secret = "whsec_bench";
const bodies = Array.from({ length: N }, (_, i) =>
  JSON.stringify({ id: `plain-${i}`, type: "bill.created", data: {} }),
);
const headers = bodies.map((body, i) => ({
  "Content-Type": "application/json",
  "Service-Signature": signWebhook(secret, Math.floor(Date.now() / 1000), body),
  "Service-Event-Id": `plain-${i}`,
}));
let next = 0;
const plainStart = performance.now();
await Promise.all(
  Array.from({ length: 64 }, async () => {
    while (next < N) {
      const i = next++;
      const r = await client.post(url, { headers: headers[i] ?? {}, body: bodies[i] ?? "" });
      if (!r.ok) throw new Error(`plain post failed: ${r.error}`);
    }
  }),
);
const plainRate = N / ((performance.now() - plainStart) / 1000);

// 2. The runner.
const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "apar-bench-webhooks-"));
const raw = await openSqlDatabase(
  process.env.DATABASE_URL === undefined ? { sqliteFile: join(dir, "apar.sqlite") } : { url: process.env.DATABASE_URL },
);
await raw.migrate();
const notifier = createNotifier();
const db = notifyingDatabase(raw, { events: notifier });
const ids = randomIds(systemClock);
const sealer = createSecretSealer("bench-operator-key");
const deps = { db, clock: systemClock, ids, randomBytes: secureRandomBytes, sealer, checkUrl: client.validate };
const tenant = await createClient(deps)({ name: "Bench" })();
if (E.isLeft(tenant)) throw new Error(tenant.left.code);
const sub = await createWebhookSubscription(deps)({
  clientId: tenant.right.id,
  url,
  eventTypes: ["company_bill.awaiting_organisation"],
})();
if (E.isLeft(sub)) throw new Error(sub.left.detail);
const event = () =>
  makeEvent({
    ids,
    clock: systemClock,
    type: "company_bill.awaiting_organisation",
    clientId: tenant.right.id,
    organisationId: null,
    actor: SYSTEM_ACTOR,
    data: { billId: ids.next() },
  });
received.clear();
const events = Array.from({ length: N }, event);
for (let i = 0; i < N; i += 500) await raw.run((s) => s.events.append(events.slice(i, i + 500)));
const runner = createWebhookRunner({
  id: "bench",
  database: db,
  clock: systemClock,
  ids,
  sealer,
  sender: client,
  headerPrefix: "service",
  logger: { warn: console.warn, error: console.error },
  notifier,
  pollMs: 50,
  ...(process.env.BENCH_BATCH === undefined ? {} : { batch: Number(process.env.BENCH_BATCH) }),
  ...(process.env.BENCH_CONCURRENCY === undefined ? {} : { concurrency: Number(process.env.BENCH_CONCURRENCY) }),
});
const allIn = new Promise<void>((resolve) => {
  onReceive = () => {
    if (received.size >= N) resolve();
  };
});
const runStart = performance.now();
runner.start();
await allIn;
const signedRate = N / ((performance.now() - runStart) / 1000);
await new Promise((r) => setTimeout(r, 200));

// 3. Latency: one event per unit of work, the next after the previous one arrived.
const latencies: number[] = [];
for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
  const e = event();
  const arrived = new Promise<void>((resolve) => {
    onReceive = (id) => {
      if (id === e.envelope.id) resolve();
    };
  });
  await db.run((s) => s.events.append([e]));
  const committed = performance.now();
  await arrived;
  latencies.push((received.get(e.envelope.id) ?? committed) - committed);
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;

console.log(`database: ${raw.dialect}, ${N} deliveries, 64 in flight`);
console.log(`plain loop (pre-signed bodies): ${plainRate.toFixed(0)}/s`);
console.log(
  `signed deliveries (outbox -> runner -> receiver): ${signedRate.toFixed(0)}/s (${(signedRate / plainRate).toFixed(2)} of plain)`,
);
console.log(
  `commit-to-receipt latency over ${LATENCY_SAMPLES}: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
);

await runner.stop(1_000);
client.close();
await raw.close();
server.close();
rmSync(dir, { recursive: true, force: true });
