import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import test from "ava";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });

/** Every module specifier a file imports or re-exports (static and dynamic). */
const importsOf = (file: string): string[] => {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g,
  )) {
    found.push((match[1] ?? match[2] ?? match[3]) as string);
  }
  return found;
};

/** Module specifiers a file loads at run time (type-only imports are erased by the compiler). */
const runtimeImportsOf = (file: string): string[] => {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(
      /^(?:import|export)\s+(?!type\s)[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
};

const NODE_IO = [
  "fs",
  "fs/promises",
  "net",
  "http",
  "https",
  "http2",
  "dgram",
  "dns",
  "dns/promises",
  "tls",
  "child_process",
  "cluster",
  "worker_threads",
  "os",
  "process",
  "readline",
  "inspector",
  "v8",
  "vm",
  "stream",
  "zlib",
];
const CORE_FORBIDDEN_PACKAGES = [
  "sequelize",
  "mysql2",
  "sqlite3",
  "umzug",
  "restify",
  "tesseract.js",
  "node-cron",
  "inversify",
  "reflect-metadata",
  "nodemailer",
  "smtp-server",
  "pino",
  "prom-client",
  "ioredis",
  "rate-limiter-flexible",
  "jose",
  "pdfjs-dist",
];

const violationsIn = (folder: string, isForbidden: (spec: string, file: string) => string | undefined): string[] =>
  sourceFiles(join(root, folder)).flatMap((file) =>
    importsOf(file).flatMap((spec) => {
      const why = isForbidden(spec, file);
      return why === undefined ? [] : [`${relative(root, file)} imports ${spec}: ${why}`];
    }),
  );

/** True when a relative import leaves the given workspace folder. */
const escapes = (spec: string, file: string, workspace: string): boolean =>
  spec.startsWith(".") && !resolve(dirname(file), spec).startsWith(`${join(root, workspace)}/`);

test("core imports nothing from adapters or host, no node I/O and no infrastructure packages", (t) => {
  const violations = violationsIn("core/src", (spec, file) => {
    const bare = spec.replace(/^node:/, "");
    if (NODE_IO.includes(bare)) return "node I/O module in core";
    if (spec.startsWith("@apar/")) return "core must not depend on other workspaces";
    if (CORE_FORBIDDEN_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`)))
      return "infrastructure package in core";
    if (escapes(spec, file, "core")) return "relative import out of core";
    return undefined;
  });
  t.deepEqual(violations, []);
});

test("adapters import nothing from host", (t) => {
  const violations = violationsIn("adapters/src", (spec, file) => {
    if (spec === "@apar/host" || spec.startsWith("@apar/host/")) return "adapters must not depend on host";
    if (escapes(spec, file, "adapters")) return "relative import out of adapters";
    return undefined;
  });
  t.deepEqual(violations, []);
});

test("inversify and reflect-metadata live only in host", (t) => {
  const violations = [
    ...violationsIn("core/src", (s) =>
      s.startsWith("inversify") || s === "reflect-metadata" ? "container outside host" : undefined,
    ),
    ...violationsIn("adapters/src", (s) =>
      s.startsWith("inversify") || s === "reflect-metadata" ? "container outside host" : undefined,
    ),
  ];
  t.deepEqual(violations, []);
});

test("@apar/core depends on nothing but its own small set", (t) => {
  const pkg = JSON.parse(readFileSync(join(root, "core/package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  t.deepEqual(Object.keys(pkg.dependencies ?? {}).sort(), ["decimal.js", "fp-ts", "ibantools", "io-ts"]);
});

test("the import scanner sees a forbidden import (the rule can fail)", (t) => {
  t.true(importsOf(join(root, "test/architecture/imports.test.ts")).includes("node:fs"));
});

test("every package a workspace imports at run time is among its own dependencies (the image installs only those)", (t) => {
  const builtins = new Set(builtinModules);
  const missing = ["core", "adapters", "host"].flatMap((workspace) => {
    const pkg = JSON.parse(readFileSync(join(root, workspace, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    const own = new Set(Object.keys(pkg.dependencies ?? {}));
    return sourceFiles(join(root, workspace, "src")).flatMap((file) =>
      runtimeImportsOf(file)
        .filter((spec) => !spec.startsWith(".") && !spec.startsWith("node:") && !builtins.has(spec.split("/")[0] ?? ""))
        .map((spec) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec)))
        .filter((name) => !own.has(name))
        .map((name) => `${relative(root, file)} imports ${name}, missing from ${workspace}/package.json dependencies`),
    );
  });
  t.deepEqual(missing, []);
});

/** The entry points of @apar/core; anything deeper is internal (core/package.json `exports` lists only these). */
const CORE_ENTRIES = ["@apar/core", "@apar/core/app", "@apar/core/ports", "@apar/core/extraction"];

test("outside core, @apar/core is imported only through its entry points", (t) => {
  const deep = (spec: string) =>
    (spec === "@apar/core" || spec.startsWith("@apar/core/")) && !CORE_ENTRIES.includes(spec)
      ? "a deep import into core: use @apar/core, @apar/core/app, @apar/core/ports or @apar/core/extraction"
      : undefined;
  const violations = ["adapters/src", "host/src", "test", "bench", "fixtures"].flatMap((folder) =>
    violationsIn(folder, deep),
  );
  t.deepEqual(violations, []);
  const pkg = JSON.parse(readFileSync(join(root, "core/package.json"), "utf8")) as { exports: Record<string, unknown> };
  t.deepEqual(Object.keys(pkg.exports).sort(), [".", "./app", "./extraction", "./package.json", "./ports"]);
  t.is(deep("@apar/core/bills/model")?.startsWith("a deep import"), true, "the rule can fail");
});
