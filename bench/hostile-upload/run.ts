// /healthz latency and memory while hostile documents are read (SQLite; MySQL with APAR_TEST_DATABASE_URL):
//   npm run bench:hostile-upload                                  (the host from source, under tsx)
//   npm run build && APAR_TEST_HOST=dist npm run bench:hostile-upload  (the built host, as in production)
// Starts the real host as its own process, uploads each bomb BENCH_ROUNDS times (a PDF whose attached e-invoice
// is a GiB of compressed zeros, one whose page content is, the same encrypted, 17 MiB of XML, a PNG claiming
// 10^10 pixels) while one client calls /healthz back to back, and samples the resident memory of the host and
// its reading processes.
import { readdirSync, readFileSync } from "node:fs";
import {
  encryptedPdfWithBombPage,
  hugePng,
  oversizeXml,
  pdfWithBombAttachment,
  pdfWithBombPage,
} from "../../test/helpers/bombs.js";
import { percentile, startBenchHost, healthLoop as watchHealth } from "../host-session.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const bench = await startBenchHost();
const { host, base, headers } = bench;

// Resident memory of a process and all its descendants, in MiB.
const rssOf = (pid: number): number => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    let children: number[] = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (list !== "") children = children.concat(list.split(" ").map(Number));
    }
    return kb / 1024 + children.reduce((sum, c) => sum + rssOf(c), 0);
  } catch {
    return 0;
  }
};
const pid = host.child.pid ?? 0;
const hostOnly = (): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

const healthLoop = (stop: { done: boolean }, into: number[]) => watchHealth(base, stop, into);

const upload = async (bytes: Buffer, filename: string): Promise<string> => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  const r = await fetch(`${base}/v1/bills`, { method: "POST", headers, body: form });
  if (r.status !== 202) throw new Error(`upload answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { id: string }).id;
};

// Quiet: /healthz alone.
const quiet: number[] = [];
const quietStop = { done: false };
const quietRun = healthLoop(quietStop, quiet);
await new Promise((r) => setTimeout(r, 3_000));
quietStop.done = true;
await quietRun;
const before = { tree: rssOf(pid), host: hostOnly() };

const bombs: [string, Buffer][] = [
  ["bill.pdf", await pdfWithBombAttachment()],
  ["bill.pdf", await pdfWithBombPage()],
  ["bill.pdf", await encryptedPdfWithBombPage()],
  ["bill.xml", oversizeXml(17 * 2 ** 20)],
  ["bill.png", hugePng()],
];
let peakTree = 0;
let peakHost = 0;
const sampler = setInterval(() => {
  peakTree = Math.max(peakTree, rssOf(pid));
  peakHost = Math.max(peakHost, hostOnly());
}, 20);
const loaded: number[] = [];
const stop = { done: false };
const health = healthLoop(stop, loaded);
const started = performance.now();
const ids: string[] = [];
for (let round = 0; round < ROUNDS; round++) for (const [name, bytes] of bombs) ids.push(await upload(bytes, name));
const outcomes = new Map<string, number>();
for (const id of ids) {
  for (;;) {
    const bill = (await (await fetch(`${base}/v1/bills/${id}`, { headers })).json()) as {
      state: string;
      readFailure: { reason: string } | null;
    };
    if (bill.state !== "Extracting") {
      const k = `${bill.state} ${bill.readFailure?.reason ?? ""}`.trim();
      outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const elapsed = performance.now() - started;
stop.done = true;
await health;
clearInterval(sampler);
await new Promise((r) => setTimeout(r, 5_000));
const after = { tree: rssOf(pid), host: hostOnly() };

const f = (n: number) => n.toFixed(1);
console.log(
  `hostile uploads: ${ids.length} bombs (${ROUNDS} rounds of ${bombs.length}) read in ${f(elapsed / 1000)} s`,
);
console.log(`outcomes: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(", ")}`);
console.log(
  `/healthz quiet:  p50 ${f(percentile(quiet, 50))} ms, p99 ${f(percentile(quiet, 99))} ms (${quiet.length} calls)`,
);
console.log(
  `/healthz bombs:  p50 ${f(percentile(loaded, 50))} ms, p99 ${f(percentile(loaded, 99))} ms, max ${f(Math.max(...loaded))} ms (${loaded.length} calls)`,
);
console.log(`RSS before:      host ${f(before.host)} MiB, host + reading processes ${f(before.tree)} MiB`);
console.log(`RSS peak:        host ${f(peakHost)} MiB, host + reading processes ${f(peakTree)} MiB`);
console.log(`RSS 5 s after:   host ${f(after.host)} MiB, host + reading processes ${f(after.tree)} MiB`);

await bench.stop();
