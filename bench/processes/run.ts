// Process scaling: the same host started with APAR_PROCESSES=1 and with N (default: the machine's cores), each
// loaded in turn by autocannon with an authenticated GET (the key checked, a row read, JSON written) in interleaved
// rounds (1,N,N,1,...), so that load from elsewhere falls on both alike. Prints req/s of each, the median and spread
// of the per-round ratios N/1, and the load average. autocannon runs in this process and takes its share of the
// cores: on a small machine the ratio is lower than the servers alone would make it.
// Usage: npm run bench:processes [-- seconds-per-run rounds processes]
import { availableParallelism, loadavg } from "node:os";
import autocannon from "autocannon";
import { type BenchHost, startBenchHost } from "../host-session.js";

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 4);
const many = Number(process.argv[4] ?? availableParallelism());
const CONNECTIONS = 32;

const one = await startBenchHost({ APAR_PROCESSES: "1", APAR_ROLES: "api" });
const several = await startBenchHost({ APAR_PROCESSES: String(many), APAR_ROLES: "api" });
const hosts = { one, several } as const;
type Side = keyof typeof hosts;

const load = async (host: BenchHost, duration: number): Promise<number> => {
  const result = await autocannon({
    url: `${host.base}/v1/organisations`,
    connections: CONNECTIONS,
    duration,
    headers: host.headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`not all 200: ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`);
  return result.requests.total / duration;
};

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const spread = (xs: readonly number[], digits: number) =>
  `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;

const loadStart = loadavg();
try {
  // Warm both (JIT, connections, every process of the cluster).
  await load(one, 1);
  await load(several, 1);
  const rps: Record<Side, number[]> = { one: [], several: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: readonly Side[] = round % 2 === 0 ? ["one", "several"] : ["several", "one"];
    for (const side of order) rps[side].push(await load(hosts[side], seconds));
  }
  const ratios = rps.several.map((r, i) => r / (rps.one[i] ?? Number.NaN));
  console.log(
    `GET /v1/organisations, ${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s, ${availableParallelism()} cores`,
  );
  console.log("| processes | median req/s | min-max req/s |\n|---|---|---|");
  console.log(`| 1 | ${Math.round(median(rps.one))} | ${spread(rps.one, 0)} |`);
  console.log(`| ${many} | ${Math.round(median(rps.several))} | ${spread(rps.several, 0)} |`);
  console.log(
    `ratio ${many}/1: ${median(ratios).toFixed(2)} (${spread(ratios, 2)}); per round ${ratios.map((r) => r.toFixed(2)).join(" ")}`,
  );
  console.log(
    `load average: ${loadStart.map((l) => l.toFixed(1)).join(" ")} -> ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `SUMMARY | GET /v1/organisations, sqlite, APAR_PROCESSES=${many} | ${Math.round(median(rps.several))} req/s | APAR_PROCESSES=1: ${Math.round(median(rps.one))} req/s | ${median(ratios).toFixed(2)} (${spread(ratios, 2)}) | more than 1 on a machine with spare cores |`,
  );
} finally {
  await Promise.all([one.stop(), several.stop()]);
}
