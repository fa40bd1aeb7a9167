import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Sequelize } from "sequelize";
import sqlite3 from "sqlite3";
import { retryDeadlocks } from "./deadlock.js";
import { SqlSession } from "./sql-session.js";

/** Runs work while holding a named lock shared by every process using the database. */
export type LockRunner = <A>(name: string, work: () => Promise<A>) => Promise<A>;

const POLL_MS = 25;

/**
 * MySQL: `GET_LOCK` on a connection of its own (a transaction pins one from the pool) for as long as the work
 * runs. Named locks are server-wide, so the name includes the database's. The server frees the lock if the
 * process dies.
 */
export const mysqlLock =
  (sequelize: Sequelize, timeoutMs: number): LockRunner =>
  (name, work) => {
    const full = `apar:${sequelize.config.database}:${name}`;
    const lockName = full.length <= 64 ? full : `apar:${createHash("sha256").update(full).digest("hex").slice(0, 59)}`;
    return sequelize.transaction(async (transaction) => {
      const session = new SqlSession(sequelize, "mysql", transaction);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const wait = Math.max(0, Math.min(5, Math.ceil((deadline - Date.now()) / 1000)));
        const [row] = await session.select<{ acquired: unknown }>("SELECT GET_LOCK($1, $2) AS acquired", [
          lockName,
          wait,
        ]);
        if (Number(row?.acquired) === 1) break;
        if (Date.now() >= deadline) throw new Error(`database lock "${name}" not acquired within ${timeoutMs} ms`);
      }
      try {
        return await work();
      } finally {
        await session.select("SELECT RELEASE_LOCK($1) AS released", [lockName]);
      }
    });
  };

/** How long a cluster lock holds without its holder renewing it (a holder that died frees it after this). */
export const CLUSTER_LEASE_SECONDS = 30;

const isDuplicateOrConflict = (error: unknown): boolean => {
  const e = error as { parent?: { errno?: number }; original?: { errno?: number }; errno?: number };
  const errno = e.errno ?? e.parent?.errno ?? e.original?.errno;
  // 1062: the lock's row exists; 1213: a certification conflict with another node's insert of it.
  return errno === 1062 || errno === 1213;
};

const LOCKS_TABLE =
  "CREATE TABLE IF NOT EXISTS apar_locks (name VARCHAR(190) NOT NULL PRIMARY KEY, holder CHAR(36) NOT NULL, expires_at DATETIME(3) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";

/** Per connection pool: the table made sure of once (a failed check is tried again by the next lock). */
const locksTables = new WeakMap<Sequelize, Promise<void>>();

/**
 * `apar_locks` exists: looked up first, created only when missing. A DDL statement on a Galera cluster runs on
 * every node at once and aborts, as deadlock victims, the statements other nodes are running on that table:
 * a `CREATE TABLE IF NOT EXISTS` on each lock, from processes starting together, failed a holder's DELETE of its
 * row (seen once in CI; on three nodes, one connection's INSERT, UPDATE and DELETE of a row failed with 1213 10,317
 * times of 26,040 against another node's repeated CREATE TABLE IF NOT EXISTS, 0 of 23,790 against this lookup).
 */
const ensureLocksTable = (sequelize: Sequelize): Promise<void> => {
  let made = locksTables.get(sequelize);
  if (made === undefined) {
    const session = new SqlSession(sequelize, "mysql", null);
    made = session
      .select(
        "SELECT 1 AS present FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'apar_locks'",
        [],
      )
      .then(async (rows) => {
        if (rows.length === 0) await retryDeadlocks("apar_locks", () => session.execute(LOCKS_TABLE));
      });
    made.catch(() => locksTables.delete(sequelize));
    locksTables.set(sequelize, made);
  }
  return made;
};

/**
 * A Galera cluster: `GET_LOCK` holds on one node only, so the lock is a row of `apar_locks` (name, holder, lease).
 * Taking it inserts the row (certification lets one of two nodes' inserts commit), or takes over a row whose lease
 * ran out; the holder renews the lease while the work runs and deletes the row after. A process that dies frees
 * the lock when its lease ends.
 */
export const clusterLock =
  (sequelize: Sequelize, timeoutMs: number): LockRunner =>
  async (name, work) => {
    await ensureLocksTable(sequelize);
    const session = new SqlSession(sequelize, "mysql", null);
    const holder = randomUUID();
    const lease = `NOW(3) + INTERVAL ${CLUSTER_LEASE_SECONDS} SECOND`;
    const take = async (): Promise<boolean> => {
      try {
        await session.execute(`INSERT INTO apar_locks (name, holder, expires_at) VALUES ($1, $2, ${lease})`, [
          name,
          holder,
        ]);
        return true;
      } catch (error) {
        if (!isDuplicateOrConflict(error)) throw error;
      }
      try {
        const taken = await session.execute(
          `UPDATE apar_locks SET holder = $1, expires_at = ${lease} WHERE name = $2 AND expires_at < NOW(3)`,
          [holder, name],
        );
        return taken === 1;
      } catch (error) {
        if (isDuplicateOrConflict(error)) return false;
        throw error;
      }
    };
    const deadline = Date.now() + timeoutMs;
    while (!(await take())) {
      if (Date.now() >= deadline) throw new Error(`database lock "${name}" not acquired within ${timeoutMs} ms`);
      await sleep(POLL_MS * 4 + Math.random() * POLL_MS * 4);
    }
    const renewal = setInterval(
      () => {
        session
          .execute(`UPDATE apar_locks SET expires_at = ${lease} WHERE name = $1 AND holder = $2`, [name, holder])
          .catch(() => undefined);
      },
      (CLUSTER_LEASE_SECONDS * 1000) / 3,
    );
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      // Released, tried again when the cluster aborts the DELETE as a deadlock victim. A release that still fails
      // does not fail the work that was done: the row's lease runs out as a dead holder's would.
      await retryDeadlocks("apar_locks.release", () =>
        session.execute("DELETE FROM apar_locks WHERE name = $1 AND holder = $2", [name, holder]),
      ).catch(() => undefined);
    }
  };

const run = (db: sqlite3.Database, sql: string): Promise<void> =>
  new Promise((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));

const close = (db: sqlite3.Database): Promise<void> =>
  new Promise((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));

/**
 * SQLite: a write transaction (`BEGIN IMMEDIATE`) held on a small side file per lock name
 * (`<database>.lock-<name>`). SQLite's file locks work across processes and vanish with a dead process.
 * A side file, not the database itself, so that the work can still write to the database.
 * Waiting polls from JavaScript rather than with busy_timeout, which would block a libuv thread.
 */
export const sqliteLock =
  (databaseFile: string, timeoutMs: number): LockRunner =>
  async (name, work) => {
    const file = `${databaseFile}.lock-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened: sqlite3.Database = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
    });
    try {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await run(db, "BEGIN IMMEDIATE");
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
          if (Date.now() >= deadline) throw new Error(`database lock "${name}" not acquired within ${timeoutMs} ms`);
          await sleep(POLL_MS + Math.random() * POLL_MS);
        }
      }
      try {
        return await work();
      } finally {
        await run(db, "ROLLBACK");
      }
    } finally {
      await close(db);
    }
  };
