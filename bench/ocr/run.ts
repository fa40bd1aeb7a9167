// bench:ocr: OCR throughput of the reader's path (a scan file in: decoded natively to grey pixels, read by the
// tesseract.js pool, one worker per core) against Debian's native `tesseract` (OMP_THREAD_LIMIT=1, one process per
// core, the same eng LSTM data, page-segmentation mode 6 and interword spaces) reading the same files, and against
// native tesseract given the same grey pixels; in interleaved rounds (the order turns each round) so that a busy
// machine slows every side alike. Each side is measured in pages per minute and in CPU seconds per page (what a
// busy machine stretches far less). Then text-layer PDF bills per second.
//   npm run bench:ocr            BENCH_ROUNDS=5 (rounds), BENCH_PASSES=2 (passes over the scans per round)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { createDocumentReader } from "../../adapters/src/reading/index.js";
import { createOcrPool, languageFolder } from "../../adapters/src/reading/ocr-pool.js";
import { imageForOcr } from "../../adapters/src/reading/pixels.js";
import { fixtures } from "../../test/adapters/reading/accuracy.js";

const run = promisify(execFile);
const cores = availableParallelism();
const scans = fixtures("scan");
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const passes = Number(process.env.BENCH_PASSES ?? 2);
const pages = passes * scans.length;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const spread = (xs: readonly number[]) =>
  `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;

const dir = mkdtempSync(join(tmpdir(), "apar-bench-"));
writeFileSync(
  join(dir, "eng.traineddata"),
  gunzipSync(readFileSync(join(languageFolder("eng"), "eng.traineddata.gz"))),
);
const pngFiles: string[] = [];
const pgmFiles: string[] = [];
for (const [i, s] of scans.entries()) {
  pngFiles.push(join(dir, `p${i}.png`));
  writeFileSync(pngFiles[i] as string, s.bytes);
  pgmFiles.push(join(dir, `p${i}.pgm`));
  writeFileSync(pgmFiles[i] as string, await imageForOcr(s.bytes, "png"));
}

const pool = createOcrPool({ languages: ["eng"], size: cores });
// Start every worker first: start-up is not throughput.
await Promise.all(Array.from({ length: cores }, () => pool.recognize(scans[0]?.bytes as Uint8Array)));

// CPU seconds of this process (the pool's worker threads included) and of its waited-for children (native
// tesseract), from /proc/self/stat in clock ticks.
const cpuSeconds = (): { self: number; children: number } => {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const x = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // utime, stime, cutime and cstime (fields 14-17 of stat) are 11-14 after the state field.
  return {
    self: ((x[11] as number) + (x[12] as number)) / 100,
    children: ((x[13] as number) + (x[14] as number)) / 100,
  };
};
interface Figure {
  perMinute: number;
  cpuPerPage: number;
}
const measure = async (work: () => Promise<unknown>, of: "self" | "children"): Promise<Figure> => {
  const c0 = cpuSeconds()[of];
  const t0 = performance.now();
  await work();
  return {
    perMinute: (pages / (performance.now() - t0)) * 60_000,
    cpuPerPage: (cpuSeconds()[of] - c0) / pages,
  };
};
const all = <A>(xs: readonly A[]): A[] => Array.from({ length: passes }, () => xs).flat();
const viaReader = () =>
  measure(() => Promise.all(all(scans).map(async (s) => pool.recognize(await imageForOcr(s.bytes, "png")))), "self");
const cli = (f: string) =>
  run("tesseract", [f, "-", "--tessdata-dir", dir, "-l", "eng", "--psm", "6", "-c", "preserve_interword_spaces=1"], {
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
  });
const viaNative = (files: readonly string[]) => () =>
  measure(async () => {
    const queue = all(files);
    await Promise.all(
      Array.from({ length: cores }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) await cli(f);
      }),
    );
  }, "children");

let native = true;
try {
  await cli(pngFiles[0] as string);
} catch (e) {
  native = false;
  console.log(`native tesseract not run (apt-get install tesseract-ocr): ${(e as Error).message.split("\n")[0]}`);
}

const sides = native
  ? ([
      ["tesseract.js (the reader's path)", viaReader],
      ["native on the scan files", viaNative(pngFiles)],
      ["native on the same grey pixels", viaNative(pgmFiles)],
    ] as const)
  : ([["tesseract.js (the reader's path)", viaReader]] as const);
const figures: Figure[][] = sides.map(() => []);
console.log(`cores: ${cores}; ${pages} pages per round (${scans.length} scans, 200 and 300 dpi); load ${load()}`);
for (let r = 0; r < rounds; r++) {
  // Each round starts with another side.
  const order = sides.map((_, i) => (i + r) % sides.length);
  for (const i of order) (figures[i] as Figure[]).push(await (sides[i] as (typeof sides)[number])[1]());
  const line = sides.map(
    ([name], i) =>
      `${name} ${figures[i]?.[r]?.perMinute.toFixed(1)} pages/min, ${figures[i]?.[r]?.cpuPerPage.toFixed(2)} CPU s/page`,
  );
  console.log(`round ${r + 1}: ${line.join("; ")}; load ${load()}`);
}
await pool.close();
for (const [i, [name]] of sides.entries()) {
  const f = figures[i] as Figure[];
  console.log(
    `${name}: ${spread(f.map((x) => x.perMinute))} pages/min, ${spread(f.map((x) => x.cpuPerPage))} CPU s/page`,
  );
}
const js = figures[0] as Figure[];
for (const [i, [name]] of sides.entries()) {
  if (i === 0) continue;
  const f = figures[i] as Figure[];
  console.log(
    `ratio tesseract.js / ${name}: ${spread(js.map((x, r) => x.perMinute / (f[r] as Figure).perMinute))} by pages/min, ${spread(js.map((x, r) => (f[r] as Figure).cpuPerPage / x.cpuPerPage))} by CPU per page (goal >= 0.9)`,
  );
}

// The lines bench/run.ts gathers into one table: measure | apar | anchor | ratio | goal.
const jsCpu = median(js.map((x) => x.cpuPerPage));
for (const [i, [name]] of sides.entries()) {
  if (i === 0) continue;
  const f = figures[i] as Figure[];
  console.log(
    `SUMMARY | OCR, tesseract.js pool vs ${name} | ${jsCpu.toFixed(2)} CPU s/page, ${median(js.map((x) => x.perMinute)).toFixed(1)} pages/min | ${median(f.map((x) => x.cpuPerPage)).toFixed(2)} CPU s/page, ${median(f.map((x) => x.perMinute)).toFixed(1)} pages/min | ${spread(js.map((x, r) => (f[r] as Figure).cpuPerPage / x.cpuPerPage))} | >= 0.90 |`,
  );
}

const reader = createDocumentReader({ languages: ["eng"] });
const pdfs = fixtures("pdf");
await reader.read(
  { bytes: pdfs[0]?.bytes as Uint8Array, mediaType: "application/pdf", filename: null },
  { method: "ocr" },
);
const t0 = performance.now();
let n = 0;
while (performance.now() - t0 < 3000) {
  for (const p of pdfs)
    await reader.read({ bytes: p.bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
  n += pdfs.length;
}
const pdfPerSec = n / ((performance.now() - t0) / 1000);
await reader.close();
console.log(`text-layer PDF bills: ${pdfPerSec.toFixed(1)} per second (one reader, sequential); load ${load()}`);
