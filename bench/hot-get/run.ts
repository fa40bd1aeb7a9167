// Hot GET against its anchor: apar running from its build (api role, one process) and a bare node:http + driver
// server (anchor.ts) doing apar's work for one `GET /v1/bills/{id}`: the very statements apar ran (recorded at the
// driver by capture.ts), the key's hash checked, apar's own body encoded; and the same behind restify with one route
// (the floor of the design card's HTTP layer), each loaded by autocannon in interleaved rounds (A,B,C,C,B,A...), so
// that load from elsewhere falls on all alike. Prints req/s, CPU per request, the median and spread of the per-round
// ratios (by CPU per request, the headline, and by req/s), and the load average.
// Usage: npm run bench:hot-get [-- seconds-per-run rounds]               SQLite (the default database)
//        BENCH_DB=mysql://root@127.0.0.1:3306/ npm run bench:hot-get     MariaDB (database apar_bench_hot_get)
//        APAR_ROOT=/path/to/checkout                                      that checkout's build (e.g. main, before)
//        BENCH_APAR_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"       node options of the measured apar
//        BENCH_ANCHOR_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/anchor"   node options of the anchor
//        BENCH_CALLGRIND=200 npm run bench:hot-get   instructions a request instead of timed rounds (valgrind; slow)
//        BENCH_CALLGRIND_KEEP=/tmp/cg                 with it: the callgrind files kept there (callgrind_annotate)
//        BENCH_CALLGRIND_SIDES=apar                   with it: only those sides counted
import { type ChildProcess, spawn } from "node:child_process";
import { hash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { systemClock } from "@apar/adapters/system/clock";
import { randomIds, secureRandomBytes } from "@apar/adapters/system/ids";
import { createApiKey, createClient, createOrganisation } from "@apar/core/app";
import autocannon from "autocannon";
import * as E from "fp-ts/lib/Either.js";
import { aBill } from "../../test/contracts/bill-fixtures.js";
import { benchDatabase } from "../mysql-database.js";
import type { Captured } from "./capture.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = process.env.APAR_ROOT ?? join(here, "../..");
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 5);
const CONNECTIONS = 32;
const countRequests = Number(process.env.BENCH_CALLGRIND ?? 0);
const server = process.env.BENCH_DB;
const onMysql = server !== undefined && /^(mysql|mariadb):\/\//i.test(server);

// ---- a fresh database: a client, an organisation, a client API key, 200 bills -----------------------------------
const dataDir = mkdtempSync(join(tmpdir(), "apar-bench-hot-get-"));
const sqliteFile = join(dataDir, "apar.sqlite");
let url: string | undefined;
if (onMysql) url = await benchDatabase(server, "apar_bench_hot_get", true);
const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};
const database = await openSqlDatabase(url === undefined ? { sqliteFile } : { url });
await database.migrate();
const deps = { db: database, clock: systemClock, ids: randomIds(systemClock), randomBytes: secureRandomBytes };
const client = orThrow(await createClient(deps)({ name: "Bench client" })());
const organisation = orThrow(await createOrganisation(deps)({ clientId: client.id, name: "Bench org" })());
const key = orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] } })());
const scope = { clientId: client.id, organisationId: organisation.id };
const bills = Array.from({ length: 200 }, (_, i) =>
  aBill(scope, { state: i % 2 === 0 ? "Approved" : "PendingReview" }),
);
for (const bill of bills) await database.stores.bills.add(bill);
await database.close();
const path = `/v1/bills/${bills[100]?.id}`;
const headers = { "x-service-api-key": key.rawKey, "x-service-organisation-id": organisation.id };

// ---- the processes ------------------------------------------------------------------------------------------------
interface Running {
  readonly child: ChildProcess;
  readonly port: number;
}

/** A port free at the moment (the server is told to listen on it). */
const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });

/**
 * Spawns a server on `port` and waits until it answers; its output is drained (as a log shipper would), so that
 * any log level works (`APAR_LOG_LEVEL=warn npm run bench:hot-get` measures apar without its request log).
 */
const spawnServer = async (
  args: readonly string[],
  env: Record<string, string>,
  port: number,
  counted = false,
): Promise<Running> => {
  // Counted (BENCH_CALLGRIND): under valgrind's callgrind, which counts the instructions of every thread.
  const [command, argv] = counted
    ? [
        "valgrind",
        [
          "--tool=callgrind",
          "--smc-check=all",
          "--separate-threads=yes",
          `--callgrind-out-file=${countDir}/cg.%p`,
          process.execPath,
          ...args,
        ],
      ]
    : [process.execPath, args];
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: "pipe" });
  child.stdout.resume();
  child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${args.join(" ")} exited before it answered`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { child, port };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
};

const startApar = async (extra: readonly string[] = [], env: Record<string, string> = {}, counted = false) => {
  const port = await freePort();
  return spawnServer(
    [
      ...extra,
      ...(process.env.BENCH_APAR_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      join(root, "host/dist/main.js"),
    ],
    {
      APAR_ROLES: "api",
      // One process, as the anchors: the CPU read is that process's, and the rates compare one core's work.
      APAR_PROCESSES: "1",
      APAR_DATA_DIR: dataDir,
      APAR_PORT: String(port),
      APAR_HOST: "127.0.0.1",
      APAR_SMTP_PORT: "0",
      // The limiter would answer 429 to one caller at this rate; its cost is bench:rate-limit's.
      APAR_RATE_LIMITS: "off",
      ...(url === undefined ? {} : { DATABASE_URL: url }),
      ...env,
    },
    port,
    counted,
  );
};

const stop = async (running: Running) => {
  const exited = new Promise((r) => running.child.once("exit", r));
  running.child.kill("SIGTERM");
  await exited;
};

const get = async (port: number): Promise<{ status: number; text: string }> => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: response.status, text: await response.text() };
};

// ---- what apar runs for one GET -----------------------------------------------------------------------------------
const countDir = join(dataDir, "callgrind");
mkdirSync(countDir);
const captureFile = join(dataDir, "capture.jsonl");
writeFileSync(captureFile, "");
const capturing = await startApar(["--import", "tsx", "--import", join(here, "capture.ts")], {
  APAR_BENCH_CAPTURE: captureFile,
});
// Warm: the first requests open connections and record the key's last use (written at most once a minute).
for (let i = 0; i < 3; i++)
  if ((await get(capturing.port)).status !== 200) throw new Error(`GET ${path} did not answer 200`);
const before = readFileSync(captureFile, "utf8").length;
// The body apar answers: the anchors encode the same value.
const aparBody = (await get(capturing.port)).text;
await new Promise((r) => setTimeout(r, 200));
const statements = readFileSync(captureFile, "utf8")
  .slice(before)
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => JSON.parse(line) as Captured);
await stop(capturing);
console.log(`GET /v1/bills/{id} runs ${statements.length} statements (${onMysql ? "MariaDB" : "SQLite"}, ${root}):`);
for (const s of statements) console.log(`  ${s.method} ${s.sql.replace(/\s+/g, " ").slice(0, 150)}`);

const readsKey = /\bFROM api_keys\b/.test(statements[0]?.sql ?? "");

const startAnchor = async (restify: boolean, counted = false) => {
  const port = await freePort();
  return spawnServer(
    [
      ...(process.env.BENCH_ANCHOR_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      "tsx",
      join(here, "anchor.ts"),
    ],
    {
      ANCHOR_PORT: String(port),
      ANCHOR_STATEMENTS: JSON.stringify(statements),
      ANCHOR_BODY: aparBody,
      ANCHOR_RESTIFY: restify ? "1" : "0",
      // apar held the key verified (its key cache): the anchors hold its hash, as apar does, instead of reading it.
      ...(readsKey ? {} : { ANCHOR_KEY_HASH: hash("sha256", key.rawKey, "hex") }),
      ...(url === undefined ? { ANCHOR_SQLITE_FILE: sqliteFile } : { ANCHOR_DATABASE_URL: url }),
    },
    port,
    counted,
  );
};

// ---- instructions a request (BENCH_CALLGRIND=n) -------------------------------------------------------------------
// Each side in turn under callgrind: warmed by sequential requests, its counters zeroed, n sequential requests, its
// counters dumped. Instructions of every thread (the driver's pool and the collector included) over n: a figure a
// busy machine does not move, where CPU time a request does (a starved server batches more requests a wake-up).
if (countRequests > 0) {
  const control = (args: readonly string[]) =>
    new Promise<void>((resolve, reject) =>
      spawn("callgrind_control", args, { stdio: "ignore" }).once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`callgrind_control ${args.join(" ")}: ${code}`)),
      ),
    );
  /** Instructions of the dump the counters were zeroed before: the main thread's, and every thread's. */
  const totalOf = (pid: number): { main: number; all: number } => {
    // With --separate-threads, a dump is one file a thread: cg.<pid>.<dump>-<thread>, thread 01 the main one.
    const dumps = readdirSync(countDir).filter((f) => new RegExp(`^cg\\.${pid}\\.1-\\d+$`).test(f));
    const totals = dumps.map((f) => ({
      main: f.endsWith("-01"),
      ir: Number(readFileSync(join(countDir, f), "utf8").match(/^totals: (\d+)/m)?.[1] ?? 0),
    }));
    return {
      main: totals.filter((t) => t.main).reduce((a, t) => a + t.ir, 0),
      all: totals.reduce((a, t) => a + t.ir, 0),
    };
  };
  const counts: Record<string, { main: number; all: number }> = {};
  const starts = {
    apar: () => startApar([], {}, true),
    restify: () => startAnchor(true, true),
    anchor: () => startAnchor(false, true),
  };
  // BENCH_CALLGRIND_SIDES=apar (comma-separated): only those sides counted (a change of apar's, measured quickly).
  const only = process.env.BENCH_CALLGRIND_SIDES?.split(",").map((s) => s.trim());
  for (const [side, start] of Object.entries(starts)) {
    if (only !== undefined && !only.includes(side)) continue;
    const running = await start();
    for (let i = 0; i < Math.max(200, countRequests); i++)
      if ((await get(running.port)).status !== 200) throw new Error(`${side} did not answer 200`);
    const pid = running.child.pid ?? 0;
    await control(["-z", String(pid)]);
    for (let i = 0; i < countRequests; i++) await get(running.port);
    await control(["-d", String(pid)]);
    const total = totalOf(pid);
    counts[side] = { main: total.main / countRequests, all: total.all / countRequests };
    console.log(
      `${side.padEnd(8)} ${Math.round(total.main / countRequests).toLocaleString("en")} instructions a request on the main thread, ${Math.round(total.all / countRequests).toLocaleString("en")} on every thread`,
    );
    await stop(running);
  }
  const of = (side: string, thread: "main" | "all") => counts[side]?.[thread] ?? Number.NaN;
  const n = (x: number) => Math.round(x).toLocaleString("en");
  for (const thread of ["main", "all"] as const) {
    console.log(
      `ratio apar/restify by instructions a request (${thread === "main" ? "main thread" : "every thread"}): ${(of("restify", thread) / of("apar", thread)).toFixed(3)}; restify/anchor ${(of("anchor", thread) / of("restify", thread)).toFixed(3)}`,
    );
  }
  // The main thread's count is the headline: the collector's background marking runs by heap size and idle time,
  // and under callgrind a request lasts fifty times longer, so the other threads' counts lean on the wall clock.
  console.log(
    `SUMMARY | GET /v1/bills/{id}, ${onMysql ? "MariaDB" : "SQLite"}, instructions a request on the main thread (callgrind, ${countRequests} sequential requests) | ${n(of("apar", "main"))} (every thread ${n(of("apar", "all"))}) | restify with one route, same statements, key hash, body: ${n(of("restify", "main"))} (${n(of("restify", "all"))}) | ${(of("restify", "main") / of("apar", "main")).toFixed(2)} | >= 0.85 |`,
  );
  // BENCH_CALLGRIND_KEEP=dir: the counts kept there (callgrind_annotate --inclusive=yes dir/cg.<pid>.1-01).
  const keep = process.env.BENCH_CALLGRIND_KEEP;
  if (keep !== undefined) cpSync(countDir, keep, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// ---- interleaved rounds -------------------------------------------------------------------------------------------
const apar = await startApar();
const anchor = await startAnchor(false);
// The same statements behind restify with one route: the floor of the design card's HTTP layer.
const restifyFloor = await startAnchor(true);

/** CPU seconds a process has used (user + system), from /proc. */
const cpuOf = (pid: number | undefined): number => {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const load = async (running: Running, duration: number) => {
  const cpu = cpuOf(running.child.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${running.port}${path}`,
    connections: CONNECTIONS,
    duration,
    headers,
  });
  const used = cpuOf(running.child.pid) - cpu;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`not all 200: ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`);
  return { rps: result.requests.total / duration, cpuMs: (used * 1000) / result.requests.total };
};

const sides = { apar, anchor, restify: restifyFloor } as const;
type Side = keyof typeof sides;
const order: readonly Side[] = ["apar", "anchor", "restify"];
const loadStart = loadavg();
// Warm each side for 5 s: apar has far more code than the anchors to bring to its optimised tiers (its first
// round after 2 s of warming was its slowest, run after run).
for (const side of order) await load(sides[side], 5);
const runs: Record<Side, { rps: number; cpuMs: number }[]> = { apar: [], anchor: [], restify: [] };
for (let round = 0; round < rounds; round++) {
  // Each round in another order (apar, anchor, restify; then reversed), so that drift falls on every side alike.
  for (const side of round % 2 === 0 ? order : [...order].reverse()) {
    const run = await load(sides[side], seconds);
    runs[side].push(run);
    console.log(
      `round ${round + 1}  ${side.padEnd(6)} ${Math.round(run.rps).toString().padStart(6)} req/s  ${run.cpuMs.toFixed(2)} ms CPU/req`,
    );
  }
}
await stop(apar);
await stop(anchor);
await stop(restifyFloor);
rmSync(dataDir, { recursive: true, force: true });

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const spread = (xs: readonly number[], digits: number) =>
  `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
const rps = (side: Side) => runs[side].map((r) => r.rps);
const cpus = (side: Side) => runs[side].map((r) => r.cpuMs);
/** Per round: `side`'s rate over `to`'s. */
const rateRatios = (side: Side, to: Side) => runs[side].map((r, i) => r.rps / (runs[to][i]?.rps ?? Number.NaN));
/** Per round: `to`'s CPU per request over `side`'s (above 1: `side` spends less a request). */
const cpuRatios = (side: Side, to: Side) => runs[side].map((r, i) => (runs[to][i]?.cpuMs ?? Number.NaN) / r.cpuMs);
const fmt = (xs: readonly number[]) => xs.map((x) => x.toFixed(2)).join(", ");
const db = onMysql ? "MariaDB" : "SQLite";
console.log(
  `\nGET /v1/bills/{id}, ${db}, ${statements.length} statements, ${rounds} rounds of ${seconds} s, ${CONNECTIONS} connections`,
);
console.log("| side | median req/s | min-max req/s | median ms CPU/req | min-max ms CPU/req |\n|---|---|---|---|---|");
for (const side of order) {
  console.log(
    `| ${side} | ${Math.round(median(rps(side)))} | ${spread(rps(side), 0)} | ${median(cpus(side)).toFixed(3)} | ${spread(cpus(side), 3)} |`,
  );
}
const pairs = [
  ["apar", "restify"],
  ["apar", "anchor"],
  ["restify", "anchor"],
] as const;
for (const [side, to] of pairs) {
  const c = cpuRatios(side, to);
  const r = rateRatios(side, to);
  console.log(
    `ratio ${side}/${to}: by CPU a request ${median(c).toFixed(2)} (min-max ${spread(c, 2)}; per round ${fmt(c)}); by req/s ${median(r).toFixed(2)} (${spread(r, 2)})`,
  );
}
console.log(`load average: at start ${fmt(loadStart)}, at end ${fmt(loadavg())}`);
// The lines bench/run.ts gathers into one table: measure | apar | anchor | ratio | goal.
const cpu = (side: Side) => median(cpus(side)).toFixed(3);
const summary = (side: Side, to: Side, what: string, anchorWhat: string, goal: string) => {
  const c = cpuRatios(side, to);
  console.log(
    `SUMMARY | ${what} | ${Math.round(median(rps(side)))} req/s, ${cpu(side)} ms CPU/req | ${anchorWhat}: ${Math.round(median(rps(to)))} req/s, ${cpu(to)} ms | ${median(c).toFixed(2)} by CPU/req (${spread(c, 2)}) | ${goal} |`,
  );
};
const same = `same ${statements.length} statements, key hash, body`;
summary("apar", "restify", `GET /v1/bills/{id}, ${db}, one process`, `restify with one route, ${same}`, ">= 0.85");
summary(
  "restify",
  "anchor",
  `GET /v1/bills/{id}, ${db}: restify with one route (the design card's HTTP layer alone)`,
  `bare node:http + ${onMysql ? "mysql2" : "sqlite3"}, ${same}`,
  "what apar's ratio to the bare anchor cannot exceed",
);
