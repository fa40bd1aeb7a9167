// npm run bench: the speed figures of issue 19 in one run, each printed as a ratio to its anchor. Runs each bench
// in turn (a child process each, on SQLite and, with BENCH_MYSQL_URL or MariaDB on 127.0.0.1:3306, on MariaDB),
// passes its output through, and ends with the table of the lines they mark `SUMMARY | ...`.
//   npm run bench [-- hot-get,lists,webhooks,ocr,processes]
import { spawn } from "node:child_process";
import { loadavg } from "node:os";

const mysqlUrl = process.env.BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/";
const chosen = (process.argv[2] ?? "hot-get,lists,webhooks,ocr,processes").split(",");
const runs: { readonly name: string; readonly script: string; readonly env: Record<string, string> }[] = [
  { name: "hot-get", script: "bench:hot-get", env: {} },
  { name: "hot-get", script: "bench:hot-get", env: { BENCH_DB: mysqlUrl } },
  { name: "lists", script: "bench:lists", env: {} },
  { name: "lists", script: "bench:lists", env: { BENCH_LISTS_DB: mysqlUrl } },
  { name: "webhooks", script: "bench:webhooks", env: {} },
  { name: "ocr", script: "bench:ocr", env: {} },
  { name: "processes", script: "bench:processes", env: {} },
];

const summaries: string[] = [];
const run = (script: string, env: Record<string, string>): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let rest = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      rest += chunk.toString("utf8");
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("SUMMARY |")) summaries.push(line.slice("SUMMARY ".length));
    });
    child.on("close", (code) => resolve(code ?? 1));
  });

const failed: string[] = [];
for (const r of runs.filter((x) => chosen.includes(x.name))) {
  const label = `${r.script}${
    Object.keys(r.env).length > 0
      ? ` (${Object.entries(r.env)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")})`
      : ""
  }`;
  console.log(
    `\n=== ${label}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if ((await run(r.script, r.env)) !== 0) failed.push(label);
}
console.log(`\n| measure | apar | anchor | ratio | goal |\n|---|---|---|---|---|`);
for (const s of summaries) console.log(s);
console.log(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
if (failed.length > 0) {
  console.log(`did not finish: ${failed.join(", ")}`);
  process.exitCode = 1;
}
