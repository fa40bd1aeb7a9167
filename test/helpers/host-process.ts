import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { adminQuery } from "./databases.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SQL_URL = process.env.APAR_TEST_DATABASE_URL;

/** A data folder and, on MySQL runs, a fresh database, for one host process (or several sharing them). */
export interface HostEnvironment {
  readonly env: Record<string, string>;
  readonly dataDir: string;
  dispose(): Promise<void>;
}

/** A fresh environment: SQLite in a temp data folder, or a fresh MySQL database when the suite runs on MySQL. */
export const hostEnvironment = async (extra: Record<string, string> = {}): Promise<HostEnvironment> => {
  const dataDir = mkdtempSync(join(tmpdir(), "apar-host-"));
  const env: Record<string, string> = {
    APAR_DATA_DIR: dataDir,
    APAR_PORT: "0",
    APAR_HOST: "127.0.0.1",
    APAR_SMTP_PORT: "0",
    APAR_LOG_LEVEL: "info",
    // One process unless a test asks for more (the default is one per core with the api role and limits off).
    APAR_PROCESSES: "1",
    ...extra,
  };
  let drop = async () => {};
  if (SQL_URL !== undefined && /^(mysql|mariadb):\/\//i.test(SQL_URL)) {
    const name = `apar_h_${randomBytes(6).toString("hex")}`;
    await adminQuery(SQL_URL, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    const url = new URL(SQL_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = () => adminQuery(SQL_URL, `DROP DATABASE IF EXISTS \`${name}\``);
  }
  return {
    env,
    dataDir,
    dispose: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A host process started from source, with its output collected. */
export interface HostProcess {
  readonly child: ChildProcess;
  readonly port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
}

/**
 * Runs a host entry point (`main.ts` or `cli.ts`) from source with the given environment; with
 * `APAR_TEST_HOST=dist`, the built one (`npm run build` first), as production runs it (benchmarks use this).
 */
export const spawnHost = (entry: "main" | "cli", env: Record<string, string>, args: readonly string[] = []) => {
  const built = process.env.APAR_TEST_HOST === "dist";
  const child = spawn(
    process.execPath,
    built
      ? [join(ROOT, `host/dist/${entry}.js`), ...args]
      : ["--conditions=source", "--import", "tsx", join(ROOT, `host/src/${entry}.ts`), ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
};

/** The JSON log entries of a host's output, in order (the first start's banner and other text left out). */
export const logEntries = (stdout: string): { msg?: string; port?: number }[] =>
  stdout.split("\n").flatMap((line) => {
    try {
      return [JSON.parse(line) as { msg?: string; port?: number }];
    } catch {
      return [];
    }
  });

/** Starts the server and waits for its "apar started" line (with the port it listens on). */
export const startHost = async (env: Record<string, string>, timeoutMs = 120_000): Promise<HostProcess> => {
  const spawned = spawnHost("main", env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const started = logEntries(spawned.stdout()).find((entry) => entry.msg === "apar started");
    if (started?.port !== undefined) return { ...spawned, port: started.port };
    const code = await Promise.race([spawned.exited, new Promise<"wait">((r) => setTimeout(() => r("wait"), 50))]);
    if (code !== "wait") throw new Error(`host exited with ${code}: ${spawned.stderr()}${spawned.stdout()}`);
    if (Date.now() > deadline) {
      spawned.child.kill("SIGKILL");
      throw new Error(`host did not start: ${spawned.stderr()}${spawned.stdout()}`);
    }
  }
};
