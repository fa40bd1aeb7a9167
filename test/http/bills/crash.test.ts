import { spawn } from "node:child_process";
import { join } from "node:path";
import test from "ava";
import { hostEnvironment, ROOT } from "../../helpers/host-process.js";
import { pdfWith, startBillHarness } from "./bill-harness.js";

test("a worker killed in the middle of a reading leaves no bill stuck in Extracting after restart", async (t) => {
  const env = await hostEnvironment();
  const api = await startBillHarness({ env, vars: { APAR_ROLES: "api" } });
  t.teardown(async () => {
    await api.dispose();
    await env.dispose();
  });
  const uploaded = await api.upload(pdfWith({ supplierName: "Crash Co", invoiceNumber: "C-1" }));
  const id = String((uploaded.json as { id: string }).id);

  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", join(ROOT, "test/http/bills/crash-child.ts")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env.env,
        APAR_ROLES: "worker",
        APAR_JOB_VISIBILITY_MS: "800",
        APAR_LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<string | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("READING")) resolve();
    });
    child.once("exit", () => reject(new Error("the worker exited before reading")));
  });
  child.kill("SIGKILL");
  t.is(await exited, "SIGKILL");
  t.is(((await api.call("GET", `/v1/bills/${id}`)).json as { state: string }).state, "Extracting");

  // A new worker: the killed one's claim expires after the visibility timeout and the job is read again.
  const worker = await startBillHarness({ env, vars: { APAR_ROLES: "worker", APAR_JOB_VISIBILITY_MS: "800" } });
  t.teardown(() => worker.app.stop());
  const bill = await api.settled(id);
  t.is(bill.state, "PendingReview");
  t.is(bill.invoiceNumber, "C-1");
  const events = await api.app.database.stores.events.ofSubject(api.clientId, "bill", id);
  t.deepEqual(
    events.map((e) => e.envelope.type),
    ["bill.created", "bill.pending_review"],
  );
});
