// Loaded with `--import` into an apar process (never the measured one): records every statement apar hands its
// database driver, as the driver got it (method, SQL text, bind values), one JSON line each to
// APAR_BENCH_CAPTURE. The anchor (anchor.ts) replays the lines of one request.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export interface Captured {
  readonly driver: "mysql" | "sqlite";
  readonly method: string;
  readonly sql: string;
  readonly values: unknown[];
}

const file = process.env.APAR_BENCH_CAPTURE ?? "";
// The driver modules apar loads: those of the checkout it runs from (the working directory).
const require = createRequire(join(process.cwd(), "package.json"));
const record = (entry: Captured) => appendFileSync(file, `${JSON.stringify(entry)}\n`);

type Method = (this: unknown, ...args: unknown[]) => unknown;
const wrap = (
  proto: Record<string, unknown>,
  method: string,
  describe: (self: unknown, args: unknown[]) => Captured,
) => {
  const original = proto[method] as Method;
  proto[method] = function (this: unknown, ...args: unknown[]) {
    record(describe(this, args));
    return original.apply(this, args);
  };
};

const mysqlConnection = require(require.resolve("mysql2").replace(/index\.js$/, "lib/base/connection.js")) as {
  prototype: Record<string, unknown>;
};
for (const method of ["execute", "query"]) {
  wrap(mysqlConnection.prototype, method, (_self, [sql, values]) => {
    const options = (typeof sql === "object" && sql !== null ? sql : { sql }) as { sql: string; values?: unknown };
    const bind = Array.isArray(values) ? values : Array.isArray(options.values) ? options.values : [];
    return { driver: "mysql", method, sql: options.sql, values: bind };
  });
}

// node-sqlite3 runs every statement through a Statement (Database#all makes one); its `sql` is the text.
const sqlite = require("sqlite3") as { Statement: { prototype: Record<string, unknown> } };
for (const method of ["all", "run", "get"]) {
  wrap(sqlite.Statement.prototype, method, (self, args) => ({
    driver: "sqlite",
    method,
    sql: (self as { sql: string }).sql,
    values: args.filter((a) => typeof a !== "function"),
  }));
}
