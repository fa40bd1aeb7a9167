// @apar/core as an embedder gets it: `npm pack` alone (its prepack builds) of a never-built copy, installed into a scratch project with strict
// TypeScript (module nodenext), where core/README.md's ```ts examples are type-checked and run, and only the
// curated entry points resolve. The install needs only core's own dependencies (fp-ts, io-ts, decimal.js, ibantools), pinned
// to the repository's versions so npm's cache serves them.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { ROOT } from "../helpers/host-process.js";

const run = promisify(execFile);
const CORE = join(ROOT, "core");

/** Every ```ts block of a markdown text, in order. */
const tsBlocks = (markdown: string): string[] => {
  const blocks: string[] = [];
  let code: string[] | undefined;
  for (const line of markdown.split("\n")) {
    if (code !== undefined) {
      if (line === "```") {
        blocks.push(code.join("\n"));
        code = undefined;
      } else code.push(line);
    } else if (line === "```ts") code = [];
  }
  return blocks;
};

const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

const npm = (args: string[], cwd: string) =>
  run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, maxBuffer: 16 * 1024 * 1024 });

/** Runs `node` in the scratch project; the outcome whether it exits 0 or not. */
const node = async (args: string[], cwd: string) => {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd, env: { ...process.env, NODE_OPTIONS: "" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
};

test("the packed @apar/core installs alone and runs its README's examples under strict TypeScript", async (t) => {
  const scratch = mkdtempSync(join(tmpdir(), "apar-packed-core-"));
  t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
  const tsc = join(ROOT, "node_modules", ".bin", "tsc");

  // `npm pack` alone, on a copy of core that was never built (no dist): its prepack builds what it publishes.
  const repo = join(scratch, "repo");
  mkdirSync(join(repo, "core"), { recursive: true });
  for (const name of ["src", "package.json", "tsconfig.json", "README.md", "LICENSE"])
    cpSync(join(CORE, name), join(repo, "core", name), { recursive: true });
  cpSync(join(ROOT, "tsconfig.base.json"), join(repo, "tsconfig.base.json"));
  symlinkSync(join(ROOT, "node_modules"), join(repo, "node_modules"), "dir");
  t.false(existsSync(join(repo, "core", "dist")), "the copy starts unbuilt");
  const packed = await npm(["pack", "--json", "--pack-destination", scratch], join(repo, "core"));
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (info === undefined) return t.fail("npm pack printed no package");
  const files = info.files.map((f) => f.path);
  for (const wanted of [
    "LICENSE",
    "README.md",
    "package.json",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/app/index.js",
  ])
    t.true(files.includes(wanted), `the tarball holds ${wanted}`);
  t.false(
    files.some((f) => f.endsWith(".tsbuildinfo")),
    "no build info in the tarball",
  );

  // A project of an embedder: the tarball and nothing else of apar; strict TypeScript, ES modules.
  const project = join(scratch, "project");
  mkdirSync(join(project, "src"), { recursive: true });
  const pinned = Object.fromEntries(
    ["fp-ts", "io-ts", "decimal.js", "ibantools"].map((name) => [name, versionOf(name)]),
  );
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({
      name: "embedder",
      private: true,
      type: "module",
      dependencies: { "@apar/core": `file:${resolve(scratch, info.filename)}` },
      overrides: pinned,
    }),
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2023",
        lib: ["es2023"],
        outDir: "dist",
        rootDir: "src",
        skipLibCheck: false,
        typeRoots: [join(ROOT, "node_modules", "@types")],
        types: ["node"],
      },
      include: ["src"],
    }),
  );
  // A registry request that stalls is given up after 20 s and tried again (npm's own default waits 5 minutes, past
  // ava's inactivity timeout: one MariaDB run stalled here once).
  await npm(["install", "--prefer-offline", "--ignore-scripts", "--fetch-timeout=20000", "--fetch-retries=4"], project);
  const installed = await npm(["ls", "--all", "--parseable"], project);
  const packages = installed.stdout
    .split("\n")
    .filter((line) => line.includes("node_modules"))
    .map((line) => line.slice(line.lastIndexOf("node_modules") + "node_modules/".length))
    .sort();
  t.deepEqual(
    packages,
    ["@apar/core", "decimal.js", "fp-ts", "ibantools", "io-ts"],
    "core needs only its four dependencies",
  );

  const examples = tsBlocks(readFileSync(join(CORE, "README.md"), "utf8"));
  t.is(examples.length, 4, "core/README.md shows four examples");
  examples.forEach((code, i) => {
    writeFileSync(join(project, "src", `example-${i + 1}.ts`), `${code}\n`);
  });
  // The curated entry points, as an embedder imports them (types and values).
  writeFileSync(
    join(project, "src", "entries.ts"),
    [
      'import type { Clock } from "@apar/core/ports";',
      'import * as app from "@apar/core/app";',
      'import * as extraction from "@apar/core/extraction";',
      "const clock: Clock = { now: () => new Date(0) };",
      "console.log(typeof app.uploadBill, typeof extraction.extractFromText, clock.now().getTime());",
      "",
    ].join("\n"),
  );
  try {
    await run(tsc, ["-p", project], { cwd: project });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return t.fail(`the examples do not type-check:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }

  for (const [i, label] of ["bill move:", "policy decision:", "duplicate check:", "webhook verification:"].entries()) {
    const outcome = await node([join("dist", `example-${i + 1}.js`)], project);
    t.is(outcome.code, 0, `example ${i + 1} runs: ${outcome.stderr}`);
    t.true(outcome.stdout.startsWith(label), `example ${i + 1} prints its result: ${outcome.stdout}`);
  }
  const entries = await node([join("dist", "entries.js")], project);
  t.is(entries.stdout.trim(), "function function 0", entries.stderr);

  // No per-file subpaths: internals do not resolve.
  for (const deep of ["@apar/core/bills/model", "@apar/core/app/bills/upload-bill", "@apar/core/src/index.ts"]) {
    const outcome = await node(["--input-type=module", "-e", `await import(${JSON.stringify(deep)});`], project);
    t.not(outcome.code, 0, `${deep} is not importable`);
    t.regex(outcome.stderr, /ERR_PACKAGE_PATH_NOT_EXPORTED/, deep);
  }
});
