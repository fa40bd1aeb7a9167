import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Ids } from "@apar/core/ports";
import { type Options, Sequelize, Transaction } from "sequelize";
import type { OnDeadlockRetry } from "./deadlock.js";
import type { SqlDialect } from "./sql-session.js";
import { PREPARED_PER_CONNECTION } from "./statements.js";

/** How to reach the database. */
export interface SqlDatabaseOptions {
  /** `mysql://user:pass@host:port/db` (or `mariadb://`) for MySQL/MariaDB; anything else means SQLite. */
  readonly url?: string;
  /** The SQLite file when `url` is not MySQL; parent folders are created. */
  readonly sqliteFile?: string;
  /** Receives every SQL statement sent (tests assert on it; hosts may log it). */
  readonly log?: (sql: string) => void;
  /** How long `withLock` waits before failing (default two minutes). */
  readonly lockTimeoutMs?: number;
  /** Where new job ids come from (default: UUID v7 from the system clock). */
  readonly ids?: Ids;
  /** Told each time a claim is run again after a deadlock (hosts count it in a metric). */
  readonly onDeadlockRetry?: OnDeadlockRetry;
  /** The most of an organisation's rows one list request reads before it answers List.FilterTooBroad (50,000). */
  readonly listScanRows?: number;
}

export interface Connection {
  readonly sequelize: Sequelize;
  readonly dialect: SqlDialect;
  /** The SQLite file, when that is the dialect. */
  readonly sqliteFile?: string;
}

/** True when the URL names a MySQL/MariaDB server. */
export const isMysqlUrl = (url: string | undefined): url is string =>
  url !== undefined && /^(mysql|mariadb):\/\//i.test(url);

/** A sequelize instance for the options; SQLite in WAL mode with IMMEDIATE transactions. */
export const connect = async (options: SqlDatabaseOptions): Promise<Connection> => {
  const logging: Options["logging"] = options.log === undefined ? false : (sql: string) => options.log?.(sql);
  if (isMysqlUrl(options.url)) {
    const sequelize = new Sequelize(options.url.replace(/^mariadb:/i, "mysql:"), {
      dialect: "mysql",
      logging,
      // Sessions in UTC; DATETIME(3) values are written and read as UTC text (see columns.ts).
      timezone: "+00:00",
      // Prepared statements kept per connection, bounded (statements.ts; MariaDB caps them server-wide).
      dialectOptions: { dateStrings: true, charset: "utf8mb4", maxPreparedStatements: PREPARED_PER_CONNECTION },
      pool: { max: 10, min: 0, idle: 10_000, acquire: 60_000 },
    });
    return { sequelize, dialect: "mysql" };
  }
  const file = options.sqliteFile;
  if (file === undefined) throw new Error("openSqlDatabase needs a mysql:// url or a sqliteFile");
  mkdirSync(dirname(file), { recursive: true });
  const sequelize = new Sequelize({
    dialect: "sqlite",
    storage: file,
    logging,
    // One writer at a time: every transaction takes the write lock at BEGIN, so a read-then-write never
    // fails half-way with SQLITE_BUSY; waiting for that lock is a retry with jittered backoff (about 15 s).
    transactionType: Transaction.TYPES.IMMEDIATE,
    retry: { match: [/SQLITE_BUSY/], max: 60, backoffBase: 5, backoffExponent: 1.1, backoffJitter: 5 },
  });
  await sequelize.query("PRAGMA journal_mode = WAL");
  return { sequelize, dialect: "sqlite", sqliteFile: file };
};
