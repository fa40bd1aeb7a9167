import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import test from "ava";

// Core's inner order: shared <- domain folders <- ports <- app. `shared` is the vocabulary every layer speaks (Page,
// OrgScope, cursor, ids, clock, money, errors, codecs); a domain folder holds pure rules over its own records;
// `ports` are the interfaces the use cases are given; `app` holds the use cases. A file may import its own layer
// and the layers inside it, never outward, and no two folders may import each other even through others.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const coreSrc = join(root, "core/src");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });

/** Relative module specifiers a file imports or re-exports. */
const relativeImportsOf = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);

/** The top folder of core/src a file is in (`(entry)` for core/src/index.ts and its siblings). */
const folderOf = (file: string): string => {
  const parts = relative(coreSrc, file).split("/");
  return parts.length > 1 ? (parts[0] as string) : "(entry)";
};

type Layer = "shared" | "domain" | "ports" | "app" | "entry";
const layerOf = (folder: string): Layer =>
  folder === "shared" || folder === "ports" || folder === "app" ? folder : folder === "(entry)" ? "entry" : "domain";
const RANK: Record<Layer, number> = { shared: 0, domain: 1, ports: 2, app: 3, entry: 4 };

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
}

const coreEdges = (): Edge[] =>
  sourceFiles(coreSrc).flatMap((file) =>
    relativeImportsOf(readFileSync(file, "utf8"))
      .map((spec) => ({ from: folderOf(file), to: folderOf(resolve(dirname(file), spec)), file: relative(root, file) }))
      .filter((e) => e.from !== e.to),
  );

/** Imports that point outward: a layer importing one outside it (domain folders may import each other). */
const outwardImports = (edges: readonly Edge[]): string[] =>
  edges
    .filter((e) => RANK[layerOf(e.to)] > RANK[layerOf(e.from)])
    .map((e) => `${e.file}: ${layerOf(e.from)} '${e.from}' imports ${layerOf(e.to)} '${e.to}'`);

/** Every cycle between folders (Tarjan's strongly connected components with more than one folder). */
const folderCycles = (edges: readonly Edge[]): string[][] => {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    if (!next.has(e.to)) next.set(e.to, new Set());
    next.get(e.from)?.add(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
};

/**
 * Port-shaped declarations outside `ports/` (and `app/`, whose deps types name ports): a file called stores.ts,
 * store.ts or ports.ts, or an exported interface with a method answering a Promise or a TaskEither.
 */
const portsOutsidePorts = (files: readonly { readonly path: string; readonly text: string }[]): string[] =>
  files.flatMap(({ path, text }) => {
    const folder = path.split("/")[0] ?? "";
    if (folder === "ports" || folder === "app") return [];
    const found: string[] = [];
    if (/(^|\/)(stores?|ports)\.ts$/.test(path)) found.push(`${path}: a port file outside ports/`);
    for (const m of text.matchAll(/export interface (\w+)[^{]*\{([\s\S]*?)\n\}/g)) {
      if (/\)\s*:\s*(Promise<|TE\.TaskEither<|TaskEither<)/.test(m[2] as string))
        found.push(`${path}: interface ${m[1]} is a port (it answers a Promise or a TaskEither): move it to ports/`);
    }
    return found;
  });

test("core's layers point inward: shared <- domain <- ports <- app", (t) => {
  t.deepEqual(outwardImports(coreEdges()), []);
});

test("no two folders of core import each other, directly or through others", (t) => {
  t.deepEqual(folderCycles(coreEdges()), []);
});

test("every port interface of core lives in core/src/ports", (t) => {
  const files = sourceFiles(coreSrc).map((file) => ({
    path: relative(coreSrc, file),
    text: readFileSync(file, "utf8"),
  }));
  t.deepEqual(portsOutsidePorts(files), []);
});

test("the layer rules can fail: an outward import, a cycle and a misplaced port are each reported", (t) => {
  const edges: Edge[] = [
    { from: "shared", to: "ports", file: "core/src/shared/cursor.ts" },
    { from: "bills", to: "app", file: "core/src/bills/x.ts" },
    { from: "bills", to: "approvals", file: "core/src/bills/bill-view.ts" },
    { from: "approvals", to: "events", file: "core/src/approvals/model.ts" },
    { from: "events", to: "bills", file: "core/src/events/payloads.ts" },
    { from: "app", to: "ports", file: "core/src/app/bills/upload-bill.ts" },
  ];
  t.deepEqual(outwardImports(edges), [
    "core/src/shared/cursor.ts: shared 'shared' imports ports 'ports'",
    "core/src/bills/x.ts: domain 'bills' imports app 'app'",
  ]);
  t.deepEqual(folderCycles(edges), [["approvals", "bills", "events"]]);
  t.deepEqual(
    portsOutsidePorts([
      { path: "bills/stores.ts", text: "" },
      { path: "bills/model.ts", text: "export interface Bills {\n  ofId(id: string): Promise<Bill>;\n}" },
      { path: "bills/view.ts", text: "export interface BillJson {\n  readonly id: string;\n}" },
      { path: "ports/bills.ts", text: "export interface Bills {\n  ofId(id: string): Promise<Bill>;\n}" },
    ]),
    [
      "bills/stores.ts: a port file outside ports/",
      "bills/model.ts: interface Bills is a port (it answers a Promise or a TaskEither): move it to ports/",
    ],
  );
});
