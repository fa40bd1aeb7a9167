// With several OCR languages the pool reads their data from one folder they are copied into side by side, named for
// the languages and their data: every pool and every reading process reading them shares it, and none removes it,
// so that a reading process killed with SIGKILL (a hostile document, the memory watch) leaves nothing behind (each
// used to leave a folder of its own, 4-5 MB). One language reads from its package.
import { fork, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOcrPool } from "@apar/adapters/reading/ocr-pool";
import type { ReadProcessMessage } from "@apar/adapters/reading/read-process";
import test, { type ExecutionContext } from "ava";
import { FIXTURES } from "./accuracy.js";

const scan = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
const readProcess = join(import.meta.dirname, "..", "..", "..", "adapters", "src", "reading", "read-process.ts");

/** A temporary folder of the test's own, made this process's (os.tmpdir() reads TMPDIR): others' are not counted. */
const scratchFolder = (t: ExecutionContext): string => {
  const scratch = mkdtempSync(join(tmpdir(), "apar-pool-files-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  t.teardown(() => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(scratch, { recursive: true, force: true });
  });
  return scratch;
};

/** Reads the scan in a reading process of two languages (TMPDIR `scratch`), then kills it with SIGKILL. */
const readAndKill = async (scratch: string): Promise<void> => {
  const child = fork(readProcess, [], {
    execArgv: ["--conditions=source", "--import=tsx"],
    env: { ...process.env, TMPDIR: scratch },
    serialization: "advanced",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const next = () => new Promise<{ result?: { _tag: string } }>((resolve) => child.once("message", resolve));
  const ready = next();
  const options = { languages: ["eng", "deu"], ocrWorkers: 1, secondEye: "off" } as const;
  child.send({ kind: "init", options } satisfies ReadProcessMessage);
  await ready;
  const read = next();
  const document = { bytes: scan, mediaType: "image/png", filename: null };
  child.send({ kind: "read", id: 1, document, method: "ocr" } satisfies ReadProcessMessage);
  if ((await read).result?._tag !== "Right") throw new Error("the reading process did not read the scan");
  child.kill("SIGKILL");
  await exited;
};

test.serial("several languages' data is in one folder named for them, shared by their pools", async (t) => {
  const scratch = scratchFolder(t);
  const one = createOcrPool({ languages: ["eng"], size: 1 });
  t.deepEqual(readdirSync(scratch), []);
  await one.close();
  const pool = createOcrPool({ languages: ["eng", "deu"], size: 1 });
  const [folder = ""] = readdirSync(scratch);
  t.regex(folder, /^apar-tessdata-\d+-deu\+eng-[0-9a-f]{16}$/);
  t.deepEqual(readdirSync(join(scratch, folder)).sort(), ["deu.traineddata.gz", "eng.traineddata.gz"]);
  t.true((await pool.recognize(scan, undefined, ["deu"])).some((line) => line.includes("INVOICE")));
  const again = createOcrPool({ languages: ["deu", "eng"], size: 1 });
  t.true((await again.recognize(scan)).some((line) => line.includes("INVOICE")));
  await Promise.all([pool.close(), again.close()]);
  t.deepEqual(readdirSync(scratch), [folder]);
});

test.serial("a reading process killed with SIGKILL leaves no folder behind", async (t) => {
  const scratch = scratchFolder(t);
  // tsx keeps its cache there too.
  const folders = () => readdirSync(scratch).filter((f) => f.startsWith("apar-"));
  await readAndKill(scratch);
  const after = folders();
  t.is(after.length, 1);
  t.regex(after[0] ?? "", /^apar-tessdata-\d+-deu\+eng-/);
  await readAndKill(scratch);
  t.deepEqual(folders(), after);
});

test.serial("a folder half written by a process that is gone is removed; one being written is not", async (t) => {
  const scratch = scratchFolder(t);
  await createOcrPool({ languages: ["eng", "deu"], size: 1 }).close();
  const [folder = ""] = readdirSync(scratch);
  const gone = spawnSync(process.execPath, ["-e", ""]).pid;
  for (const pid of [gone, process.pid]) {
    mkdirSync(join(scratch, `${folder}.tmp-${pid}-x1y2z3`));
    writeFileSync(join(scratch, `${folder}.tmp-${pid}-x1y2z3`, "eng.traineddata.gz"), "half");
  }
  await createOcrPool({ languages: ["eng", "deu"], size: 1 }).close();
  t.deepEqual(readdirSync(scratch).sort(), [folder, `${folder}.tmp-${process.pid}-x1y2z3`]);
});

test.serial(
  "where the folder's name is taken by one others may write to, a pool reads from a copy of its own",
  async (t) => {
    const scratch = scratchFolder(t);
    await createOcrPool({ languages: ["eng", "deu"], size: 1 }).close();
    const [folder = ""] = readdirSync(scratch);
    chmodSync(join(scratch, folder), 0o777);
    const pool = createOcrPool({ languages: ["eng", "deu"], size: 1 });
    t.is(readdirSync(scratch).length, 2);
    t.true((await pool.recognize(scan)).some((line) => line.includes("INVOICE")));
    await pool.close();
    t.deepEqual(readdirSync(scratch), [folder]);
  },
);
