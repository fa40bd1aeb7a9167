import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import test from "ava";
import { hostEnvironment, logEntries, ROOT, spawnHost, startHost } from "../helpers/host-process.js";

// A process without the api role serves health, readiness and metrics on APAR_WORKER_PORT (the image's health check
// and a scraper reach a split worker container), and nothing else; without the variable it listens on no port.

/** Runs the Dockerfile's HEALTHCHECK command with `env` as the container's environment; answers its exit code. */
const imageHealthCheck = (env: Record<string, string>): Promise<number> => {
  const line = /^\s*CMD (\["node", "-e", .*\])$/m.exec(
    readFileSync(join(ROOT, "Dockerfile"), "utf8").split("HEALTHCHECK")[1] ?? "",
  );
  const [, flag, script] = JSON.parse(line?.[1] ?? "[]") as string[];
  if (flag !== "-e" || script === undefined) throw new Error("the Dockerfile has no HEALTHCHECK of the expected form");
  return new Promise((resolve) => {
    execFile(process.execPath, ["-e", script], { env: { PATH: process.env.PATH ?? "", ...env } }, (error) =>
      resolve(error === null ? 0 : typeof error.code === "number" ? error.code : -1),
    );
  });
};

const get = async (port: number, path: string) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
};

test("a worker-only process answers /healthz, /readyz and /metrics (with the queue's depth) on APAR_WORKER_PORT, and no API route", async (t) => {
  const environment = await hostEnvironment({ APAR_ROLES: "worker,scheduler", APAR_WORKER_PORT: "0" });
  t.teardown(() => environment.dispose());
  // A job due next year waits in the queue: the worker leaves it, the gauge counts it.
  const database = await openSqlDatabase(
    environment.env.DATABASE_URL === undefined
      ? { sqliteFile: join(environment.dataDir, "apar.sqlite") }
      : { url: environment.env.DATABASE_URL },
  );
  await database.migrate();
  await database.stores.jobs.enqueue(
    { type: "test.later", payload: null, runAt: new Date(Date.now() + 365 * 86_400_000) },
    new Date(),
  );
  await database.close();

  const host = await startHost(environment.env);
  t.teardown(() => host.child.kill("SIGKILL"));
  t.deepEqual(await get(host.port, "/healthz"), {
    status: 200,
    type: "application/json",
    body: JSON.stringify({ status: "ok" }),
  });
  t.is((await get(host.port, "/readyz")).status, 200);
  const metrics = await get(host.port, "/metrics");
  t.is(metrics.status, 200);
  t.regex(metrics.type ?? "", /^text\/plain/);
  t.regex(metrics.body, /^apar_jobs_queue_depth\{state="scheduled"\} 1$/m);
  t.regex(metrics.body, /^apar_jobs_queue_depth\{state="ready"\} 0$/m);
  t.regex(metrics.body, /^apar_outbox_lag_seconds 0$/m);
  t.regex(metrics.body, /^process_cpu_user_seconds_total \d/m);
  // The image's health check, in a container of this process's roles (the image sets APAR_WORKER_PORT).
  t.is(await imageHealthCheck({ APAR_ROLES: "worker,scheduler", APAR_WORKER_PORT: String(host.port) }), 0);
  t.is(await imageHealthCheck({ APAR_ROLES: "worker", APAR_PORT: String(host.port), APAR_WORKER_PORT: "1" }), 1);
  const bills = await get(host.port, "/v1/bills");
  t.is(bills.status, 404);
  t.regex(bills.body, /Route\.NotFound/);
  host.child.kill("SIGTERM");
  t.is(await host.exited, 0);
  t.true(logEntries(host.stdout()).some((entry) => entry.msg === "apar stopped"));
});

test("a worker-only process without APAR_WORKER_PORT listens on no HTTP port, and runs until SIGTERM stops it", async (t) => {
  const environment = await hostEnvironment({ APAR_ROLES: "worker" });
  t.teardown(() => environment.dispose());
  const host = spawnHost("main", environment.env);
  t.teardown(() => host.child.kill("SIGKILL"));
  for (;;) {
    const started = logEntries(host.stdout()).find((entry) => entry.msg === "apar started");
    if (started !== undefined) {
      t.is(started.port, undefined);
      break;
    }
    const code = await Promise.race([host.exited, new Promise<"wait">((r) => setTimeout(() => r("wait"), 50))]);
    if (code !== "wait") return t.fail(`host exited with ${code}: ${host.stderr()}`);
  }
  host.child.kill("SIGTERM");
  t.is(await host.exited, 0, host.stdout() + host.stderr());
});
