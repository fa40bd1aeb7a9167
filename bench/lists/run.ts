// List benchmark: the bill list of a small organisation that shares the table with a big one, and of the big one,
// through the SQL store: page 1, the page at depth 50,000, an indexed filter and filters that match nothing.
// Prints the median and spread of each over rounds (no pass or fail: figures to compare between commits).
// Usage: npm run bench:lists [-- rounds]            seeds first if needed (bench/lists/seed.ts)
//        BENCH_LISTS_DB=mysql://root@127.0.0.1:3306/ npm run bench:lists      on MariaDB
//        BENCH_LISTS_BIG=1000000 BENCH_LISTS_SMALL=100000                      sizes (the defaults)
import { loadavg } from "node:os";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import type { BillFilter } from "@apar/core/ports";
import { BIG, benchLocation, CLIENT, SMALL, SUPPLIERS, seed } from "./seed.js";

const rounds = Number(process.argv[2] ?? 5);
const big = Number(process.env.BENCH_LISTS_BIG ?? 1_000_000);
const small = Number(process.env.BENCH_LISTS_SMALL ?? 100_000);
const DEPTH = 50_000;
const LIMIT = 50;

await seed(big, small);
const database = await openSqlDatabase(await benchLocation());
const bills = database.stores.bills;

/** The id of an organisation's bill at `depth` in list order, walking pages (each page's last id is its cursor). */
const cursorAt = async (organisationId: string, depth: number): Promise<string | undefined> => {
  let after: string | undefined;
  for (let seen = 0; seen < depth; seen += 1000) {
    const page = await bills.list(
      { clientId: CLIENT, organisationId },
      {},
      after === undefined ? { limit: 1000 } : { limit: 1000, after },
    );
    after = page.items.at(-1)?.id;
    if (!page.hasMore) break;
  }
  return after;
};

interface Case {
  readonly name: string;
  readonly organisationId: string;
  readonly filter: BillFilter;
  readonly after?: string;
}

const cases: Case[] = [];
for (const [label, organisationId] of [
  [`small (${small})`, SMALL],
  [`big (${big})`, BIG],
] as const) {
  const deep = await cursorAt(organisationId, DEPTH);
  cases.push(
    { name: `${label} page 1`, organisationId, filter: {} },
    ...(deep === undefined
      ? []
      : [{ name: `${label} page at depth ${DEPTH}`, organisationId, filter: {}, after: deep }]),
    { name: `${label} state=Approved page 1`, organisationId, filter: { state: "Approved" } },
    { name: `${label} supplier name, no match`, organisationId, filter: { supplierName: "zz no such supplier" } },
    { name: `${label} supplier name, one supplier`, organisationId, filter: { supplierName: "supplier 7 trading" } },
    {
      name: `${label} invoice date, no match`,
      organisationId,
      filter: { invoiceDateFrom: "1999-01-01", invoiceDateTo: "1999-12-31" },
    },
    {
      name: `${label} invoice date, one month`,
      organisationId,
      filter: { invoiceDateFrom: "2020-03-01", invoiceDateTo: "2020-03-31" },
    },
  );
}

const once = async (c: Case): Promise<{ readonly ms: number; readonly outcome: string }> => {
  const started = process.hrtime.bigint();
  let outcome: string;
  try {
    const page = await bills.list(
      { clientId: CLIENT, organisationId: c.organisationId },
      c.filter,
      c.after === undefined ? { limit: LIMIT } : { limit: LIMIT, after: c.after },
    );
    outcome = `${page.items.length} items${page.hasMore ? ", more" : ""}`;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    outcome = typeof code === "string" ? code : String(e);
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, outcome };
};

// BENCH_ONLY=name runs the cases whose name contains it.
const chosen = cases.filter((c) => c.name.includes(process.env.BENCH_ONLY ?? ""));
const timings = new Map<string, number[]>();
const outcomes = new Map<string, string>();
for (let round = 0; round < rounds; round++) {
  // Alternate the order so that a warm or busy moment does not fall on one case only.
  for (const c of round % 2 === 0 ? chosen : [...chosen].reverse()) {
    const { ms, outcome } = await once(c);
    timings.set(c.name, [...(timings.get(c.name) ?? []), ms]);
    outcomes.set(c.name, outcome);
  }
}
await database.close();

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
console.log(`bills list, ${database.dialect}, ${rounds} rounds, load average ${loadavg().map((l) => l.toFixed(2))}`);
console.log("| case | median ms | min-max ms | answer |\n|---|---|---|---|");
for (const c of chosen) {
  const xs = timings.get(c.name) ?? [];
  console.log(
    `| ${c.name} | ${median(xs).toFixed(1)} | ${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)} | ${outcomes.get(c.name)} |`,
  );
}

// The lines bench/run.ts gathers into one table: measure | apar | anchor | ratio | goal. Each ratio is taken per
// round (both cases of a round ran side by side) and printed as its median with its spread.
const at = (name: string): number[] | undefined => {
  const xs = timings.get(name);
  return xs === undefined || xs.length === 0 ? undefined : xs;
};
const ratioOf = (xs: readonly number[], ys: readonly number[]): string => {
  const rs = xs.map((x, i) => x / (ys[i] ?? Number.NaN));
  return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
};
const ms = (xs: readonly number[]) =>
  `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
const summary = (measure: string, apar: string, anchor: string, ratio: string, goal: string) =>
  console.log(`SUMMARY | ${measure}, ${database.dialect} | ${apar} | ${anchor} | ${ratio} | ${goal} |`);
const smallLabel = `small (${small})`;
const deep = at(`${smallLabel} page at depth ${DEPTH}`);
const first = at(`${smallLabel} page 1`);
if (deep !== undefined && first !== undefined) {
  summary(
    `list page at depth ${DEPTH}, ${small}-bill organisation beside a ${big}-bill one`,
    ms(deep),
    `its page 1: ${ms(first)}`,
    ratioOf(deep, first),
    "<= 1.2x",
  );
}
for (const filter of ["supplier name, no match", "invoice date, no match"]) {
  const xs = at(`big (${big}) ${filter}`);
  const indexed = at(`big (${big}) state=Approved page 1`);
  if (xs !== undefined && indexed !== undefined) {
    summary(
      `list filter ${filter}, ${big}-bill organisation, ${SUPPLIERS} supplier names`,
      ms(xs),
      `an indexed filter: ${ms(indexed)}`,
      ratioOf(xs, indexed),
      "< 50 ms",
    );
  }
}
