import test from "ava";
import { eventually } from "../helpers/eventually.js";
import { hostEnvironment, logEntries, startHost } from "../helpers/host-process.js";

// APAR_PROCESSES: several processes share the port (node's cluster module), /metrics answers for all of them,
// and SIGTERM to the primary stops every one gracefully.

interface Entry {
  readonly msg?: string;
  readonly pid?: number;
  readonly pids?: number[];
  readonly route?: string;
}

test("two processes share the port: both serve requests, /metrics adds up both, SIGTERM stops both and exits 0", async (t) => {
  const environment = await hostEnvironment({ APAR_PROCESSES: "2", APAR_RATE_LIMITS: "off" });
  t.teardown(() => environment.dispose());
  const host = await startHost(environment.env);
  t.teardown(() => host.child.kill("SIGKILL"));
  const entries = () => logEntries(host.stdout()) as Entry[];
  const started = entries().find((e) => e.msg === "apar started");
  t.is(started?.pids?.length, 2);
  t.is(new Set(started?.pids).size, 2);
  // Each process writes its own line to the shared pipe: the primary's "apar started", told over IPC, can be read
  // before a process's line is.
  await eventually(() => entries().filter((e) => e.msg === "process started").length === 2, "both processes' lines");
  t.is(entries().filter((e) => e.msg === "process started").length, 2);

  // New connections until each process has logged a request of its own.
  let sent = 0;
  const servedBy = () =>
    new Set(
      entries()
        .filter((e) => e.msg === "request" && e.route === "/healthz")
        .map((e) => e.pid),
    );
  await eventually(async () => {
    for (let i = 0; i < 10; i += 1) {
      const response = await fetch(`http://127.0.0.1:${host.port}/healthz`, { headers: { connection: "close" } });
      t.is(response.status, 200);
      await response.text();
      sent += 1;
    }
    return servedBy().size === 2;
  }, "requests served by both processes");
  t.deepEqual([...servedBy()].sort(), [...(started?.pids ?? [])].sort());

  // Whichever process a scrape reaches, it counts every /healthz request both processes served.
  for (let scrape = 0; scrape < 4; scrape += 1) {
    const metrics = await (
      await fetch(`http://127.0.0.1:${host.port}/metrics`, { headers: { connection: "close" } })
    ).text();
    const healthz = /^apar_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(metrics);
    t.is(Number(healthz?.[1]), sent, metrics.slice(0, 2000));
    // The queue's gauges come from the database once, whichever process answers; their value is the queue's (a
    // scheduler tick at a minute's turn queues the periodic sweeps).
    t.is(metrics.match(/^apar_jobs_queue_depth\{state="ready"\} \d+$/gm)?.length, 1, metrics.slice(-1500));
  }

  // A process killed outright is replaced; the port keeps answering throughout.
  const [killed, survivor] = started?.pids ?? [];
  process.kill(killed ?? 0, "SIGKILL");
  const again = await eventually(
    () => entries().find((e) => e.msg === "process started again"),
    "a new process in place of the killed one",
  );
  t.true(again.pid !== undefined && again.pid !== killed && again.pid !== survivor);
  t.is((await fetch(`http://127.0.0.1:${host.port}/healthz`, { headers: { connection: "close" } })).status, 200);

  host.child.kill("SIGTERM");
  t.is(await host.exited, 0, host.stderr());
  const stopped = entries().filter((e) => e.msg === "apar stopped");
  // Each live process, then the primary.
  t.is(stopped.length, 3);
  const pids = (xs: readonly (number | undefined)[]) => xs.filter((p) => p !== undefined).sort((a, b) => a - b);
  t.deepEqual(pids(stopped.map((e) => e.pid)), pids([survivor, again.pid]));
});
