import { mkdirSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { dirname } from "node:path";
import type { Ids } from "@apar/core/ports";
import { type Options, Sequelize, Transaction } from "sequelize";
import type { OnDeadlockRetry } from "./deadlock.js";
import type { SqlDialect } from "./sql-session.js";
import { PREPARED_PER_CONNECTION } from "./statements.js";

/** How to reach the database. */
export interface SqlDatabaseOptions {
  /**
   * `mysql://user:pass@host:port/db` (or `mariadb://`) for MySQL/MariaDB; anything else means SQLite. Several
   * servers of one cluster may be named, `mysql://user@host1:3306,host2:3306,host3:3306/db`: each new connection
   * goes to the first of them that accepts one, so a node that dies is left for the next.
   */
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
  /**
   * Told after a write to `api_keys`, `api_key_clients`, `clients` or `organisations` commits (a transaction's,
   * once; never for one rolled back): the key caches drop their entries (http/auth/key-cache.ts).
   */
  readonly afterKeyWrite?: () => Promise<void>;
}

export interface Connection {
  readonly sequelize: Sequelize;
  readonly dialect: SqlDialect;
  /**
   * A Galera cluster (`wsrep_on`): named locks (`GET_LOCK`) hold on one node only, so the database's locks are rows
   * there, and a transaction may lose a certification conflict at commit (reported as a deadlock, 1213).
   */
  readonly cluster?: boolean;
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
    const { servers, database, username, password, query } = serversOf(options.url);
    const first = servers[0] as Server;
    const sequelize = new Sequelize(database, username, password, {
      dialect: "mysql",
      host: first.host,
      port: first.port,
      logging,
      // Sessions in UTC; DATETIME(3) values are written and read as UTC text (see columns.ts).
      timezone: "+00:00",
      // Prepared statements kept per connection, bounded (statements.ts; MariaDB caps them server-wide).
      // A URL's query (`?ssl=...`) goes to the driver, as sequelize gives it from a URL.
      dialectOptions: {
        ...query,
        dateStrings: true,
        charset: "utf8mb4",
        maxPreparedStatements: PREPARED_PER_CONNECTION,
      },
      pool: { max: 10, min: 0, idle: 10_000, acquire: 60_000 },
      hooks: {
        ...(servers.length === 1
          ? {}
          : {
              beforeConnect: async (config) => {
                const server = await firstAccepting(servers);
                config.host = server.host;
                config.port = String(server.port);
              },
            }),
        // On a Galera cluster a node applies other nodes' commits a moment after they were acknowledged: a client
        // that wrote through one instance and reads through another would not find its write. Each session waits
        // for the writes the cluster has committed before it reads, updates or deletes (reads and statements of
        // MySQL and of MariaDB without wsrep are not changed; MySQL has no such variable and refuses it: ignored).
        afterConnect: async (connection: unknown) => {
          await new Promise<void>((done) =>
            (connection as { query(sql: string, callback: () => void): void }).query(
              "SET SESSION wsrep_sync_wait = 3",
              () => done(),
            ),
          );
        },
      },
    });
    const [row] = (await sequelize.query("SHOW VARIABLES LIKE 'wsrep_on'", { type: "SELECT" })) as { Value?: string }[];
    return { sequelize, dialect: "mysql", cluster: row?.Value === "ON" };
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

/** One server of a MySQL/MariaDB URL. */
interface Server {
  readonly host: string;
  readonly port: number;
}

/** The parts of a MySQL URL with one server or several (`host1:3306,host2:3306`). */
export const serversOf = (
  url: string,
): {
  servers: readonly Server[];
  database: string;
  username: string;
  password: string | undefined;
  query: Readonly<Record<string, string>>;
} => {
  const match = /^(?:mysql|mariadb):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?]+)(?:\/([^?]*))?(?:\?(.*))?$/i.exec(url);
  if (match === null) throw new Error("the database URL is not mysql://user:password@host:port/database");
  const [, user = "", pass, hosts = "", path = "", search = ""] = match;
  const servers = hosts.split(",").map((h): Server => {
    const at = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(h.trim());
    if (at === null || at[1] === undefined) throw new Error(`the database URL names a server it cannot read: ${h}`);
    return { host: at[1], port: at[2] === undefined ? 3306 : Number(at[2]) };
  });
  return {
    servers,
    database: decodeURIComponent(path),
    username: decodeURIComponent(user),
    password: pass === undefined ? undefined : decodeURIComponent(pass),
    query: Object.fromEntries(new URLSearchParams(search)),
  };
};

/** How long a server has to accept a TCP connection before the next one is tried. */
const PROBE_MS = 1_000;

const accepts = (server: Server): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = tcpConnect({ host: server.host, port: server.port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_MS, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });

/** The first server, in the URL's order, that accepts a connection; the first of all when none does (its error tells). */
const firstAccepting = async (servers: readonly Server[]): Promise<Server> => {
  for (const server of servers) if (await accepts(server)) return server;
  return servers[0] as Server;
};
