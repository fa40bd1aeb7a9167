// The in-memory stores are usable without installing the service's heavy dependencies: importing
// `@apar/adapters/memory` loads, from node_modules, only what @apar/core needs (fp-ts, io-ts, decimal.js, ibantools).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { ROOT } from "../helpers/host-process.js";

const run = promisify(execFile);

/** A module that records every URL Node resolves and prints them when the process exits. */
const RECORDER = `import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.add(found.url); return found; } });
process.on("exit", () => process.stdout.write(JSON.stringify([...seen])));
`;

/** The npm packages (name, or @scope/name) an import of `specifier` loads, in the repository's setup. */
const packagesLoadedBy = async (specifier: string, recorder: string): Promise<string[]> => {
  const { stdout } = await run(
    process.execPath,
    [
      "--conditions=source",
      "--import=tsx",
      `--import=${recorder}`,
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) process.exit(3);`,
    ],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: "" }, maxBuffer: 16 * 1024 * 1024 },
  );
  const urls = JSON.parse(stdout) as string[];
  const names = urls.flatMap((url) => {
    const at = url.lastIndexOf("/node_modules/");
    if (at < 0) return [];
    const [first, second] = url.slice(at + "/node_modules/".length).split("/");
    return first?.startsWith("@") ? [`${first}/${second}`] : [first ?? ""];
  });
  return [...new Set(names)].filter((name) => name !== "tsx" && name !== "esbuild" && name !== "get-tsconfig").sort();
};

const HEAVY = ["sqlite3", "mysql2", "sequelize", "umzug", "tesseract.js", "restify", "pdfjs-dist", "nodemailer"];

test("@apar/adapters/memory loads none of sqlite3, mysql2, sequelize, tesseract.js or restify", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "apar-memory-entry-"));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const recorder = join(dir, "record-resolutions.mjs");
  writeFileSync(recorder, RECORDER);
  const memory = await packagesLoadedBy("@apar/adapters/memory", recorder);
  t.deepEqual(memory, ["decimal.js", "fp-ts", "ibantools", "io-ts"]);
  // The recorder sees the heavy packages where they are imported: the SQL stores load sequelize and sqlite3.
  const sql = await packagesLoadedBy("@apar/adapters/sql/index", recorder);
  t.true(sql.includes("sequelize"), sql.join(", "));
  t.true(
    HEAVY.some((name) => sql.includes(name)),
    "the SQL adapters load a heavy package",
  );
});
