import mysql from "mysql2";
import type { Sequelize, Transaction } from "sequelize";
import type sqlite3 from "sqlite3";

/** A row as the driver decodes it (see columns.ts and decimal.ts for what the stores make of each column). */
export type Row = Record<string, unknown>;

/**
 * The statement path under sequelize: raw SQL run on the driver's connection, without sequelize's per-statement
 * work (a pool acquire, a stack trace, re-scanning the text for binds, a callback per column). sequelize keeps
 * the rest: its connections for transactions (a statement in one runs on `transaction.connection`), migrations,
 * dialect setup. `$n` binds are translated once per SQL text; a database error comes back as sequelize would
 * have raised it (UniqueConstraintError, ForeignKeyConstraintError, DatabaseError with `parent`).
 */
export interface Statements {
  select(sql: string, bind: readonly unknown[], transaction: Transaction | null): Promise<Row[]>;
  /** How many rows an INSERT, UPDATE or DELETE changed. */
  execute(sql: string, bind: readonly unknown[], transaction: Transaction | null): Promise<number>;
  /** Frees what the path holds (prepared statements, its pool); sequelize's own `close` calls it first. */
  close(): Promise<void>;
}

/** The most prepared statements kept per connection (MariaDB caps them server-wide: max_prepared_stmt_count). */
export const PREPARED_PER_CONNECTION = 256;
/** The most SQL texts whose bind translation is remembered. */
const TRANSLATIONS = 4096;

/** A bounded memo: when full, it starts over (SQL texts are nearly all fixed; this only bounds the odd ones). */
const memo = <V>(make: (sql: string) => V): ((sql: string) => V) => {
  const seen = new Map<string, V>();
  return (sql) => {
    let value = seen.get(sql);
    if (value === undefined) {
      if (seen.size >= TRANSLATIONS) seen.clear();
      value = make(sql);
      seen.set(sql, value);
    }
    return value;
  };
};

const BIND = /\$(\d+)/g;

/** `$n` placeholders as MySQL's `?`: the text, and which bind value each `?` takes (null: the binds in order). */
const mysqlText = memo((sql) => {
  const order: number[] = [];
  const text = sql.replace(BIND, (_, n: string) => {
    order.push(Number(n) - 1);
    return "?";
  });
  return { text, order, inOrder: order.every((n, i) => n === i) };
});

/** `$n` placeholders as SQLite's numbered `?n`, and how many values the statement takes. */
const sqliteText = memo((sql) => {
  let count = 0;
  const text = sql.replace(BIND, (_, n: string) => {
    count = Math.max(count, Number(n));
    return `?${n}`;
  });
  return { text, count };
});

type Logger = (sql: string) => void;

/** What this path reads of a sequelize instance beyond its typings. */
interface Inside {
  readonly options: { readonly logging?: unknown; readonly timezone?: string };
  readonly dialect: { readonly Query: QueryClass };
}
const inside = (sequelize: Sequelize): Inside => sequelize as unknown as Inside;

/** The tag sequelize logs a statement under: its transaction's id, or "default". */
const tagOf = (transaction: Transaction | null): string =>
  transaction === null ? "default" : (transaction as unknown as { id: string }).id;

const loggerOf = (sequelize: Sequelize): Logger | undefined => {
  const logging = inside(sequelize).options.logging;
  return typeof logging === "function" ? (sql) => logging(sql) : undefined;
};

interface SequelizeQuery {
  sql: string;
  formatError(error: unknown, stack?: string): Error;
}
type QueryClass = new (connection: unknown, sequelize: Sequelize, options: object) => SequelizeQuery;

/** A driver error as sequelize's own query would have raised it (the error path only). */
const sequelizeError = (sequelize: Sequelize, connection: unknown, sql: string, error: unknown): Error => {
  if (typeof error !== "object" || error === null) return new Error(String(error));
  const Query = inside(sequelize).dialect.Query;
  const query = new Query(connection, sequelize, {});
  query.sql = sql;
  (error as { sql?: string }).sql = sql;
  return query.formatError(error, (error as Error).stack);
};

/** What a statement asked for after `close` gets (the MySQL pool is ended, SQLite's statements finalized). */
const closedError = (): Error => new Error("the database was closed: no statement can run on it");

const connectionOf = (transaction: Transaction): unknown =>
  (transaction as unknown as { connection: unknown }).connection;

// ---------------------------------------------------------------------------------------------------------------
// MySQL / MariaDB: mysql2 prepared statements (`execute`), cached per connection by mysql2 itself.

type MysqlCallback = (error: unknown, result: unknown) => void;
interface MysqlRunner {
  execute(options: { sql: string; typeCast?: unknown }, values: unknown[], cb: MysqlCallback): unknown;
  query(options: { sql: string; typeCast?: unknown }, values: unknown[] | undefined, cb: MysqlCallback): unknown;
}

/**
 * sequelize's connections (those of transactions) carry its own per-column callback (DATETIME through moment to a
 * Date); this one lets mysql2 decode as on the statement pool: DATETIME as UTC text (decodeDate reads both).
 */
const driverTypes = (_field: unknown, next: () => unknown): unknown => next();

const mysqlStatements = (sequelize: Sequelize): Statements => {
  const log = loggerOf(sequelize);
  const config = sequelize.config as unknown as {
    host?: string;
    port?: string | number;
    username?: string;
    password?: string | null;
    database?: string;
    pool?: { max?: number };
    dialectOptions?: Record<string, unknown>;
  };
  const timezone = inside(sequelize).options.timezone ?? "+00:00";
  let pool: mysql.Pool | undefined;
  // The pool for statements outside a transaction, opened on the first one: the settings sequelize gives its
  // connections (UTC session, changed-row counts, big numbers as numbers while exact), and as many connections.
  let closed = false;
  const poolOf = (): mysql.Pool => {
    if (pool !== undefined) return pool;
    // As sequelize's own connection manager: no new connections once closed (a pool made now would never end).
    if (closed) throw closedError();
    const opened = mysql.createPool({
      host: config.host,
      port: config.port === undefined ? undefined : Number(config.port),
      user: config.username,
      password: config.password ?? undefined,
      database: config.database,
      timezone,
      flags: ["-FOUND_ROWS"],
      bigNumberStrings: false,
      supportBigNumbers: true,
      ...(config.dialectOptions ?? {}),
      // Idle connections stay (mysql2 would otherwise close every idle one each second past `maxIdle`).
      connectionLimit: config.pool?.max ?? 10,
      maxPreparedStatements: PREPARED_PER_CONNECTION,
    });
    opened.on("connection", (connection) => {
      connection.query(`SET time_zone = '${timezone}'`, () => {});
    });
    pool = opened;
    return opened;
  };
  const runnerOf = (transaction: Transaction | null): { runner: MysqlRunner; typeCast?: unknown } =>
    transaction === null
      ? { runner: poolOf() as unknown as MysqlRunner }
      : { runner: connectionOf(transaction) as MysqlRunner, typeCast: driverTypes };

  const run = (
    how: "execute" | "query",
    sql: string,
    text: string,
    values: unknown[] | undefined,
    transaction: Transaction | null,
  ): Promise<unknown> => {
    log?.(`Executing (${tagOf(transaction)}): ${sql}`);
    const { runner, typeCast } = runnerOf(transaction);
    return new Promise((resolve, reject) => {
      const done: MysqlCallback = (error, result) =>
        error ? reject(sequelizeError(sequelize, runner, text, error)) : resolve(result);
      const options = typeCast === undefined ? { sql: text } : { sql: text, typeCast };
      if (how === "execute") runner.execute(options, values ?? [], done);
      else runner.query(options, values, done);
    });
  };

  // With binds, a prepared statement (as sequelize sent them); without, a plain query (as sequelize sent those).
  const statement = (sql: string, bind: readonly unknown[], transaction: Transaction | null): Promise<unknown> => {
    // No values at all: mysql2 then leaves the text as it is (a `?` in it is not a placeholder).
    if (bind.length === 0) return run("query", sql, sql, undefined, transaction);
    const { text, order, inOrder } = mysqlText(sql);
    const values = inOrder && order.length === bind.length ? [...bind] : order.map((i) => bind[i]);
    return run("execute", sql, text, values, transaction);
  };

  return {
    select: (sql, bind, transaction) => {
      try {
        return statement(sql, bind, transaction) as Promise<Row[]>;
      } catch (error) {
        // A closed path refuses at once: still a rejected promise, as every statement's failure is.
        return Promise.reject(error);
      }
    },
    execute: async (sql, bind, transaction) => {
      const header = (await statement(sql, bind, transaction)) as { affectedRows?: unknown };
      return typeof header.affectedRows === "number" ? header.affectedRows : 0;
    },
    close: async () => {
      closed = true;
      const opened = pool;
      pool = undefined;
      if (opened !== undefined) await new Promise<void>((resolve) => opened.end(() => resolve()));
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// SQLite: node-sqlite3 prepared statements on sequelize's shared connection, cached per SQL text.

const BUSY_ATTEMPTS = 60;

/** True for SQLITE_BUSY: another process holds the database's write lock. */
const isBusy = (error: unknown): boolean => /SQLITE_BUSY/.test(String(error));

/** SQLITE_BUSY (another process writing) is tried again with sequelize's backoff for it (connect.ts). */
const retryBusy = async <A>(work: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const busy = isBusy((error as { parent?: unknown }).parent ?? error);
      if (!busy || attempt >= BUSY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 1.1 ** attempt + Math.random() * 5));
    }
  }
};

const bindsFor = (bind: readonly unknown[], count: number): unknown[] => {
  const values = bind.length > count ? bind.slice(0, count) : [...bind];
  for (let i = 0; i < values.length; i += 1) if (typeof values[i] === "bigint") values[i] = String(values[i]);
  return values;
};

/** node-sqlite3's run callback (its `this` holds the changed rows) as a plain callback of the count. */
const changes = (cb: (error: Error | null, result: number) => void) =>
  function (this: sqlite3.RunResult, error: Error | null) {
    cb(error, error ? 0 : this.changes);
  };

const sqliteStatements = (sequelize: Sequelize): Statements => {
  const log = loggerOf(sequelize);
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options: { uuid: string }): Promise<sqlite3.Database>;
  };
  // Set by close: from then on no statement is prepared (one left unfinalized makes SQLite refuse to close the
  // connection: SQLITE_BUSY), as the MySQL path opens no pool.
  let closed = false;
  let shared: Promise<sqlite3.Database> | undefined;
  const sharedConnection = (): Promise<sqlite3.Database> => {
    if (shared === undefined) {
      if (closed) return Promise.reject(closedError());
      // sequelize queues `PRAGMA foreign_keys = ON` on a new connection; a serialized statement runs after it, so
      // no statement of this path (run in parallel mode) can overtake it.
      shared = manager
        .getConnection({ uuid: "default" })
        .then(
          (db) =>
            new Promise((resolve, reject) =>
              db.serialize(() => db.get("SELECT 1", (error) => (error ? reject(error) : resolve(db)))),
            ),
        );
    }
    return shared;
  };
  // Prepared statements of the shared connection, most recently used last: the prepare's promise, and once it has
  // resolved the statement and its connection, so that a statement found ready runs at once (no wait for the
  // connection and the prepare, each a promise and a turn of the microtask queue).
  interface Prepared {
    readonly made: Promise<sqlite3.Statement>;
    ready?: { readonly db: sqlite3.Database; readonly statement: sqlite3.Statement };
  }
  const prepared = new Map<string, Prepared>();
  /** The entry of `text`, moved to the most recently used end (the eviction reads the map's order). */
  const used = (text: string): Prepared | undefined => {
    const entry = prepared.get(text);
    if (entry !== undefined) {
      prepared.delete(text);
      prepared.set(text, entry);
    }
    return entry;
  };
  // Statements dropped from `prepared` (least recently used) whose finalize has not run yet: close waits for them.
  const finalizing = new Set<Promise<void>>();
  /** Finalizes a statement once prepared, after the runs already queued on it (node-sqlite3 queues finalize). */
  const finalize = (made: Promise<sqlite3.Statement>): Promise<void> =>
    made.then(
      (s) => new Promise<void>((resolve) => s.finalize(() => resolve())),
      () => {},
    );

  const prepare = (db: sqlite3.Database, text: string): Promise<sqlite3.Statement> => {
    const cached = used(text);
    if (cached !== undefined) return cached.made;
    // Close empties `prepared`, so after it every statement comes here: refused, since one prepared now would be
    // left unfinalized (a run that took its statement before close is queued ahead of close's finalize).
    if (closed) throw closedError();
    const made = new Promise<sqlite3.Statement>((resolve, reject) => {
      const statement: sqlite3.Statement = db.prepare(text, (error) => (error ? reject(error) : resolve(statement)));
    });
    const entry: Prepared = { made };
    made.then(
      (statement) => {
        entry.ready = { db, statement };
      },
      () => {
        if (prepared.get(text) === entry) prepared.delete(text);
      },
    );
    prepared.set(text, entry);
    if (prepared.size > PREPARED_PER_CONNECTION) {
      const [oldest] = prepared;
      if (oldest !== undefined) {
        prepared.delete(oldest[0]);
        const done = finalize(oldest[1].made);
        finalizing.add(done);
        void done.then(() => finalizing.delete(done));
      }
    }
    return made;
  };

  const run = <A>(
    sql: string,
    bind: readonly unknown[],
    transaction: Transaction | null,
    statement: (s: sqlite3.Statement, values: unknown[], cb: (error: Error | null, result: A) => void) => void,
    direct: (
      db: sqlite3.Database,
      text: string,
      values: unknown[],
      cb: (error: Error | null, result: A) => void,
    ) => void,
  ): Promise<A> => {
    log?.(`Executing (${tagOf(transaction)}): ${sql}`);
    const { text, count } = sqliteText(sql);
    const values = bindsFor(bind, count);
    const found = transaction === null ? used(text)?.ready : undefined;
    if (found !== undefined) {
      return new Promise<A>((resolve, reject) =>
        statement(found.statement, values, (error, result) => {
          if (!error) resolve(result);
          // Another process writing: the full path below, with its retries.
          else if (isBusy(error)) resolve(slow());
          else reject(sequelizeError(sequelize, found.db, text, error));
        }),
      );
    }
    return slow();

    function slow(): Promise<A> {
      return retryBusy(async () => {
        // A transaction's connection is sequelize's for that transaction alone (closed at its end): statements
        // there are not kept. Outside one, the shared connection and its prepared statements.
        const db = transaction === null ? await sharedConnection() : (connectionOf(transaction) as sqlite3.Database);
        try {
          const prepared = transaction === null ? await prepare(db, text) : undefined;
          return await new Promise<A>((resolve, reject) => {
            const done = (error: Error | null, result: A) => (error ? reject(error) : resolve(result));
            if (prepared === undefined) direct(db, text, values, done);
            else statement(prepared, values, done);
          });
        } catch (error) {
          throw sequelizeError(sequelize, db, text, error);
        }
      });
    }
  };

  return {
    select: (sql, bind, transaction) =>
      run<Row[]>(
        sql,
        bind,
        transaction,
        (s, values, cb) => s.all(values, cb),
        (db, text, values, cb) => db.all(text, values, cb),
      ),
    execute: (sql, bind, transaction) =>
      run<number>(
        sql,
        bind,
        transaction,
        (s, values, cb) => s.run(values, changes(cb)),
        (db, text, values, cb) => db.run(text, values, changes(cb)),
      ),
    // Every statement prepared is finalized before sequelize closes the connection, those still preparing or
    // running included (each finalize waits for them); none is prepared after.
    close: async () => {
      closed = true;
      const statements = [...prepared.values()].map((entry) => entry.made);
      prepared.clear();
      await Promise.all([...statements.map(finalize), ...finalizing]);
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------

const paths = new WeakMap<object, Statements>();

/**
 * The statement path of a sequelize instance, made on first use. Its `close` is run by `sequelize.close()` first
 * (SQLite will not close a connection with statements still prepared; the MySQL pool must end).
 */
export const statementsOf = (sequelize: Sequelize): Statements => {
  // An object made over a sequelize instance (Object.create) shares that instance's path.
  for (let o: object | null = sequelize; o !== null; o = Object.getPrototypeOf(o)) {
    const found = paths.get(o);
    if (found !== undefined) return found;
  }
  const made = sequelize.getDialect() === "mysql" ? mysqlStatements(sequelize) : sqliteStatements(sequelize);
  paths.set(sequelize, made);
  const close = sequelize.close.bind(sequelize);
  Object.defineProperty(sequelize, "close", {
    configurable: true,
    writable: true,
    value: async () => {
      await made.close();
      return close();
    },
  });
  return made;
};
