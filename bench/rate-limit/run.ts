// Rate-limit benchmark: requests/s with the limiter off and on, and of the 429 path, each target in its own
// process; rounds alternate so that machine noise falls on every mode alike. Two kinds of target:
//   bench/rate-limit/server.ts  a bare server with a cheap GET (the limiter's cost against almost nothing);
//   the host (host/src/main.ts) GET /v1/client-settings with a real API key (an authenticated GET).
// Usage: npm run bench:rate-limit [-- seconds-per-run rounds]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { hookCost } from "./hook-cost.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);

interface Target {
  readonly name: string;
  readonly entry: string;
  readonly env: Record<string, string>;
  readonly path: string;
  /** A fresh X-Forwarded-For per request (a trusted proxy in front of many clients) rather than one client. */
  readonly manyClients: boolean;
  readonly expect: "200" | "429";
}

const bare = (mode: string, expect: Target["expect"]): Target => ({
  name: `bare ${mode}`,
  entry: join(here, "server.ts"),
  env: { MODE: mode },
  path: "/v1/things/42",
  manyClients: false,
  expect,
});
const host = (name: string, env: Record<string, string>, manyClients: boolean, expect: Target["expect"]): Target => ({
  name: `host ${name}`,
  entry: join(root, "host/src/main.ts"),
  env: { APAR_ROLES: "api", APAR_TRUSTED_PROXIES: "127.0.0.1", ...env },
  path: "/v1/client-settings",
  manyClients,
  expect,
});
const all: readonly Target[] = [
  bare("off", "200"),
  bare("memory", "200"),
  bare("memory-429", "429"),
  bare("redis", "200"),
  bare("redis-429", "429"),
  host("off", { APAR_RATE_LIMITS: "off" }, true, "200"),
  host("memory", {}, true, "200"),
  host("memory-429", {}, false, "429"),
  host("redis", { REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }, true, "200"),
];

// BENCH_ONLY=host runs the targets whose name contains it.
const targets = all.filter((t) => t.name.includes(process.env.BENCH_ONLY ?? ""));

const start = (target: Target) =>
  new Promise<{ child: ChildProcess; port: number; apiKey: string; dataDir: string }>((resolve, reject) => {
    const dataDir = mkdtempSync(join(tmpdir(), "apar-bench-"));
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", target.entry], {
      cwd: root,
      env: {
        ...process.env,
        APAR_DATA_DIR: dataDir,
        APAR_PORT: "0",
        APAR_HOST: "127.0.0.1",
        APAR_SMTP_PORT: "0",
        ...target.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let started = false;
    child.stdout?.on("data", (chunk: Buffer) => {
      // Past the start line the host's request log is read and dropped, as a log shipper would.
      if (started) return;
      out += chunk.toString();
      // A host on a fresh data folder prints its first admin key (after its start line); the bare server has none.
      const apiKey =
        /apar_[a-z2-7]{8}_[a-z2-7]{52}/.exec(out)?.[0] ?? (target.name.startsWith("host") ? undefined : "any");
      if (apiKey === undefined) return;
      for (const line of out.split("\n")) {
        try {
          const port = (JSON.parse(line) as { port?: number }).port;
          if (port !== undefined) {
            started = true;
            return resolve({ child, port, apiKey, dataDir });
          }
        } catch {}
      }
    });
    child.on("exit", (code) => reject(new Error(`${target.name} exited with ${code}`)));
  });

const randomIp = () =>
  `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}`;

const load = async (target: Target, port: number, apiKey: string, duration: number) => {
  const headers = { "x-service-api-key": apiKey, "x-forwarded-for": "10.0.0.1" };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    connections: 32,
    duration,
    headers,
    ...(target.manyClients
      ? { requests: [{ setupRequest: (r) => ({ ...r, headers: { ...headers, "x-forwarded-for": randomIp() } }) }] }
      : {}),
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  return { rps: result.requests.total / duration, p99: result.latency.p99, statuses, errors: result.errors };
};

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await hookCost();
console.log();

const samples = new Map<string, number[]>(targets.map((t) => [t.name, []]));
for (let round = 1; round <= rounds; round += 1) {
  for (const target of targets) {
    const running = await start(target);
    // Warm-up: JIT, sockets, and on the 429 targets well past 600 requests, so the caller is blocked.
    await load(target, running.port, running.apiKey, 1);
    const run = await load(target, running.port, running.apiKey, seconds);
    running.child.kill("SIGTERM");
    await new Promise((r) => running.child.once("exit", r));
    rmSync(running.dataDir, { recursive: true, force: true });
    if (Object.keys(run.statuses).some((s) => s !== target.expect) || run.errors > 0)
      throw new Error(`${target.name}: expected only ${target.expect}, got ${JSON.stringify(run.statuses)}`);
    samples.get(target.name)?.push(run.rps);
    console.log(
      `round ${round}  ${target.name.padEnd(16)} ${String(Math.round(run.rps)).padStart(6)} req/s  p99 ${run.p99} ms`,
    );
  }
}

const rps = (name: string) => median(samples.get(name) ?? []);
const cost = (on: string, off: string) => `${((1 - rps(on) / rps(off)) * 100).toFixed(1)} %`;
const ratio = (a: string, b: string) => `${(rps(a) / rps(b)).toFixed(2)}x`;
console.log(`\nmedian requests/s over ${rounds} rounds of ${seconds} s (32 keep-alive connections):`);
for (const t of targets) console.log(`  ${t.name.padEnd(16)} ${Math.round(rps(t.name))}`);
console.log("limiter cost (goal: under 10 %):");
console.log(`  bare GET, memory ${cost("bare memory", "bare off")}, Redis ${cost("bare redis", "bare off")}`);
console.log(
  `  authenticated GET (host), memory ${cost("host memory", "host off")}, Redis ${cost("host redis", "host off")}`,
);
console.log("429 path against a served request (goal: at least 2x):");
console.log(
  `  bare GET, memory ${ratio("bare memory-429", "bare memory")}, Redis ${ratio("bare redis-429", "bare redis")}`,
);
console.log(`  authenticated GET (host), memory ${ratio("host memory-429", "host memory")}`);
