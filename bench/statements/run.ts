// /healthz latency while a 10,000-entry camt.053 is imported (SQLite; MySQL with APAR_TEST_DATABASE_URL):
//   npm run bench:statements                                  (the host from source, under tsx)
//   npm run build && APAR_TEST_HOST=dist npm run bench:statements  (the built host, as in production)
// Starts the real host as its own process, sends BENCH_INVOICES open invoices (default 300), then imports one
// statement of BENCH_ENTRIES entries (default 10,000: credits of which some pay those invoices by RF reference,
// the rest waiting for a person, and debits naming no run) while one client calls /healthz back to back. Prints
// the worst /healthz latency quiet (before the import) and during it, and the import's own time.
import { type CamtEntry, camt053 } from "../../test/helpers/camt-files.js";
import { healthLoop, percentile, startBenchHost } from "../host-session.js";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 300);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);

const bench = await startBenchHost();
const { base } = bench;
const headers = { ...bench.headers, "content-type": "application/json" };

const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (r.status >= 300) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
};

await call("PUT", "/v1/seller-identity", {
  legalName: "Bench GmbH",
  addressLines: ["Ring 1"],
  city: "Köln",
  countryCode: "DE",
  vatNumber: "DE123456789",
  bankAccounts: [{ iban: "DE89370400440532013000" }],
});
const references: string[] = [];
for (let i = 0; i < INVOICES; i++) {
  const customer = await call("POST", "/v1/customers", { name: `Customer ${i}`, email: "ap@customer.example" });
  const draft = await call("POST", "/v1/invoices", {
    customerId: customer.id,
    currency: "EUR",
    lineItems: [{ description: "Work", unitPrice: `${100 + i}.00` }],
  });
  const sent = await call("POST", `/v1/invoices/${String(draft.id)}/send`);
  references.push(String(sent.creditorReference));
}
const entries: CamtEntry[] = Array.from({ length: ENTRIES }, (_, i) =>
  i < INVOICES
    ? { ref: `B-${i}`, amount: `${100 + i}.00`, direction: "CRDT", name: `CUSTOMER ${i}`, rf: references[i] }
    : i % 5 === 0
      ? { ref: `B-${i}`, amount: `${(i % 900) + 1}.50`, direction: "DBIT", name: "Supplier", endToEndIds: [`E2E${i}`] }
      : { ref: `B-${i}`, amount: `${(i % 900) + 1}.25`, direction: "CRDT", name: `Payer ${i}`, text: `invoice ${i}` },
);
const file = camt053("BENCH-1", entries);

const quiet: number[] = [];
const quietStop = { done: false };
const quietRun = healthLoop(base, quietStop, quiet);
await new Promise((r) => setTimeout(r, 2_000));
quietStop.done = true;
await quietRun;

const loaded: number[] = [];
const stop = { done: false };
const health = healthLoop(base, stop, loaded);
const started = performance.now();
const imported = await fetch(`${base}/v1/bank-statements`, {
  method: "POST",
  headers: { ...headers, "content-type": "application/xml" },
  body: new Uint8Array(file),
});
const answer = (await imported.json()) as Record<string, unknown>;
const elapsed = performance.now() - started;
stop.done = true;
await health;

const f = (n: number) => n.toFixed(1);
console.log(
  `statement import: ${ENTRIES} entries (${(file.length / 2 ** 20).toFixed(1)} MiB) against ${INVOICES} open invoices: ` +
    `${imported.status}, ${String(answer.matchedCount)} matched, in ${f(elapsed / 1000)} s`,
);
console.log(
  `/healthz quiet:  p50 ${f(percentile(quiet, 50))} ms, max ${f(Math.max(...quiet))} ms (${quiet.length} calls)`,
);
console.log(
  `/healthz import: p50 ${f(percentile(loaded, 50))} ms, p99 ${f(percentile(loaded, 99))} ms, max ${f(Math.max(...loaded))} ms (${loaded.length} calls)`,
);

await bench.stop();
