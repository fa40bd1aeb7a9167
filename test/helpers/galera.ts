import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import mysql from "mysql2/promise";

// A three-node MariaDB Galera cluster on loopback, started by the test that needs it: Debian's `mariadb-server` and
// `galera-4`, each node a `mariadbd` with its own data folder and ports, joined by state transfer over rsync.

const PROVIDER = "/usr/lib/galera/libgalera_smm.so";
const MARIADBD = "/usr/sbin/mariadbd";

/** Why a Galera cluster cannot run here, or undefined. */
export const galeraMissing = (): string | undefined => {
  for (const path of [PROVIDER, MARIADBD, "/usr/bin/rsync", "/usr/bin/mariadb-install-db"])
    if (!existsSync(path))
      return `${path} is missing: install Galera with "apt-get install -y mariadb-server galera-4 rsync" to run apar on a cluster`;
  return undefined;
};

/** One node of the cluster. */
export interface GaleraNode {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** Whether its process runs. */
  alive(): boolean;
}

export interface GaleraCluster {
  readonly nodes: readonly GaleraNode[];
  /** Kills a node's server at once (SIGKILL), as a crashed machine would. */
  kill(index: number): Promise<void>;
  /** Answers a query on a node (as root), for checks. */
  query<R>(index: number, sql: string, values?: readonly unknown[]): Promise<R[]>;
  stop(): Promise<void>;
}

/** The user the servers run as: rsync's state transfer runs its daemon as the server's user, which must own the data. */
const SERVER_USER = "mysql";

/**
 * Starts a cluster of `size` nodes on ports from `basePort` (SQL), `basePort + 1000 + 10·i` (group communication and
 * state transfers). The first node bootstraps the cluster; the others join one at a time, each waited for until
 * it is Synced.
 */
export const startGalera = async (basePort: number, size = 3): Promise<GaleraCluster> => {
  const root = mkdtempSync(join(tmpdir(), "apar-galera-"));
  const uid = Number(execFileSync("id", ["-u", SERVER_USER]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", SERVER_USER]).toString().trim());
  chownSync(root, uid, gid);
  const group = (i: number) => basePort + 1000 + 10 * i;
  const members = Array.from({ length: size }, (_, i) => `127.0.0.1:${group(i)}`).join(",");
  const processes: (ChildProcess | undefined)[] = [];
  const nodes: GaleraNode[] = Array.from({ length: size }, (_, i) => ({
    name: `n${i + 1}`,
    port: basePort + i,
    url: `mysql://root@127.0.0.1:${basePort + i}/`,
    alive: () => {
      const p = processes[i];
      return p !== undefined && p.exitCode === null && p.signalCode === null;
    },
  }));

  const start = async (i: number) => {
    const dir = join(root, `n${i + 1}`);
    execFileSync("mariadb-install-db", [
      "--no-defaults",
      `--datadir=${dir}`,
      `--user=${SERVER_USER}`,
      "--auth-root-authentication-method=normal",
    ]);
    execFileSync("chown", ["-R", `${SERVER_USER}:${SERVER_USER}`, dir]);
    const args = [
      "--no-defaults",
      `--user=${SERVER_USER}`,
      `--datadir=${dir}`,
      `--port=${basePort + i}`,
      "--bind-address=127.0.0.1",
      `--socket=${dir}/mysqld.sock`,
      `--pid-file=${dir}/mysqld.pid`,
      `--log-error=${dir}/error.log`,
      "--binlog-format=ROW",
      "--default-storage-engine=InnoDB",
      "--innodb-autoinc-lock-mode=2",
      "--innodb-buffer-pool-size=64M",
      "--max-connections=400",
      "--wsrep-on=ON",
      `--wsrep-provider=${PROVIDER}`,
      "--wsrep-cluster-name=apar-test",
      `--wsrep-cluster-address=gcomm://${members}`,
      `--wsrep-node-address=127.0.0.1:${group(i)}`,
      `--wsrep-node-name=n${i + 1}`,
      `--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:${group(i)};ist.recv_addr=127.0.0.1:${group(i) + 2};gcache.size=64M`,
      `--wsrep-sst-receive-address=127.0.0.1:${group(i) + 3}`,
      "--wsrep-sst-method=rsync",
      ...(i === 0 ? ["--wsrep-new-cluster"] : []),
    ];
    processes[i] = spawn(MARIADBD, args, { stdio: "ignore" });
    await synced(basePort + i, i + 1);
  };

  const query = async <R>(i: number, sql: string, values: readonly unknown[] = []): Promise<R[]> => {
    const connection = await mysql.createConnection({ host: "127.0.0.1", port: basePort + i, user: "root" });
    try {
      const [rows] = await connection.query(sql, [...values]);
      return rows as R[];
    } finally {
      await connection.end();
    }
  };

  /** Waits until the node answers, is Synced and sees `members` nodes (a joiner's state transfer takes a while). */
  const synced = async (port: number, expected: number) => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        const connection = await mysql.createConnection({ host: "127.0.0.1", port, user: "root" });
        try {
          const [rows] = await connection.query(
            "SHOW STATUS WHERE Variable_name IN ('wsrep_local_state_comment', 'wsrep_cluster_size')",
          );
          const status = new Map(
            (rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]),
          );
          if (
            status.get("wsrep_local_state_comment") === "Synced" &&
            Number(status.get("wsrep_cluster_size")) >= expected
          )
            return;
        } finally {
          await connection.end();
        }
      } catch {
        // Not up yet.
      }
      if (Date.now() > deadline) throw new Error(`Galera node on ${port} did not become Synced`);
      await sleep(500);
    }
  };

  const stop = async () => {
    for (const p of processes) if (p !== undefined && p.exitCode === null) p.kill("SIGKILL");
    await Promise.all(
      processes.map((p) =>
        p === undefined || p.exitCode !== null || p.signalCode !== null
          ? undefined
          : new Promise((done) => p.once("exit", done)),
      ),
    );
    rmSync(root, { recursive: true, force: true });
  };

  try {
    for (let i = 0; i < size; i++) await start(i);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    nodes,
    query,
    stop,
    kill: async (i) => {
      const p = processes[i];
      if (p === undefined || p.exitCode !== null) return;
      const exited = new Promise((done) => p.once("exit", done));
      p.kill("SIGKILL");
      await exited;
    },
  };
};
