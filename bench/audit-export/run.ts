// The audit log's export at size (SQLite; MySQL/MariaDB with APAR_TEST_DATABASE_URL):
//   npm run bench:audit-export                                   (the host from source, under tsx)
//   npm run build && APAR_TEST_HOST=dist npm run bench:audit-export  (the built host, as in production)
// Starts the real host as its own process, writes BENCH_AUDIT_ENTRIES entries (default 200,000: a year of a busy
// organisation, each with a few changed fields) straight into its database through the audit log's own store, then
// downloads GET /v1/audit-events/export as CSV, as JSON Lines and as CSV again (warm), reading the body as it streams. Prints rows/s and
// the host's resident memory before and at its peak during each export (sampled from /proc every 20 ms). V8 collects
// lazily, so RSS climbs toward what the heap may use before it levels; with BENCH_AUDIT_HEAP_MB=96 the host's heap
// is capped, and an export that held its rows could not finish.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { type AuditRecord, uuidV7Generator } from "@apar/core";
import { startBenchHost } from "../host-session.js";

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 200_000);
const BATCH = 2_000;
const YEAR_MS = 365 * 86_400_000;

// BENCH_AUDIT_HEAP_MB caps the host's V8 heap (old space): an export that held its rows would run out of it.
const HEAP_MB = process.env.BENCH_AUDIT_HEAP_MB;
const bench = await startBenchHost(HEAP_MB === undefined ? {} : { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
const pid = bench.host.child.pid ?? 0;
const organisationId = bench.headers["x-service-organisation-id"] ?? "";
const rssMiB = (): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  // The organisation's client, from its own first entry (the first start wrote it).
  const organisations = (await (await fetch(`${bench.base}/v1/organisations`, { headers: bench.headers })).json()) as {
    data: { id: string; clientId: string }[];
  };
  const clientId = organisations.data[0]?.clientId ?? "";
  const database = await openSqlDatabase(
    bench.env.env.DATABASE_URL === undefined
      ? { sqliteFile: join(bench.env.dataDir, "apar.sqlite") }
      : { url: bench.env.env.DATABASE_URL },
  );
  // Ids over the past year, in order, as a year of changes would have made them.
  let at = Date.now() - YEAR_MS;
  const ids = uuidV7Generator({ now: () => new Date(at) }, (n) => crypto.getRandomValues(new Uint8Array(n)));
  const seeding = performance.now();
  for (let done = 0; done < ENTRIES; done += BATCH) {
    const records: AuditRecord[] = Array.from({ length: Math.min(BATCH, ENTRIES - done) }, (_, i) => {
      at += Math.floor(YEAR_MS / ENTRIES);
      const id = ids.next();
      const n = done + i;
      return {
        id,
        occurredAt: new Date(at),
        clientId,
        organisationId,
        actor:
          n % 7 === 0 ? { type: "system", id: null } : { type: "user", id: "0190cccc-0000-7000-8000-000000000001" },
        type: n % 3 === 0 ? "bill.approved" : "supplier.updated",
        resourceType: n % 3 === 0 ? "bill" : "supplier",
        resourceId: `0190dddd-0000-7000-8000-${(n % 5000).toString(16).padStart(12, "0")}`,
        changes: {
          state: { before: "NeedsApproval", after: "Approved" },
          totalAmount: { before: "1234.50", after: `${(n % 9000) + 1}.25` },
          "approval.approvals": { before: [], after: [{ by: "someone", at: new Date(at).toISOString() }] },
        },
        requestId: `bench-${n}`,
      };
    });
    await database.run((s) => s.auditLog.append(records));
  }
  await database.close();
  console.log(`seeded ${ENTRIES} entries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  // CSV again last: the first export also pays for reading the table into the database's cache.
  for (const format of ["csv", "jsonl", "csv"] as const) {
    const before = rssMiB();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB());
    }, 20);
    const started = performance.now();
    const answer = await fetch(`${bench.base}/v1/audit-events/export?format=${format}`, { headers: bench.headers });
    if (answer.status !== 200 || answer.body === null) throw new Error(`export answered ${answer.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of answer.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB());
    // CSV: a header row, and a row may span lines only when a field holds a line break (none here).
    const rows = format === "csv" ? lines - 1 : lines;
    console.log(
      `${format}: ${rows} rows (${(bytes / 2 ** 20).toFixed(1)} MiB) in ${seconds.toFixed(1)} s = ` +
        `${Math.round(rows / seconds)} rows/s; host RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB ` +
        `(+${(peak - before).toFixed(0)} MiB)`,
    );
  }
} finally {
  await bench.stop();
}
