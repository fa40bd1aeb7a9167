// bench:ocr: OCR throughput of the reader's path (a scan file in: decoded natively to grey pixels, read by the
// tesseract.js pool, one worker per core) against Debian's native `tesseract` reading the same files, and against
// native tesseract given the same grey pixels (the same spix files the pool is handed); the pool on those prepared
// pixels is measured too (like with like: no decoding on either side; the headline). In interleaved rounds (the order turns each
// round) so that a busy machine slows every side alike. Each side is measured in pages per minute and in CPU
// seconds per page (what a busy machine stretches far less). Then text-layer PDF bills per second.
// Like with like: the same eng LSTM data, --oem 1 (LSTM), page-segmentation mode 6 and interword spaces on both
// sides; one single-threaded tesseract.js worker per core against one native process per core with
// OMP_THREAD_LIMIT=1, each given its share of the round's pages as one list (balanced by pixels). Start-up is not
// throughput on either side: the pool's workers are started before the rounds, and native's start-up (loading the
// model, measured on a blank 8x8 image, median of five) is taken off each process's CPU and off the round's time.
//   npm run bench:ocr            BENCH_ROUNDS=5 (rounds), BENCH_PASSES=2 (passes over the scans per round)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { greyPix } from "../../adapters/src/reading/grey-pix.js";
import { createDocumentReader } from "../../adapters/src/reading/index.js";
import { languageFolder } from "../../adapters/src/reading/ocr-languages.js";
import { createOcrPool } from "../../adapters/src/reading/ocr-pool.js";
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
interface Page {
  file: string;
  pixels: number;
}
const pngFiles: Page[] = [];
const pixFiles: Page[] = [];
const greyPages: Uint8Array[] = [];
for (const [i, s] of scans.entries()) {
  const size = new DataView(s.bytes.buffer, s.bytes.byteOffset);
  const pixels = size.getUint32(16) * size.getUint32(20);
  pngFiles.push({ file: join(dir, `p${i}.png`), pixels });
  writeFileSync(join(dir, `p${i}.png`), s.bytes);
  greyPages.push(await imageForOcr(s.bytes, "png"));
  pixFiles.push({ file: join(dir, `p${i}.spix`), pixels });
  writeFileSync(join(dir, `p${i}.spix`), greyPages[i] as Uint8Array);
}
const blank = join(dir, "blank.spix");
writeFileSync(blank, greyPix(8, 8, new Uint8Array(8 * 8 * 4).fill(255)));

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
const viaPixels = () => measure(() => Promise.all(all(greyPages).map((p) => pool.recognize(p))), "self");
// One native process reads the images a file names, one per line.
const cli = (input: string) =>
  run(
    "tesseract",
    [input, "-", "--tessdata-dir", dir, "-l", "eng", "--oem", "1", "--psm", "6", "-c", "preserve_interword_spaces=1"],
    { env: { ...process.env, OMP_THREAD_LIMIT: "1" }, maxBuffer: 64 * 2 ** 20 },
  );
// Native start-up: CPU and time of reading a blank 8x8 image, median of five runs.
const startUp = async (): Promise<{ cpu: number; ms: number }> => {
  const cpu: number[] = [];
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c0 = cpuSeconds().children;
    const t0 = performance.now();
    await cli(blank);
    ms.push(performance.now() - t0);
    cpu.push(cpuSeconds().children - c0);
  }
  return { cpu: median(cpu), ms: median(ms) };
};
// The round's pages shared among the processes, each page to the one with the fewest pixels so far (largest first).
const shares = (pages: readonly Page[]): string[][] => {
  const load = Array.from({ length: cores }, () => ({ pixels: 0, files: [] as string[] }));
  for (const p of [...pages].sort((a, b) => b.pixels - a.pixels)) {
    const least = load.reduce((a, b) => (b.pixels < a.pixels ? b : a));
    least.pixels += p.pixels;
    least.files.push(p.file);
  }
  return load.filter((l) => l.files.length > 0).map((l) => l.files);
};
let nativeStart = { cpu: 0, ms: 0 };
const viaNative = (files: readonly Page[]) => async (): Promise<Figure> => {
  const lists = shares(all(files)).map((list, i) => {
    const name = join(dir, `list-${i}.txt`);
    writeFileSync(name, `${list.join("\n")}\n`);
    return name;
  });
  const f = await measure(() => Promise.all(lists.map(cli)), "children");
  const ms = (pages / f.perMinute) * 60_000 - nativeStart.ms;
  return {
    perMinute: (pages / ms) * 60_000,
    cpuPerPage: f.cpuPerPage - (lists.length * nativeStart.cpu) / pages,
  };
};

let native = true;
try {
  nativeStart = await startUp();
} catch (e) {
  native = false;
  console.log(`native tesseract not run (apt-get install tesseract-ocr): ${(e as Error).message.split("\n")[0]}`);
}

const sides = native
  ? ([
      ["tesseract.js (the reader's path)", viaReader],
      ["native on the scan files", viaNative(pngFiles)],
      ["native on the same grey pixels", viaNative(pixFiles)],
      ["tesseract.js on the same grey pixels", viaPixels],
    ] as const)
  : ([["tesseract.js (the reader's path)", viaReader]] as const);
const figures: Figure[][] = sides.map(() => []);
console.log(
  `cores: ${cores}; ${pages} pages per round (${scans.length} scans, 200 and 300 dpi); native start-up ${nativeStart.cpu.toFixed(2)} CPU s, ${nativeStart.ms.toFixed(0)} ms (taken off); load ${load()}`,
);
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
// Each tesseract.js side against the native side given the same input. The headline first: the same decoded grey
// pixels on both sides (what the pool is handed, as spix files for native), so that neither side's figure holds a
// decoder the other lacks; then the reader's whole path (decoding included) against native decoding the PNG itself.
const pairs = native
  ? ([
      [3, 2],
      [0, 1],
    ] as const)
  : [];
const ratios = (js: readonly Figure[], f: readonly Figure[]) => ({
  perMinute: spread(js.map((x, r) => x.perMinute / (f[r] as Figure).perMinute)),
  cpu: spread(js.map((x, r) => (f[r] as Figure).cpuPerPage / x.cpuPerPage)),
});
for (const [j, n] of pairs) {
  const ratio = ratios(figures[j] as Figure[], figures[n] as Figure[]);
  console.log(
    `ratio ${sides[j]?.[0]} / ${sides[n]?.[0]}: ${ratio.perMinute} by pages/min, ${ratio.cpu} by CPU per page (goal >= 0.9)`,
  );
}

// The lines bench/run.ts gathers into one table: measure | apar | anchor | ratio | goal.
const figure = (f: readonly Figure[]) =>
  `${median(f.map((x) => x.cpuPerPage)).toFixed(2)} CPU s/page, ${median(f.map((x) => x.perMinute)).toFixed(1)} pages/min`;
for (const [j, n] of pairs) {
  const js = figures[j] as Figure[];
  const f = figures[n] as Figure[];
  console.log(
    `SUMMARY | OCR${j === 3 ? " (headline: same input)" : ""}, ${sides[j]?.[0]} vs ${sides[n]?.[0]} | ${figure(js)} | ${figure(f)} | ${ratios(js, f).cpu} by CPU, ${ratios(js, f).perMinute} by pages/min | >= 0.90 |`,
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
