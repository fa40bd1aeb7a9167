import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";

// The guide and the READMEs say nothing a reader can disprove by looking: every path they name exists, the
// dependencies they list for core are core's, and every room's index.ts says in its first line what the room is.

const root = new URL("../..", import.meta.url).pathname;
const read = (path: string): string => readFileSync(join(root, path), "utf8");

const ROOTS = ["core/", "adapters/", "host/", "test/", "bench/", "fixtures/", "docs/"];

/** The repository paths a Markdown text names in backticks (placeholders such as `<domain>` or `NNNN` left out). */
const namedPaths = (markdown: string): string[] =>
  [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] ?? "")
    .filter((p) => ROOTS.some((r) => p.startsWith(r)) && !/[<>*{}]|NNNN/.test(p))
    .map((p) => p.replace(/[.,:;)]+$/, ""));

const missingPaths = (markdown: string, exists: (path: string) => boolean): string[] =>
  namedPaths(markdown).filter((p) => !exists(p));

test("every path the guide names exists, and the log's index lists exactly the log's files", (t) => {
  const guide = read("docs/guide.md");
  t.true(namedPaths(guide).length > 40, "the guide names paths");
  t.deepEqual(
    missingPaths(guide, (p) => existsSync(join(root, p))),
    [],
  );
  const linked = [...read("docs/log/README.md").matchAll(/\]\(([\w-]+\.md)\)/g)].map((m) => m[1]).sort();
  const files = readdirSync(join(root, "docs/log"))
    .filter((f) => f !== "README.md")
    .sort();
  t.deepEqual(linked, files);
});

test("the path check fails on a path that does not exist", (t) => {
  const text =
    "Jobs live in `core/src/app/jobs/index.ts` and `core/src/app/nowhere/jobs.ts`; `core/src/app/<domain>/`.";
  t.deepEqual(
    missingPaths(text, (p) => existsSync(join(root, p))),
    ["core/src/app/nowhere/jobs.ts"],
  );
});

test("both READMEs and the guide list core's dependencies as core/package.json has them", (t) => {
  const dependencies = Object.keys(JSON.parse(read("core/package.json")).dependencies as Record<string, string>).sort();
  const listed = (line: string | undefined) =>
    (line ?? "")
      .split(/,| and /)
      .map((s) => s.replace(/[`|;]/g, "").replace(/\.$/, "").trim())
      .filter((s) => s !== "")
      .sort();
  const readme = /^\| `core` \(`@apar\/core`\) \|[^|]*\| ([^|]+) \|$/m.exec(read("README.md"))?.[1];
  const coreReadme = /only dependencies are ([^;]+);/.exec(read("core/README.md"))?.[1];
  const embedding = /its only dependencies are ([^,]+, [^,]+, [^ ]+ and [a-z.]+)/.exec(read("README.md"))?.[1];
  t.deepEqual(listed(readme), dependencies, "README's architecture table");
  t.deepEqual(listed(coreReadme), dependencies, "core/README.md");
  t.deepEqual(listed(embedding), dependencies, "README's Embedding section");
  const guide = /^\| `core` \(`@apar\/core`\) \|[^|]*\| ([^|]+) \|$/m.exec(read("docs/guide.md"))?.[1];
  t.deepEqual(
    listed(guide).filter((d) => !d.startsWith("node:")),
    dependencies,
    "the guide's workspace table",
  );
});

const indexFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? indexFiles(join(dir, e.name)) : e.name === "index.ts" ? [join(dir, e.name)] : [],
  );

test("every room's index.ts says what the room is in its first line", (t) => {
  const files = ["core/src", "adapters/src", "host/src"].flatMap(indexFiles);
  t.true(files.length > 50);
  t.deepEqual(
    files.filter((f) => !/^(\/\/|\/\*\*) \S/.test(read(f))),
    [],
  );
});
