import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMemoryDatabase } from "@apar/adapters/memory";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import type { Database } from "@apar/core/ports";
import mysql from "mysql2/promise";

/** Options for opening a test database. */
export interface OpenOptions {
  /** Apply the migrations before answering (default true). */
  readonly migrate?: boolean;
  /** Receives every SQL statement (SQL databases only). */
  readonly log?: (sql: string) => void;
}

/** A kind of database the suites run against. */
export interface TestDatabase {
  readonly name: "memory" | "sqlite" | "mysql";
  /** A fresh, empty database; closing it deletes it. */
  open(options?: OpenOptions): Promise<Database>;
  /**
   * `count` handles on one fresh database, each with its own connections (for concurrency tests; in memory
   * they are the same object). The database is deleted when the last handle closes.
   */
  openMany(count: number, options?: OpenOptions): Promise<Database[]>;
}

const SQL_URL = process.env.APAR_TEST_DATABASE_URL;
/** Throwaway SQLite files go to memory-backed /dev/shm when there is one: fsync there costs nothing. */
const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

/** Wraps `close` of each handle so the last one to close runs `drop`. */
const closeLast = (handles: readonly Database[], drop: () => Promise<void>): Database[] => {
  let open = handles.length;
  return handles.map((handle) => {
    let closed = false;
    return {
      ...handle,
      close: async () => {
        if (closed) return;
        closed = true;
        await handle.close();
        open -= 1;
        if (open === 0) await drop();
      },
    };
  });
};

const prepare = async (handles: Database[], options: OpenOptions | undefined): Promise<Database[]> => {
  if (options?.migrate !== false) await handles[0]?.migrate();
  return handles;
};

const first = async (handles: Promise<Database[]>): Promise<Database> => {
  const [database] = await handles;
  if (database === undefined) throw new Error("no database handle opened");
  return database;
};

const memory: TestDatabase = {
  name: "memory",
  open: (options) => first(prepare([openMemoryDatabase()], options)),
  openMany: async (count, options) => {
    const database = openMemoryDatabase();
    return prepare(
      closeLast(Array(count).fill(database), async () => {}),
      options,
    );
  },
};

/** A fresh, empty SQL database that nothing has opened yet. */
export interface SqlLocation {
  readonly name: "sqlite" | "mysql";
  /** The `url` or `sqliteFile` for openSqlDatabase. */
  readonly options: { readonly url?: string; readonly sqliteFile?: string };
  /** Deletes the database. */
  drop(): Promise<void>;
}

const sqliteLocation = async (): Promise<SqlLocation> => {
  const folder = mkdtempSync(join(SCRATCH, "apar-test-"));
  return {
    name: "sqlite",
    options: { sqliteFile: join(folder, "apar.sqlite") },
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
};

/** `mysql://user:pass@host:port/` with the database name replaced. */
const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/**
 * A connection for a test's own statements. A busy machine (both suites and MariaDB's DDL for every test's fresh
 * database) can take the handshake past mysql2's 10 s default: a test waits for it rather than fail on the clock.
 */
export const mysqlConnection = (url: string) => mysql.createConnection({ uri: url, connectTimeout: 120_000 });

/** Runs one statement on the MySQL server of `url`, outside any database (CREATE and DROP DATABASE). */
export const adminQuery = async (url: string, sql: string): Promise<void> => {
  const connection = await mysqlConnection(withDatabase(url, ""));
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
};

const mysqlLocation = async (url: string): Promise<SqlLocation> => {
  const name = `apar_t_${randomBytes(6).toString("hex")}`;
  const admin = (sql: string) => adminQuery(url, sql);
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  return {
    name: "mysql",
    options: { url: withDatabase(url, name) },
    drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
};

/**
 * A fresh SQL database chosen by APAR_TEST_DATABASE_URL: a new `apar_t_<random>` database on that MySQL
 * server, or else a SQLite file in a new temporary folder. For suites that open it themselves (or hand it
 * to a child process); call `drop()` when done.
 */
export const createSqlLocation = (): Promise<SqlLocation> =>
  SQL_URL !== undefined && /^(mysql|mariadb):\/\//i.test(SQL_URL) ? mysqlLocation(SQL_URL) : sqliteLocation();

const sqlDatabase = (name: "sqlite" | "mysql"): TestDatabase => {
  const kind: TestDatabase = {
    name,
    open: (options) => first(kind.openMany(1, options)),
    openMany: async (count, options) => {
      const location = await createSqlLocation();
      const log = options?.log === undefined ? {} : { log: options.log };
      const handles = await Promise.all(
        Array.from({ length: count }, () => openSqlDatabase({ ...location.options, ...log })),
      );
      return prepare(closeLast(handles, location.drop), options);
    },
  };
  return kind;
};

/** The SQL database the suites use: MySQL when APAR_TEST_DATABASE_URL is a mysql:// URL, else SQLite in a temp file. */
export const sqlTestDatabase = (): TestDatabase =>
  sqlDatabase(SQL_URL !== undefined && /^(mysql|mariadb):\/\//i.test(SQL_URL) ? "mysql" : "sqlite");

/** Every database a contract suite runs against: memory, and the SQL one chosen by APAR_TEST_DATABASE_URL. */
export const testDatabases = (): readonly TestDatabase[] => [memory, sqlTestDatabase()];

/** A fresh, migrated SQL database for suites that only want SQL. */
export const openTestSqlDatabase = (options?: OpenOptions): Promise<Database> => sqlTestDatabase().open(options);
