// With several OCR languages the pool copies their data side by side into a folder of its own; closing the pool
// removes it (each reading process made one, and /tmp filled with them). One language reads from its package.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOcrPool } from "@apar/adapters/reading/ocr-pool";
import test from "ava";
import { FIXTURES } from "./accuracy.js";

test("the folder of several languages' data lives as long as its pool", async (t) => {
  // This file's own temporary folder (os.tmpdir() reads TMPDIR), so other test files' pools are not counted.
  const scratch = mkdtempSync(join(tmpdir(), "apar-pool-files-"));
  process.env.TMPDIR = scratch;
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
  const scan = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
  const one = createOcrPool({ languages: ["eng"], size: 1 });
  t.deepEqual(readdirSync(scratch), []);
  await one.close();
  const pool = createOcrPool({ languages: ["eng", "deu"], size: 1 });
  const [folder] = readdirSync(scratch);
  t.regex(folder ?? "", /^apar-tessdata-/);
  t.deepEqual(readdirSync(join(scratch, folder ?? "")).sort(), ["deu.traineddata.gz", "eng.traineddata.gz"]);
  t.true((await pool.recognize(scan, undefined, ["deu"])).some((line) => line.includes("INVOICE")));
  await pool.close();
  t.deepEqual(readdirSync(scratch), []);
});
