import { join } from "node:path";
import test from "ava";
import { arrowsInCycles, type Edge, fileEdges, folderEdges, root } from "./import-graph.js";

// Each top folder of adapters/src and host/src is a room: rooms may lean on one another, but never in a circle
// (http -> mail -> http), and no file of any workspace reaches itself through its imports. A piece several rooms
// need gets a room of its own (net/ for the client address, pages/ for shared HTML).

const src = (workspace: string) => join(root, workspace, "src");

for (const workspace of ["adapters", "host"]) {
  test(`no two folders of ${workspace}/src import each other, directly or through others`, (t) => {
    t.deepEqual(arrowsInCycles(folderEdges(src(workspace))), []);
  });
}

test("no file of core, adapters or host imports itself through others", (t) => {
  t.deepEqual(
    ["core", "adapters", "host"].flatMap((workspace) => arrowsInCycles(fileEdges(src(workspace)))),
    [],
  );
});

test("the room rules can fail: a circle of three rooms and a circle of two files are each reported", (t) => {
  const rooms: Edge[] = [
    { from: "http", to: "mail", file: "adapters/src/http/routes/deps.ts" },
    { from: "mail", to: "rate-limit", file: "adapters/src/mail/inbound/gateway.ts" },
    { from: "rate-limit", to: "http", file: "adapters/src/rate-limit/limit-keys.ts" },
    { from: "portal", to: "http", file: "adapters/src/portal/guard.ts" },
  ];
  t.deepEqual(arrowsInCycles(rooms), [
    "adapters/src/http/routes/deps.ts: http -> mail",
    "adapters/src/mail/inbound/gateway.ts: mail -> rate-limit",
    "adapters/src/rate-limit/limit-keys.ts: rate-limit -> http",
  ]);
  const files: Edge[] = [
    { from: "memory/tables.ts", to: "memory/stores/matching.ts", file: "memory/tables.ts" },
    { from: "memory/stores/matching.ts", to: "memory/tables.ts", file: "memory/stores/matching.ts" },
    { from: "memory/access.ts", to: "memory/tables.ts", file: "memory/access.ts" },
  ];
  t.deepEqual(arrowsInCycles(files), [
    "memory/tables.ts: memory/tables.ts -> memory/stores/matching.ts",
    "memory/stores/matching.ts: memory/stores/matching.ts -> memory/tables.ts",
  ]);
});
