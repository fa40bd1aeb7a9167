import type { Database } from "@apar/core";
import { systemClock } from "../system/clock.js";
import { randomIds } from "../system/ids.js";
import { type Connection, connect, type SqlDatabaseOptions } from "./connect.js";
import { type LockRunner, mysqlLock, sqliteLock } from "./database-lock.js";
import { migrator } from "./migrator.js";
import { SqlSession } from "./sql-session.js";
import { sqlStores } from "./sql-stores.js";

const DEFAULT_LOCK_TIMEOUT_MS = 120_000;

const lockFor = (connection: Connection, timeoutMs: number): LockRunner =>
  connection.dialect === "mysql" || connection.sqliteFile === undefined
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
  return {
    dialect,
    stores: sqlStores(new SqlSession(sequelize, dialect), newId),
    run: (work) =>
      sequelize.transaction((transaction) => work(sqlStores(new SqlSession(sequelize, dialect, transaction), newId))),
    migrate: () =>
      withLock("migrate", async () => {
        await umzug.up();
      }),
    ready: async () => {
      try {
        await sequelize.query("SELECT 1");
        return (await umzug.pending()).length === 0;
      } catch {
        return false;
      }
    },
    withLock,
    close: () => sequelize.close(),
  };
};
