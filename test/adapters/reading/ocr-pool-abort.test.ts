// A job's signal stops that job and no other: the pool holds it only while the job runs.
import { getEventListeners } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createOcrPool } from "@apar/adapters/reading/ocr-pool";
import test from "ava";
import { FIXTURES } from "./accuracy.js";

test("a signal that fires after its job is done stops nothing the worker runs next", async (t) => {
  // A later abort used to end the worker, and the job on it then never finished: another page's, or another
  // document's when readings share the pool.
  const scan = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
  const pool = createOcrPool({ languages: ["eng"], size: 1 });
  t.teardown(() => pool.close());
  const done = new AbortController();
  await pool.recognize(scan, done.signal);
  t.deepEqual(getEventListeners(done.signal, "abort"), []);
  const next = pool.recognize(scan);
  done.abort();
  t.true((await next).some((line) => line.includes("INVOICE")));
});
