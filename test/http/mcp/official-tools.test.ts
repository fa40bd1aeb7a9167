import { execFile } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { type BillHarness, confirmedSuppliers, pdfWith, startBillHarness } from "../bills/bill-harness.js";

// The official MCP tools against the real host: the inspector CLI (initialize, tools/list, a read tool, a write
// tool's request for a person's confirmation, a tool error as a result) and the conformance runner's server scenarios for a tools
// server. Neither can send apar's credential headers on every request the way a configured client does, so the
// conformance runner talks to a loopback proxy that adds them.

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const INSPECTOR = join(packageDir("@modelcontextprotocol/inspector-cli"), "build", "index.js");
const CONFORMANCE = join(packageDir("@modelcontextprotocol/conformance"), "dist", "index.js");

let h: BillHarness;
let proxy: Server;
let proxyUrl: string;

test.before(async () => {
  h = await startBillHarness();
  // Bills are approved and paid only to a supplier's confirmed account: these suppliers have one.
  await confirmedSuppliers(h, ["Inspector Co"]);
  proxy = createServer((req, res) => {
    const forwarded = request(
      {
        host: "127.0.0.1",
        port: h.app.port,
        method: req.method,
        path: "/v1/mcp",
        headers: { ...req.headers, host: `127.0.0.1:${h.app.port}`, ...h.headers },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
});
test.after.always(async () => {
  await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())));
  await h?.dispose();
});

type Json = Record<string, unknown>;

const inspect = async (...args: string[]): Promise<Json> => {
  const headers = Object.entries(h.headers).flatMap(([k, v]) => ["--header", `${k}: ${v}`]);
  const { stdout } = await run(
    process.execPath,
    [INSPECTOR, `http://127.0.0.1:${h.app.port}/v1/mcp`, "--transport", "http", ...headers, ...args],
    // The CLI finds its own package.json relative to the working directory: run it from its build folder.
    { timeout: 60_000, cwd: dirname(INSPECTOR) },
  );
  return JSON.parse(stdout) as Json;
};

test.serial(
  "the inspector CLI lists the tools, reads a bill, asks for a payment the person confirms, and gets a tool error as a result",
  async (t) => {
    const listed = (await inspect("--method", "tools/list")) as { tools: { name: string }[] };
    t.true(listed.tools.some((x) => x.name === "get_bill"));

    const up = await h.upload(pdfWith({ supplierName: "Inspector Co", currency: "EUR", totalAmount: "12.50" }));
    const id = String((await h.settled(String((up.json as Json).id))).id);
    const read = (await inspect("--method", "tools/call", "--tool-name", "get_bill", "--tool-arg", `id=${id}`)) as Json;
    t.like(read.structuredContent as Json, { id, supplierName: "Inspector Co" });

    await h.call("POST", `/v1/bills/${id}/submit`);
    await h.call("POST", `/v1/bills/${id}/approve`);
    const args = ["--tool-arg", `id=${id}`, "--tool-arg", "paymentDate=2031-03-01", "--tool-arg", "paymentMethod=SEPA"];
    const asked = await inspect("--method", "tools/call", "--tool-name", "schedule_payment", ...args);
    t.like(asked.structuredContent as Json, { done: false, waitingFor: "person", tool: "schedule_payment" });
    const confirmationId = String((asked.structuredContent as Json).confirmationId);
    t.is(((await h.call("GET", `/v1/bills/${id}`)).json as Json).state, "Approved");
    // The person confirms outside the model, with the credential the client is configured with.
    const done = await h.call("POST", `/v1/mcp/confirmations/${confirmationId}`);
    t.like((done.json as Json).result as Json, { id, state: "Scheduled" });

    const failed = await inspect(
      "--method",
      "tools/call",
      "--tool-name",
      "get_bill",
      "--tool-arg",
      "id=0190a9b8-0000-7000-8000-000000000000",
    );
    t.is(failed.isError, true);
  },
);

test.serial("the conformance runner's scenarios for a tools server pass", async (t) => {
  for (const scenario of ["server-initialize", "ping", "tools-list"]) {
    const outcome = await run(process.execPath, [CONFORMANCE, "server", "--url", proxyUrl, "--scenario", scenario], {
      timeout: 120_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? -1,
        out: `${e.stdout ?? ""}\n${e.stderr ?? ""}`,
      }),
    );
    // The runner exits 1 on any failed check and prints "Passed: n/n, 0 failed".
    t.is(outcome.code, 0, `${scenario}:\n${outcome.out}`);
    t.regex(outcome.out, /Passed: (\d+)\/\1, 0 failed/, `${scenario}:\n${outcome.out}`);
  }
});
