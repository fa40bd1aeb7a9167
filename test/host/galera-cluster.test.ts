import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SUBSCRIBABLE_EVENT_TYPES } from "@apar/core";
import anyTest, { type TestFn } from "ava";
import { eventually } from "../helpers/eventually.js";
import { type GaleraCluster, galeraMissing, startGalera } from "../helpers/galera.js";
import { type HostProcess, logEntries, ROOT, spawnHost, startHost } from "../helpers/host-process.js";
import { suiteNeeding } from "../helpers/services.js";

// apar on a three-node MariaDB Galera cluster (issue 37, part 2): two api and two worker processes, each given the
// three nodes in its own order; under load one database node and one worker are killed with SIGKILL. Afterwards no
// acknowledged write is lost, no invoice number is given twice, every event is delivered at least once, and every
// bill is read once. Runs with the MariaDB suites (it starts its own cluster).

const onMariadb = /^(mysql|mariadb):\/\//i.test(process.env.APAR_TEST_DATABASE_URL ?? "");
const test = suiteNeeding(
  anyTest as TestFn<unknown>,
  "test/host/galera-cluster",
  onMariadb ? galeraMissing() : undefined,
);

type Json = Record<string, unknown>;
const ROUNDS = 24;

/** Receives webhook deliveries on loopback and keeps the event ids (every attempt, duplicates included). */
const startReceiver = async (): Promise<{ url: string; ids: string[]; close(): Promise<void> }> => {
  const ids: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      try {
        ids.push(String((JSON.parse(body) as Json).id));
      } catch {
        // Not an event.
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hook`, ids, close: () => new Promise((done) => server.close(() => done())) };
};

(onMariadb ? test.serial : test.skip)(
  "two api and two worker processes on a Galera cluster lose nothing when a node and a worker die",
  async (t) => {
    // The cluster's start (three nodes, two state transfers) and the load take minutes on a busy machine.
    t.timeout(15 * 60_000);
    const base = 21000 + Math.floor(Math.random() * 40) * 100;
    const cluster: GaleraCluster = await startGalera(base);
    const receiver = await startReceiver();
    const documents = mkdtempSync(join(tmpdir(), "apar-galera-docs-"));
    const processes: HostProcess[] = [];
    t.teardown(async () => {
      for (const p of processes) p.child.kill("SIGKILL");
      await receiver.close();
      await cluster.stop();
      rmSync(documents, { recursive: true, force: true });
    });
    await cluster.query(0, "CREATE DATABASE apar CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    const urlOf = (order: readonly number[]) =>
      `mysql://root@${order.map((i) => `127.0.0.1:${cluster.nodes[i]?.port}`).join(",")}/apar`;
    const common = {
      APAR_HOST: "127.0.0.1",
      APAR_PORT: "0",
      APAR_SMTP_PORT: "0",
      APAR_LOG_LEVEL: "info",
      APAR_DOCUMENTS_DIR: documents,
      APAR_SECRET_KEY: randomBytes(32).toString("base64url"),
      APAR_WEBHOOKS_ALLOW_INSECURE: "on",
      APAR_WEBHOOKS_LEASE_MS: "2000",
      APAR_JOB_VISIBILITY_MS: "4000",
      APAR_READ_PROCESSES: "1",
      APAR_RATE_LIMITS: "off",
      // One process per instance: the test kills processes one by one (APAR_PROCESSES would default to the cores).
      APAR_PROCESSES: "1",
    };
    const start = async (roles: string, order: readonly number[]) => {
      const dataDir = mkdtempSync(join(tmpdir(), "apar-galera-host-"));
      const env = { ...common, APAR_DATA_DIR: dataDir, APAR_ROLES: roles, DATABASE_URL: urlOf(order) };
      if (roles.includes("api")) {
        const host = await startHost(env);
        processes.push(host);
        return host;
      }
      // A worker serves no port: it has started when it says so.
      const spawned = spawnHost("main", env);
      const worker: HostProcess = { ...spawned, port: 0 };
      processes.push(worker);
      const deadline = Date.now() + 180_000;
      while (!logEntries(spawned.stdout()).some((e) => e.msg === "apar started")) {
        if (Date.now() > deadline || spawned.child.exitCode !== null)
          throw new Error(`the worker did not start: ${spawned.stderr()}${spawned.stdout()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return worker;
    };
    // The first api process migrates and makes the first client; the others find both done.
    const api1 = await start("api", [0, 1, 2]);
    const key = /shown only this once:\s+(apar_[a-z2-7]{8}_[a-z2-7]{52})/.exec(api1.stdout())?.[1] ?? "";
    const organisationId = /organisation id:\s+([0-9a-f-]{36})/.exec(api1.stdout())?.[1] ?? "";
    t.not(key, "", "the first start printed a key");
    const [api2, worker1] = await Promise.all([
      start("api", [1, 2, 0]),
      start("worker", [0, 2, 1]),
      start("worker", [2, 1, 0]),
    ]);
    t.is((await cluster.query<{ n: number }>(1, "SELECT COUNT(*) AS n FROM apar.clients"))[0]?.n, 1, "one first start");

    const headers = { "x-service-api-key": key, "x-service-organisation-id": organisationId };
    /** A request to api1 or api2; a failed one (its node died, or a 5xx) is sent again with the same key. */
    const call = async (i: number, method: string, path: string, body?: unknown, file?: Buffer): Promise<Json> => {
      const idempotency = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const api = [api1, api2][(i + attempt) % 2] as HostProcess;
        try {
          let init: RequestInit;
          if (file !== undefined) {
            const form = new FormData();
            form.append("file", new Blob([file]), `bill-${i}.pdf`);
            init = { method, headers: { ...headers, "idempotency-key": idempotency }, body: form };
          } else
            init = {
              method,
              headers: { ...headers, "content-type": "application/json", "idempotency-key": idempotency },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            };
          const answer = await fetch(`http://127.0.0.1:${api.port}${path}`, init);
          if (answer.status < 500) {
            const json = (await answer.json()) as Json;
            if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
            return json;
          }
        } catch (error) {
          if (error instanceof Error && error.message.startsWith(method)) throw error;
        }
        if (attempt > 30) throw new Error(`${method} ${path} failed 30 times`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    await call(0, "POST", "/v1/webhook-subscriptions", { url: receiver.url, eventTypes: SUBSCRIBABLE_EVENT_TYPES });
    const pdfs = [
      "0-en-classic",
      "1-de-classic",
      "2-fr-classic",
      "3-en-title-first",
      "6-en-letter",
      "9-en-classic",
    ].map((name) => readFileSync(join(ROOT, `fixtures/bills/pdf/pdf-${name}.pdf`)));
    const bills: string[] = [];
    const invoices: string[] = [];
    const customer = await call(0, "POST", "/v1/customers", { name: "Cluster Customer", currency: "EUR" });
    for (let round = 0; round < ROUNDS; round++) {
      if (round === ROUNDS / 2) {
        // Under load: a database node dies, and so does a worker in the middle of its jobs.
        await cluster.kill(0);
        worker1.child.kill("SIGKILL");
      }
      const [bill, invoice] = await Promise.all([
        call(round, "POST", "/v1/bills", undefined, pdfs[round % pdfs.length]),
        call(round + 1, "POST", "/v1/invoices", {
          customerId: customer.id,
          issueDate: "2026-12-01",
          lineItems: [{ description: `Work ${round}`, unitPrice: "10.00", quantity: "1", taxRate: "0" }],
        }).then((draft) => call(round, "POST", `/v1/invoices/${String(draft.id)}/send`, {})),
      ]);
      bills.push(String(bill.id));
      invoices.push(String(invoice.id));
    }

    // Every acknowledged write is there, read through the surviving nodes.
    // api2 was given node 2 first, which stays up.
    const survivor = api2;
    const get = async (path: string): Promise<Json> => {
      for (let attempt = 0; ; attempt++) {
        const answer = await fetch(`http://127.0.0.1:${survivor.port}${path}`, { headers });
        const text = await answer.text();
        if (answer.status === 200) return JSON.parse(text) as Json;
        if (attempt > 20) throw new Error(`GET ${path}: ${answer.status} ${text}`);
        t.log(`GET ${path}: ${answer.status} ${text.slice(0, 300)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const numbers: string[] = [];
    for (const id of invoices) {
      const invoice = await get(`/v1/invoices/${id}`);
      t.is(invoice.id, id);
      numbers.push(String(invoice.documentNumber));
    }
    t.is(new Set(numbers).size, numbers.length, `no invoice number given twice: ${numbers.join(" ")}`);
    // Every bill is read once: the surviving worker takes over the killed one's claims when their lease ends.
    for (const id of bills) {
      const bill = await eventually(async () => {
        const b = await get(`/v1/bills/${id}`);
        return b.state === "Extracting" ? undefined : b;
      }, `bill ${id} read`);
      t.not(bill.state, "ExtractionFailed", JSON.stringify(bill.readFailure));
      const history = (await get(`/v1/bills/${id}/history`)) as { data: Json[] };
      // A reading ends in one of these events: two would be a bill read twice.
      const reads = history.data.filter((h) => h.type === "bill.pending_review" || h.type === "bill.ocr_failed");
      t.is(reads.length, 1, `bill ${id} read once: ${JSON.stringify(history.data.map((h) => h.type))}`);
    }
    // Every event committed is delivered at least once.
    const events = await cluster.query<{ id: string }>(1, "SELECT event_id AS id FROM apar.outbox_events");
    await eventually(
      async () => events.every((e) => receiver.ids.includes(e.id)) || undefined,
      "every event delivered",
    ).catch(() => undefined);
    const missing = events.filter((e) => !receiver.ids.includes(e.id));
    t.deepEqual(missing, [], `${missing.length} of ${events.length} events not delivered`);
    t.log(
      `${bills.length} bills, ${invoices.length} invoices, ${events.length} events, ${receiver.ids.length} deliveries (${receiver.ids.length - new Set(receiver.ids).size} repeated)`,
    );
  },
);
