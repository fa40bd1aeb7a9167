import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import test from "ava";
import { cycles, type Edge, folderEdges, root, sourceFiles } from "./import-graph.js";

// Core's inner order: shared <- domain folders <- ports <- app. `shared` is the vocabulary every layer speaks (Page,
// OrgScope, cursor, ids, clock, money, errors, codecs); a domain folder holds pure rules over its own records;
// `ports` are the interfaces the use cases are given; `app` holds the use cases. A file may import its own layer
// and the layers inside it, never outward, and no two folders may import each other even through others.

const coreSrc = join(root, "core/src");

type Layer = "shared" | "domain" | "ports" | "app" | "entry";
const layerOf = (folder: string): Layer =>
  folder === "shared" || folder === "ports" || folder === "app" ? folder : folder === "(entry)" ? "entry" : "domain";
const RANK: Record<Layer, number> = { shared: 0, domain: 1, ports: 2, app: 3, entry: 4 };

const coreEdges = (): Edge[] => folderEdges(coreSrc);

/** Imports that point outward: a layer importing one outside it (domain folders may import each other). */
const outwardImports = (edges: readonly Edge[]): string[] =>
  edges
    .filter((e) => RANK[layerOf(e.to)] > RANK[layerOf(e.from)])
    .map((e) => `${e.file}: ${layerOf(e.from)} '${e.from}' imports ${layerOf(e.to)} '${e.to}'`);

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
  t.deepEqual(cycles(coreEdges()), []);
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
  t.deepEqual(cycles(edges), [["approvals", "bills", "events"]]);
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
