// Reading throughput: one-page text bills (the fixture generator's three layouts in three languages, each bill
// distinct) uploaded over HTTP to a real host (api and worker roles, its reading processes), measured twice:
//   capacity: every bill uploaded at once; bills read a minute, and CPU ms a bill of the host's whole process tree
//     (the host, its reading processes, those it replaced) from /proc, whatever else the machine runs;
//   offered: bills uploaded at a steady rate (default 1,000 a minute); upload-to-read p50/p99 (the bill's state
//     leaves Extracting), and whether the host kept up.
// This process (the uploader and the poller) takes its own share of the cores, as a client on the same machine would.
// Usage: npm run bench:read-throughput [-- bills rate-per-minute]   (BENCH_DB=mysql://root@127.0.0.1:3306/ for MariaDB,
// database apar_bench_read_throughput;
// BENCH_NODE_OPTIONS for the host's node flags)
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import mysql from "mysql2/promise";
import { type Bill, type Language, type Layout, makeBill } from "../../fixtures/generator/bill-data.js";
import { seeded } from "../../fixtures/generator/random.js";
import { renderPdf } from "../../fixtures/generator/render-pdf.js";
import { percentile, startBenchHost } from "../host-session.js";
import { benchDatabase } from "../mysql-database.js";

const count = Number(process.argv[2] ?? 300);
const ratePerMinute = Number(process.argv[3] ?? 1_000);
const db = process.env.BENCH_DB;

const LANGS: readonly Language[] = ["en", "de", "fr"];
const LAYOUTS: readonly Layout[] = ["classic", "title-first", "letter"];
const makeBills = async (n: number, seed: number): Promise<Uint8Array[]> => {
  const r = seeded(seed);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const bill: Bill = makeBill(r, `T${seed}-${i}`, LANGS[i % 3] as Language, LAYOUTS[Math.floor(i / 3) % 3] as Layout);
    out.push(await renderPdf(bill));
  }
  return out;
};

const TICKS = 100; // USER_HZ on Linux
/** CPU ms of a process alone (utime, stime). */
const ownCpuMs = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / TICKS;
  } catch {
    return 0;
  }
};
/** CPU ms of a process and its descendants (living ones, and those it has reaped through cutime/cstime). */
const treeCpuMs = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[11..14]: utime stime cutime cstime (the 14th to 17th of the whole line)
    const own = [11, 12, 13, 14].reduce((s, i) => s + Number(fields[i] ?? 0), 0);
    let children: number[] = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (list !== "") children = children.concat(list.split(" ").map(Number));
    }
    return (own * 1000) / TICKS + children.reduce((s, c) => s + treeCpuMs(c), 0);
  } catch {
    return 0;
  }
};

const host = await startBenchHost({
  APAR_ROLES: "api,worker",
  ...(db === undefined ? {} : { DATABASE_URL: await benchDatabase(db, "apar_bench_read_throughput", true) }),
  // BENCH_NODE_OPTIONS=--cpu-prof (say) profiles the host and its reading processes.
  ...(process.env.BENCH_NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }),
});
const pid = host.host.child.pid ?? 0;
/** The MariaDB server's own process, when it runs on this machine (its pid file names it), for its CPU a bill. */
const serverPid = async (): Promise<number | null> => {
  if (db === undefined) return null;
  const connection = await mysql.createConnection(db);
  try {
    const [rows] = await connection.query("SELECT @@pid_file AS f");
    const file = (rows as { f: string }[])[0]?.f;
    return file === undefined ? null : Number(readFileSync(file, "utf8").trim());
  } catch {
    return null;
  } finally {
    await connection.end();
  }
};
const dbPid = await serverPid();

const upload = async (bytes: Uint8Array, i: number): Promise<string> => {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), `bill-${i}.pdf`);
  const r = await fetch(`${host.base}/v1/bills`, { method: "POST", headers: host.headers, body: form });
  if (r.status !== 202) throw new Error(`upload answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { id: string }).id;
};

/**
 * Marks the bills that have left Extracting, with the time they were first seen so: the list of bills still
 * Extracting (shrinking as they are read) is all that is asked, twice a second.
 */
const poll = async (readAt: Map<string, number>, ids: ReadonlySet<string>): Promise<void> => {
  const extracting = new Set<string>();
  let cursor: string | null = null;
  do {
    const url: string = `${host.base}/v1/bills?state=Extracting&limit=100${cursor === null ? "" : `&cursor=${cursor}`}`;
    const r = await fetch(url, { headers: host.headers });
    if (r.status !== 200) throw new Error(`the bill list answered ${r.status}: ${await r.text()}`);
    const page = (await r.json()) as { data: { id: string }[]; nextCursor: string | null };
    for (const b of page.data) extracting.add(b.id);
    cursor = page.nextCursor;
  } while (cursor !== null);
  const now = performance.now();
  for (const id of ids) if (!extracting.has(id) && !readAt.has(id)) readAt.set(id, now);
};

/** How many of the bills failed to read. */
const failures = async (ids: ReadonlySet<string>): Promise<number> => {
  let failed = 0;
  let cursor: string | null = null;
  do {
    const url: string = `${host.base}/v1/bills?state=ExtractionFailed&limit=100${cursor === null ? "" : `&cursor=${cursor}`}`;
    const page = (await (await fetch(url, { headers: host.headers })).json()) as {
      data: { id: string }[];
      nextCursor: string | null;
    };
    failed += page.data.filter((b) => ids.has(b.id)).length;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return failed;
};

interface Outcome {
  readonly seconds: number;
  readonly cpuMsPerBill: number;
  /** Of which the host process itself (HTTP, jobs, database; the rest is the reading processes). */
  readonly hostMsPerBill: number;
  /** The database server's CPU a bill (MariaDB on this machine; every client's, so other sessions' count too). */
  readonly serverMsPerBill: number | null;
  readonly latencies: number[];
  readonly failed: number;
}

/** Uploads the bills, one every `gapMs` (0: all at once, 8 at a time), and waits until each has been read. */
const run = async (bills: readonly Uint8Array[], gapMs: number): Promise<Outcome> => {
  const ids = new Set<string>();
  const sentAt = new Map<string, number>();
  const readAt = new Map<string, number>();
  const cpuBefore = treeCpuMs(pid);
  const hostBefore = ownCpuMs(pid);
  const serverBefore = dbPid === null ? 0 : ownCpuMs(dbPid);
  const started = performance.now();
  const uploads = (async () => {
    if (gapMs === 0) {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = next++; i < bills.length; i = next++) {
            const t = performance.now();
            const id = await upload(bills[i] as Uint8Array, i);
            ids.add(id);
            sentAt.set(id, t);
          }
        }),
      );
      return;
    }
    const pending: Promise<void>[] = [];
    for (let i = 0; i < bills.length; i++) {
      const due = started + i * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(
        upload(bills[i] as Uint8Array, i).then((id) => {
          ids.add(id);
          sentAt.set(id, due);
        }),
      );
    }
    await Promise.all(pending);
  })();
  let uploaded = false;
  void uploads.then(() => {
    uploaded = true;
  });
  while (!uploaded || readAt.size < bills.length) {
    await new Promise((r) => setTimeout(r, 500));
    await poll(readAt, ids);
  }
  await uploads;
  const seconds = (Math.max(...readAt.values()) - started) / 1000;
  const cpuMsPerBill = (treeCpuMs(pid) - cpuBefore) / bills.length;
  const hostMsPerBill = (ownCpuMs(pid) - hostBefore) / bills.length;
  const serverMsPerBill = dbPid === null ? null : (ownCpuMs(dbPid) - serverBefore) / bills.length;
  const latencies = [...readAt].map(([id, t]) => t - (sentAt.get(id) ?? t));
  return { seconds, cpuMsPerBill, hostMsPerBill, serverMsPerBill, latencies, failed: await failures(ids) };
};

const loadStart = loadavg();
try {
  console.log(
    `${count} one-page text bills a run, ${availableParallelism()} cores, ${db === undefined ? "SQLite" : "MariaDB"}`,
  );
  await run(await makeBills(20, 1), 0); // warm: reading processes started, code compiled
  const capacity = await run(await makeBills(count, 2), 0);
  const perMinute = (count / capacity.seconds) * 60;
  console.log(
    `capacity: ${count} bills read in ${capacity.seconds.toFixed(1)} s = ${Math.round(perMinute)} bills a minute; ` +
      `${capacity.cpuMsPerBill.toFixed(0)} ms CPU a bill (${capacity.hostMsPerBill.toFixed(0)} the host process, the rest its reading processes)` +
      (capacity.serverMsPerBill === null ? "" : ` and ${capacity.serverMsPerBill.toFixed(0)} ms in MariaDB`) +
      `, ` +
      `${Math.round((availableParallelism() * 60_000) / (capacity.cpuMsPerBill + (capacity.serverMsPerBill ?? 0)))} a minute if the host had the cores to itself; ` +
      `${capacity.failed} failed`,
  );
  const offered = await run(await makeBills(count, 3), 60_000 / ratePerMinute);
  const p50 = percentile(offered.latencies, 50) / 1000;
  const p99 = percentile(offered.latencies, 99) / 1000;
  const kept = (count / offered.seconds) * 60;
  console.log(
    `offered ${ratePerMinute} a minute: read at ${Math.round(kept)} a minute; upload-to-read p50 ${p50.toFixed(1)} s, ` +
      `p99 ${p99.toFixed(1)} s; ${offered.cpuMsPerBill.toFixed(0)} ms CPU a bill; ${offered.failed} failed`,
  );
  console.log(
    `load average: ${loadStart.map((l) => l.toFixed(1)).join(" ")} -> ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `SUMMARY | one-page text bills read a minute, ${db === undefined ? "sqlite" : "mariadb"} | ${Math.round(perMinute)} | ${capacity.cpuMsPerBill.toFixed(0)} ms CPU a bill; at ${ratePerMinute}/min offered p99 ${p99.toFixed(1)} s | ${(perMinute / 1000).toFixed(2)} of 1,000 | >= 1,000 a minute on 2 cores |`,
  );
} finally {
  await host.stop();
}
