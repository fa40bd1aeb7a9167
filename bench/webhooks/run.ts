// Webhook delivery throughput and commit-to-receipt latency on loopback, SQLite and MySQL/MariaDB in one run:
//   npm run bench:webhooks   SQLite, then MariaDB: a fresh apar_bench_webhooks database on BENCH_MYSQL_URL's server
//                            (default mysql://root@127.0.0.1:3306/), or DATABASE_URL as it is
// For 1 and 10 subscriptions (BENCH_SUBSCRIPTIONS), in interleaved rounds (A, B, B, A, ...; BENCH_ROUNDS pairs):
//   A, the anchor: the same guarded client POSTing pre-signed bodies, 64 in flight;
//   B, saturation: BENCH_N deliveries' events appended to the outbox, then a runner fans out, claims, signs, POSTs
//      and records them; deliveries/s from the first append to the last receipt.
// Then each round offers steady rates (BENCH_RATES, deliveries/s = events/s x subscriptions, for BENCH_STEADY_MS) to
// a running runner: events committed every 10 ms; p50/p99 from each commit to each delivery's receipt.
// Saturation rows also give this process's CPU per delivery (µs; the runner's cost, less sensitive to the machine's
// load than the rates; MariaDB's CPU is not in it, SQLite's is); on MySQL/MariaDB also the server's CPU per delivery
// (the process named by the server's own @@pid_file, when it runs on this machine) and the statements it ran per
// delivery. SQLite's file is on the temp folder's disk (BENCH_SQLITE_DIR), never a RAM disk. BENCH_DATABASES=mysql skips SQLite. The receiver runs in a child process (bench/webhooks/receiver.ts); the load average is printed per row.
import { fork } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createWebhookRunner, type WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import { createGuardedClient } from "@apar/adapters/webhooks/guarded-client";
import { createNotifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import { createSecretSealer } from "@apar/adapters/webhooks/secret-sealer";
import { makeEvent, SYSTEM_ACTOR, signWebhook } from "@apar/core";
import { createClient, createWebhookSubscription } from "@apar/core/app";
import type { Database } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import mysql from "mysql2/promise";
import { benchDatabase } from "../mysql-database.js";

const N = Number(process.env.BENCH_N ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SUBSCRIPTIONS = (process.env.BENCH_SUBSCRIPTIONS ?? "1,10").split(",").map(Number);
const RATES = (process.env.BENCH_RATES ?? "100,1000,2000").split(",").map(Number);
const STEADY_MS = Number(process.env.BENCH_STEADY_MS ?? 3000);
// Runner options to try (unset: the runner's defaults, which the host uses too).
const envNumber = (name: string): number | undefined =>
  process.env[name] === undefined ? undefined : Number(process.env[name]);
const LOOPS = Object.fromEntries(
  Object.entries({
    loops: envNumber("BENCH_LOOPS"),
    batch: envNumber("BENCH_BATCH"),
    concurrency: envNumber("BENCH_CONCURRENCY"),
  }).filter(([, v]) => v !== undefined),
) as { loops?: number; batch?: number; concurrency?: number };
const EVENT_TYPE = "company_bill.awaiting_organisation";
const wallNow = (): number => performance.timeOrigin + performance.now();

// The receiver: receipts by `${path} ${eventId}`.
const receipts = new Map<string, number>();
let onReceipt: (() => void) | undefined;
const receiver = fork(join(import.meta.dirname, "receiver.ts"), { execArgv: process.execArgv });
const port = await new Promise<number>((resolve) =>
  receiver.on("message", (message: unknown) => {
    if (Array.isArray(message)) {
      for (const [path, id, at] of message as [string, string, number][]) receipts.set(`${path} ${id}`, at);
      onReceipt?.();
    } else resolve((message as { port: number }).port);
  }),
);
const urlOf = (path: string): string => `http://127.0.0.1:${port}${path}`;
const waitForReceipts = (count: number, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    onReceipt = () => {
      if (receipts.size < count) return;
      clearTimeout(timer);
      onReceipt = undefined;
      resolve(true);
    };
    onReceipt();
  });

const client = createGuardedClient({ allowInsecureLoopback: true, privateCidrs: [] });

/** A: the anchor, `count` pre-signed bodies through the guarded client, 64 in flight. */
const anchor = async (count: number, round: number): Promise<Measured> => {
  receipts.clear();
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ id: `plain-${round}-${i}`, type: EVENT_TYPE, data: {} }),
  );
  const headers = bodies.map((body, i) => ({
    "Content-Type": "application/json",
    "Service-Signature": signWebhook("whsec_bench", Math.floor(Date.now() / 1000), body),
    "Service-Event-Id": `plain-${round}-${i}`,
  }));
  const url = urlOf("/plain");
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < count) {
        const i = next++;
        const r = await client.post(url, { headers: headers[i] ?? {}, body: bodies[i] ?? "" });
        if (!r.ok) throw new Error(`plain post failed: ${r.error}`);
      }
    }),
  );
  return { rate: count / ((performance.now() - started) / 1000), cpuUs: cpuSince(cpu) / count };
};

/** A rate, and this process's CPU per delivery meanwhile (user + system; MariaDB's own CPU is not in it). */
interface Measured {
  readonly rate: number;
  readonly cpuUs: number;
  /** The database server's CPU per delivery (µs) and statements per delivery, when it runs on this machine. */
  readonly serverCpuUs?: number;
  readonly statements?: number;
}

/**
 * MySQL/MariaDB's side of a saturation round: the server process's CPU (from /proc, when it runs here) and its
 * statement count (`Questions`, every client's, so the bench's own few are in it).
 */
interface ServerProbe {
  sample(): Promise<{ readonly cpuUs: number | undefined; readonly questions: number }>;
  close(): Promise<void>;
}
/**
 * The pid of the server the bench talks to: from the pid file it names (`@@pid_file`), checked against /proc (a
 * mariadbd or mysqld process). Undefined when the server runs elsewhere or its pid file cannot be read here.
 */
const serverPid = async (connection: mysql.Connection): Promise<string | undefined> => {
  const [rows] = await connection.query("SELECT @@pid_file AS pidFile");
  const pidFile = (rows as { pidFile: string | null }[])[0]?.pidFile;
  if (pidFile === null || pidFile === undefined || !existsSync(pidFile)) return undefined;
  const pid = readFileSync(pidFile, "utf8").trim();
  try {
    return /^\d+$/.test(pid) && ["mariadbd", "mysqld"].includes(readFileSync(`/proc/${pid}/comm`, "utf8").trim())
      ? pid
      : undefined;
  } catch {
    return undefined;
  }
};
const probeOf = async (url: string): Promise<ServerProbe> => {
  const connection = await mysql.createConnection(url);
  const pid = existsSync("/proc") ? await serverPid(connection) : undefined;
  console.log(`  database server CPU read from ${pid === undefined ? "nowhere (not on this machine)" : `pid ${pid}`}`);
  return {
    async sample() {
      const [rows] = await connection.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      const questions = Number((rows as { Value: string }[])[0]?.Value ?? NaN);
      if (pid === undefined) return { cpuUs: undefined, questions };
      // utime and stime, fields 14 and 15, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return { cpuUs: (Number(fields[11]) + Number(fields[12])) * 10_000, questions };
    },
    close: () => connection.end(),
  };
};
const cpuSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return used.user + used.system;
};

interface Setup {
  readonly db: Database;
  readonly raw: Database;
  readonly notifier: ReturnType<typeof createNotifier>;
  readonly ids: ReturnType<typeof randomIds>;
  readonly sealer: ReturnType<typeof createSecretSealer>;
  readonly clientId: string;
  readonly paths: readonly string[];
  readonly probe: ServerProbe | undefined;
}

const setUp = async (raw: Database, subscriptions: number, probe: ServerProbe | undefined): Promise<Setup> => {
  const notifier = createNotifier();
  const db = notifyingDatabase(raw, { events: notifier });
  const ids = randomIds(systemClock);
  const sealer = createSecretSealer("bench-operator-key");
  const deps = { db, clock: systemClock, ids, randomBytes: secureRandomBytes, sealer, checkUrl: client.validate };
  const tenant = await createClient(deps)({ name: `Bench ${subscriptions}` })();
  if (E.isLeft(tenant)) throw new Error(tenant.left.code);
  const paths = Array.from({ length: subscriptions }, (_, i) => `/hook/${subscriptions}/${i}`);
  for (const path of paths) {
    const sub = await createWebhookSubscription(deps)({
      clientId: tenant.right.id,
      url: urlOf(path),
      eventTypes: [EVENT_TYPE],
    })();
    if (E.isLeft(sub)) throw new Error(sub.left.detail);
  }
  return { db, raw, notifier, ids, sealer, clientId: tenant.right.id, paths, probe };
};

const eventsOf = (s: Setup, count: number) =>
  Array.from({ length: count }, () =>
    makeEvent({
      ids: s.ids,
      clock: systemClock,
      type: EVENT_TYPE,
      clientId: s.clientId,
      organisationId: null,
      actor: SYSTEM_ACTOR,
      data: { billId: s.ids.next() },
    }),
  );

const runnerOf = (s: Setup, id: string): WebhookRunner =>
  createWebhookRunner({
    id,
    database: s.db,
    clock: systemClock,
    ids: s.ids,
    sealer: s.sealer,
    sender: client,
    headerPrefix: "service",
    logger: { warn: console.warn, error: console.error },
    notifier: s.notifier,
    pollMs: 50,
    ...LOOPS,
  });

/** B: saturation, `count` deliveries from the outbox to the receiver. */
const saturation = async (s: Setup, count: number, round: number): Promise<Measured> => {
  receipts.clear();
  const events = eventsOf(s, Math.ceil(count / s.paths.length));
  const server = await s.probe?.sample();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < events.length; i += 500) await s.raw.run((st) => st.events.append(events.slice(i, i + 500)));
  const runner = runnerOf(s, `bench-sat-${round}`);
  runner.start();
  const done = await waitForReceipts(events.length * s.paths.length, 120_000);
  const rate = receipts.size / ((performance.now() - started) / 1000);
  const cpuUs = cpuSince(cpu) / Math.max(1, receipts.size);
  const serverAfter = await s.probe?.sample();
  const delivered = Math.max(1, receipts.size);
  await runner.stop(1_000);
  if (!done) console.warn(`  saturation round ${round}: only ${receipts.size} of ${events.length * s.paths.length}`);
  if (server === undefined || serverAfter === undefined) return { rate, cpuUs };
  return {
    rate,
    cpuUs,
    statements: (serverAfter.questions - server.questions) / delivered,
    ...(server.cpuUs === undefined || serverAfter.cpuUs === undefined
      ? {}
      : { serverCpuUs: (serverAfter.cpuUs - server.cpuUs) / delivered }),
  };
};

/** Steady offered load: `rate` deliveries/s for STEADY_MS, committed every 10 ms, to a running runner. */
const steady = async (
  s: Setup,
  runner: WebhookRunner,
  rate: number,
): Promise<{ rate: number; p50: number; p99: number }> => {
  receipts.clear();
  const committedAt = new Map<string, number>();
  const started = performance.now();
  let offered = 0;
  while (performance.now() - started < STEADY_MS) {
    const due = Math.floor((((performance.now() - started) / 1000) * rate) / s.paths.length) - offered;
    if (due > 0) {
      const events = eventsOf(s, due);
      await s.db.run((st) => st.events.append(events));
      const at = wallNow();
      for (const e of events) committedAt.set(e.envelope.id, at);
      offered += due;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  runner.wake();
  await waitForReceipts(offered * s.paths.length, 60_000);
  const latencies: number[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const [key, at] of receipts) {
    const committed = committedAt.get(key.slice(key.indexOf(" ") + 1));
    if (committed === undefined) continue;
    latencies.push(at - committed);
    first = Math.min(first, committed);
    last = Math.max(last, at);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { rate: latencies.length / ((last - first) / 1000), p50: pct(50), p99: pct(99) };
};

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const spread = (xs: readonly number[], digits = 0): string =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;

/** The type of the file system a folder is on (the longest mount point of /proc/mounts that holds it). */
const fileSystemOf = (dir: string): string => {
  if (!existsSync("/proc/mounts")) return "file system unknown";
  let best = { at: "", type: "unknown" };
  for (const line of readFileSync("/proc/mounts", "utf8").split("\n")) {
    const [, at, type] = line.split(" ");
    if (at === undefined || type === undefined) continue;
    const inside = dir === at || dir.startsWith(at.endsWith("/") ? at : `${at}/`);
    if (inside && at.length >= best.at.length) best = { at, type };
  }
  return `${best.type} on ${best.at}`;
};

const rows: string[] = [];
const summaries: string[] = [];
const databases: {
  name: string;
  open: () => Promise<{ db: Database; cleanUp: () => void; probe?: ServerProbe }>;
}[] = [
  {
    name: "sqlite",
    open: async () => {
      // On the disk a deployment's SQLite file would be on (BENCH_SQLITE_DIR, else the temp folder), not a RAM disk.
      const dir = mkdtempSync(join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), "apar-bench-webhooks-"));
      console.log(`  SQLite file in ${dir} (${fileSystemOf(dir)})`);
      const db = await openSqlDatabase({ sqliteFile: join(dir, "apar.sqlite") });
      return { db, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
/** MySQL/MariaDB: DATABASE_URL as it is, else a fresh `apar_bench_webhooks` on BENCH_MYSQL_URL's server (default local). */
const mysqlUrl = async (): Promise<string> =>
  process.env.DATABASE_URL ??
  benchDatabase(process.env.BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/", "apar_bench_webhooks", true);
databases.push({
  name: "mysql",
  open: async () => {
    const url = await mysqlUrl();
    const probe = await probeOf(url);
    return { db: await openSqlDatabase({ url }), cleanUp: () => void probe.close(), probe };
  },
});

console.log(
  `webhook bench: ${N} deliveries per saturation round, ${ROUNDS} A/B pairs, rates ${RATES.join("/")} deliveries/s for ${STEADY_MS} ms, runner options ${JSON.stringify(LOOPS)}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const only = (process.env.BENCH_DATABASES ?? "sqlite,mysql").split(",");
for (const { name, open } of databases.filter((d) => only.includes(d.name))) {
  const opened = await open().catch((error: unknown) => {
    console.warn(`${name} skipped: ${String(error)}`);
    return undefined;
  });
  if (opened === undefined) continue;
  const { db: raw, cleanUp, probe } = opened;
  await raw.migrate();
  for (const subscriptions of SUBSCRIPTIONS) {
    const s = await setUp(raw, subscriptions, probe);
    const serverCpu: number[] = [];
    const statements: number[] = [];
    const anchors: number[] = [];
    const signed: number[] = [];
    const anchorCpu: number[] = [];
    const signedCpu: number[] = [];
    const loads: number[] = [];
    const steadyRuns = new Map<number, { rate: number; p50: number; p99: number }[]>(RATES.map((r) => [r, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // A, B, B, A, A, B, ...: each side meets the other's load alike.
      const order = round % 2 === 0 ? ["A", "B"] : ["B", "A"];
      for (const side of order)
        if (side === "A") {
          const { rate, cpuUs } = await anchor(N, round);
          anchors.push(rate);
          anchorCpu.push(cpuUs);
        } else {
          const measured = await saturation(s, N, round);
          signed.push(measured.rate);
          signedCpu.push(measured.cpuUs);
          if (measured.serverCpuUs !== undefined) serverCpu.push(measured.serverCpuUs);
          if (measured.statements !== undefined) statements.push(measured.statements);
        }
      const runner = runnerOf(s, `bench-steady-${round}`);
      runner.start();
      for (const rate of RATES) steadyRuns.get(rate)?.push(await steady(s, runner, rate));
      await runner.stop(1_000);
      loads.push(loadavg()[0] ?? NaN);
      console.log(
        `  ${name} ${subscriptions} sub(s) round ${round + 1}: anchor ${anchors.at(-1)?.toFixed(0)}/s, signed ${signed.at(-1)?.toFixed(0)}/s, load ${loads.at(-1)?.toFixed(2)}`,
      );
    }
    const ratios = signed.map((v, i) => v / (anchors[i] ?? NaN));
    const worstP99 = Math.max(...[...steadyRuns.values()].map((runs) => median(runs.map((r) => r.p99))));
    summaries.push(
      `SUMMARY | signed webhook deliveries, ${name}, ${subscriptions} sub(s) | ${median(signed).toFixed(0)}/s, steady p99 <= ${worstP99.toFixed(0)} ms | pre-signed: ${median(anchors).toFixed(0)}/s | ${spread(ratios, 2)} | >= 3,000/s, p99 <= 250 ms |`,
    );
    const load = spread(loads, 2);
    rows.push(
      `| ${name} | ${subscriptions} | saturation | ${spread(signed)} | ${spread(anchors)} | ${spread(ratios, 2)} | | | ${spread(signedCpu)} | ${serverCpu.length === 0 ? "" : spread(serverCpu)} | ${statements.length === 0 ? "" : spread(statements, 2)} | ${spread(anchorCpu)} | ${load} |`,
    );
    for (const [rate, runs] of steadyRuns)
      rows.push(
        `| ${name} | ${subscriptions} | steady ${rate}/s | ${spread(runs.map((r) => r.rate))} | | | ${spread(
          runs.map((r) => r.p50),
          1,
        )} | ${spread(
          runs.map((r) => r.p99),
          1,
        )} | | | | | ${load} |`,
      );
  }
  await raw.close();
  cleanUp();
}

console.log(
  "\n| db | subs | offered | deliveries/s | anchor/s | ratio | p50 ms | p99 ms | CPU µs/delivery | DB server CPU µs/delivery | statements/delivery | anchor CPU µs/request | load (1 min) |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
for (const line of summaries) console.log(line);
client.close();
receiver.disconnect();
