import { AsyncLocalStorage } from "node:async_hooks";
import { resolve } from "node:path";
import type { Database } from "@apar/core/ports";
import { systemClock } from "../system/clock.js";
import { randomIds } from "../system/ids.js";
import { NamedMutexes } from "../system/mutex.js";
import { type Connection, connect, type SqlDatabaseOptions } from "./connect.js";
import { clusterLock, type LockRunner, mysqlLock, sqliteLock } from "./database-lock.js";
import { retryDeadlocks } from "./deadlock.js";
import { migrator, pendingMigrations } from "./migrator.js";
import { openGate, SqlSession, type WriteGate } from "./sql-session.js";
import { sqlStores } from "./sql-stores.js";

const DEFAULT_LOCK_TIMEOUT_MS = 120_000;

/**
 * SQLite has one writer at a time. Writers of one process queue here, in JavaScript, instead of all taking
 * a connection each and retrying SQLITE_BUSY against each other (which, under load, made requests wait tens
 * of seconds); the retries remain for writers in other processes. One queue per database file, so several
 * handles on one file in one process share it.
 */
const sqliteWriters = new NamedMutexes();

// Which database's write queue the current async context holds: a nested writer would wait for itself forever.
const holding = new AsyncLocalStorage<string>();

const gateFor = (connection: Connection): WriteGate => {
  if (connection.dialect !== "sqlite" || connection.sqliteFile === undefined) return openGate;
  const file = resolve(connection.sqliteFile);
  return (work) => {
    if (holding.getStore() === file)
      return Promise.reject(new Error("a write outside the unit of work was started inside it (same SQLite file)"));
    return sqliteWriters.run(file, () => holding.run(file, work));
  };
};

const lockFor = (connection: Connection, timeoutMs: number): LockRunner =>
  connection.cluster === true
    ? clusterLock(connection.sequelize, timeoutMs)
    : connection.dialect === "mysql" || connection.sqliteFile === undefined
      ? mysqlLock(connection.sequelize, timeoutMs)
      : sqliteLock(connection.sqliteFile, timeoutMs);

/** Opens a MySQL/MariaDB (`url`) or SQLite (`sqliteFile`) database. Call `migrate()` before using the stores. */
export const openSqlDatabase = async (options: SqlDatabaseOptions): Promise<Database> => {
  const connection = await connect(options);
  const { sequelize, dialect } = connection;
  const withLock = lockFor(connection, options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
  const umzug = migrator(sequelize, dialect);
  const ids = options.ids ?? randomIds(systemClock);
  const newId = () => ids.next();
  const gate = gateFor(connection);
  // A unit of work's session reports no deadlock retries: the unit of work as a whole is retried (below).
  const settings = { gate, listScanRows: options.listScanRows, afterKeyWrite: options.afterKeyWrite };
  return {
    dialect,
    stores: sqlStores(
      new SqlSession(sequelize, dialect, null, { ...settings, onDeadlockRetry: options.onDeadlockRetry }),
      newId,
    ),
    // A unit of work the server rolled back as a deadlock victim (on a Galera cluster also: one that lost a
    // certification conflict at commit) is run again from the start: nothing of it was kept, and a unit of work
    // does nothing outside the database.
    run: (work) => {
      const once = () =>
        gate(() =>
          sequelize.transaction((transaction) =>
            work(sqlStores(new SqlSession(sequelize, dialect, transaction, settings), newId)),
          ),
        );
      return dialect === "mysql" ? retryDeadlocks("unit-of-work", once, options.onDeadlockRetry) : once();
    },
    // Only a database with migrations pending takes the lock (on a cluster, a row written and deleted) and umzug.
    migrate: async () => {
      if ((await pendingMigrations(sequelize)).length === 0) return;
      await withLock("migrate", async () => {
        await umzug.up();
      });
    },
    ready: async () => {
      try {
        return (await pendingMigrations(sequelize)).length === 0;
      } catch {
        return false;
      }
    },
    withLock,
    close: () => sequelize.close(),
  };
};
