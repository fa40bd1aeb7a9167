// bench:ocr: pages per minute of the tesseract.js pool against Debian's native `tesseract` (OMP_THREAD_LIMIT=1,
// same eng LSTM data, same page-segmentation mode 6) on the committed scans, and text-layer PDF bills per second.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { createDocumentReader } from "../../adapters/src/reading/index.js";
import { createOcrPool, languageFolder } from "../../adapters/src/reading/ocr-pool.js";
import { fixtures } from "../../test/adapters/reading/accuracy.js";

const run = promisify(execFile);
const cores = availableParallelism();
const scans = fixtures("scan");
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const pages = Array.from({ length: rounds }, () => scans).flat();

const pool = createOcrPool({ languages: ["eng"], size: cores });
await pool.recognize(scans[0]?.bytes as Uint8Array); // warm one worker: start-up is not throughput
let t0 = performance.now();
await Promise.all(pages.map((p) => pool.recognize(p.bytes)));
const jsPerMin = (pages.length / (performance.now() - t0)) * 60_000;
await pool.close();

const dir = mkdtempSync(join(tmpdir(), "apar-bench-"));
writeFileSync(
  join(dir, "eng.traineddata"),
  gunzipSync(readFileSync(join(languageFolder("eng"), "eng.traineddata.gz"))),
);
const files = scans.map((s, i) => {
  const f = join(dir, `p${i}.png`);
  writeFileSync(f, s.bytes);
  return f;
});
let nativePerMin: number | null = null;
try {
  const cli = (f: string) =>
    run("tesseract", [f, "-", "--tessdata-dir", dir, "-l", "eng", "--psm", "6", "-c", "preserve_interword_spaces=1"], {
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    });
  const queue = Array.from({ length: rounds }, () => files).flat();
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: cores }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await cli(f);
    }),
  );
  nativePerMin = (pages.length / (performance.now() - t0)) * 60_000;
} catch (e) {
  console.log(`native tesseract not run: ${(e as Error).message.split("\n")[0]}`);
}

const reader = createDocumentReader({ languages: ["eng"] });
const pdfs = fixtures("pdf");
await reader.read(
  { bytes: pdfs[0]?.bytes as Uint8Array, mediaType: "application/pdf", filename: null },
  { method: "ocr" },
);
t0 = performance.now();
let n = 0;
while (performance.now() - t0 < 3000) {
  for (const p of pdfs)
    await reader.read({ bytes: p.bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
  n += pdfs.length;
}
const pdfPerSec = n / ((performance.now() - t0) / 1000);
await reader.close();

console.log(`cores: ${cores}; pages: ${pages.length} scans (200 and 300 dpi)`);
console.log(`tesseract.js pool: ${jsPerMin.toFixed(1)} pages/min`);
if (nativePerMin !== null) {
  console.log(`native tesseract (OMP_THREAD_LIMIT=1, ${cores} processes): ${nativePerMin.toFixed(1)} pages/min`);
  console.log(`ratio tesseract.js / native: ${(jsPerMin / nativePerMin).toFixed(2)} (goal >= 0.9)`);
}
console.log(`text-layer PDF bills: ${pdfPerSec.toFixed(1)} per second (one reader, sequential)`);
