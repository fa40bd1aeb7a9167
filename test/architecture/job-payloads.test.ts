import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import test from "ava";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) ? [path] : [];
  });

/**
 * A job payload read by a cast instead of its codec: `payload as X`, `job.payload as X`, or a cast to a job's
 * payload type (`p as ReadBillJob`, `x as Partial<SendReminderJob>`).
 */
const CAST = /\bpayload\s+as\s|\bas\s+(?:Partial<|Readonly<)?[A-Z]\w*Job\b/;

const castsIn = (text: string): number[] => text.split("\n").flatMap((line, i) => (CAST.test(line) ? [i + 1] : []));

test("no job payload is cast in core, adapters or host: the worker decodes it with its job's codec", (t) => {
  const found = ["core/src", "adapters/src", "host/src"].flatMap((folder) =>
    sourceFiles(join(root, folder)).flatMap((file) =>
      castsIn(readFileSync(file, "utf8")).map((line) => `${relative(root, file)}:${line}`),
    ),
  );
  t.deepEqual(found, []);
});

test("the payload-cast rule sees a cast (it can fail)", (t) => {
  t.deepEqual(castsIn("const ok = decode(job.payload);\nconst p = job.payload as ReadBillJob;"), [2]);
  t.deepEqual(castsIn("const ids = live.map((p) => (p as Partial<ReadBillJob>).billId);"), [1]);
  t.deepEqual(castsIn("const payload = decoded.right;\nconst jobs = rows as readonly Job[];"), []);
});
