import { type Sequelize, Transaction } from "sequelize";
import { type OnDeadlockRetry, retryDeadlocks } from "./deadlock.js";
import { type Statements, statementsOf } from "./statements.js";

export type SqlDialect = "sqlite" | "mysql";

/** The most of an organisation's rows one list request reads, unless configured (APAR_LIST_SCAN_ROWS). */
export const DEFAULT_LIST_SCAN_ROWS = 50_000;

/** Serialises a process's writers on one database (SQLite); MySQL needs none. */
export type WriteGate = <A>(work: () => Promise<A>) => Promise<A>;

/**
 * How a transaction a session opens reads and locks. `"read committed"`: on MySQL/MariaDB, READ COMMITTED for that
 * transaction alone (sequelize sends `SET TRANSACTION ISOLATION LEVEL READ COMMITTED`, without SESSION, just
 * before it begins, so the connection's next transaction is REPEATABLE READ again): a locking range scan then
 * locks the rows it returns and no gaps, so inserts into the scanned range do not wait for its commit. SQLite's
 * transactions are serialisable whatever is asked.
 */
export type Isolation = "default" | "read committed";

/**
 * Told after a write to a table that decides whether an API key is valid or what it may do has committed (the
 * key caches drop their entries). Never rejects.
 */
export type AfterKeyWrite = () => Promise<void>;

/**
 * True for a statement that writes `api_keys`, `api_key_clients`, `clients` or `organisations`, except the touch
 * of a key's last use (which decides nothing). Any other write that names one of them counts too: a cache cleared
 * for nothing costs a read a key.
 */
export const writesKeyTables = (sql: string): boolean =>
  /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b[\s\S]*?\b(?:api_keys|api_key_clients|clients|organisations)\b/i.test(sql) &&
  !/^\s*UPDATE api_keys SET last_used_at = \$1 WHERE /.test(sql);

/** Transactions whose commit already tells `afterKeyWrite`. */
const toldOnCommit = new WeakSet<Transaction>();

/** No gate: writers run at once. */
export const openGate: WriteGate = (work) => work();

/** What a session runs with besides its connection and transaction. */
export interface SessionSettings {
  /** Queues this process's writers (SQLite's one writer at a time); default: none. */
  readonly gate?: WriteGate;
  /** Told of each retry after a deadlock (`writeRetryingDeadlocks`). */
  readonly onDeadlockRetry?: OnDeadlockRetry;
  /** The most of an organisation's rows one list request reads (stores/paging.ts). */
  readonly listScanRows?: number;
  /** Told after a write to a key table commits (writesKeyTables). */
  readonly afterKeyWrite?: AfterKeyWrite;
}

/**
 * Raw SQL on one sequelize instance, inside a transaction when the session has one. Stores use raw
 * queries with `$n` bind parameters and get plain rows back (never model instances). Statements go to the
 * driver directly (statements.ts); sequelize opens the connections and runs the transactions.
 */
export class SqlSession {
  private readonly statements: Statements;
  readonly gate: WriteGate;
  readonly onDeadlockRetry: OnDeadlockRetry;
  readonly listScanRows: number;
  readonly afterKeyWrite: AfterKeyWrite | undefined;

  constructor(
    readonly sequelize: Sequelize,
    readonly dialect: SqlDialect,
    readonly transaction: Transaction | null = null,
    /** A session inside a transaction (`write`) runs with its parent's. */
    readonly settings: SessionSettings = {},
  ) {
    this.statements = statementsOf(sequelize);
    this.gate = settings.gate ?? openGate;
    this.onDeadlockRetry = settings.onDeadlockRetry ?? (() => {});
    this.listScanRows = settings.listScanRows ?? DEFAULT_LIST_SCAN_ROWS;
    this.afterKeyWrite = settings.afterKeyWrite;
  }

  /** Rows of a SELECT. */
  select<R extends object = Record<string, unknown>>(sql: string, bind: readonly unknown[] = []): Promise<R[]> {
    // The driver's own promise, not another around it: every read of every request comes this way.
    return this.statements.select(sql, bind, this.transaction) as Promise<R[]>;
  }

  /** Runs an INSERT, UPDATE or DELETE; answers how many rows it changed. */
  async execute(sql: string, bind: readonly unknown[] = []): Promise<number> {
    const run = () => this.statements.execute(sql, bind, this.transaction);
    const told = this.afterKeyWrite;
    if (told === undefined || !writesKeyTables(sql)) return this.transaction === null ? this.gate(run) : run();
    if (this.transaction === null) {
      // Committed on its own: told once it has run (and when it failed too: whether it changed anything is unsure).
      try {
        return await this.gate(run);
      } finally {
        await told();
      }
    }
    // Told once the transaction commits (and never when it rolls back), once whatever it wrote.
    if (!toldOnCommit.has(this.transaction)) {
      toldOnCommit.add(this.transaction);
      this.transaction.afterCommit(told);
    }
    return run();
  }

  /**
   * Runs `work` in this session's transaction, or outside one in a new transaction of its own (IMMEDIATE on
   * SQLite, the sequelize default there), so that a read-then-write store call is atomic either way. `isolation`
   * applies to a new transaction only (an outer one keeps its own).
   */
  async write<A>(work: (session: SqlSession) => Promise<A>, isolation: Isolation = "default"): Promise<A> {
    if (this.transaction !== null) return work(this);
    const options =
      isolation === "read committed" && this.dialect === "mysql"
        ? { isolationLevel: Transaction.ISOLATION_LEVELS.READ_COMMITTED }
        : {};
    return this.gate(() => this.sequelize.transaction(options, (transaction) => work(this.within(transaction))));
  }

  /** This session's settings inside `transaction`, as a session of the same class. */
  private within(transaction: Transaction): SqlSession {
    const Session = this.constructor as typeof SqlSession;
    return new Session(this.sequelize, this.dialect, transaction, this.settings);
  }

  /**
   * `write`, run again when MySQL/MariaDB picks its transaction as a deadlock victim (claims that race each
   * other on the queue's indexes); each retry is reported to `onDeadlockRetry`, not raised. Inside an outer
   * transaction it cannot start over, so the deadlock goes to the owner of that transaction.
   */
  async writeRetryingDeadlocks<A>(
    operation: string,
    work: (session: SqlSession) => Promise<A>,
    isolation: Isolation = "default",
  ): Promise<A> {
    if (this.transaction !== null) return work(this);
    return retryDeadlocks(operation, () => this.write(work, isolation), this.onDeadlockRetry);
  }
}
