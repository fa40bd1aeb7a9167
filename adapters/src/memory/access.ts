import { AsyncLocalStorage } from "node:async_hooks";
import type { Mutex } from "../system/mutex.js";
import { commitTables, type Rows, type Tables, tablesOf } from "./tables.js";

/** How a memory store reaches the rows: inside a unit of work, or on its own. */
export interface Access {
  /** Tables to read from (a transaction also sees its own writes). */
  read(): Tables;
  /** Runs a write atomically: it commits with the unit of work, or at once outside one. */
  write<A>(work: (tables: Tables) => A): Promise<A>;
}

/** Marks code running inside a unit of work, to catch writes that would wait for it forever. */
export const insideUnitOfWork = new AsyncLocalStorage<true>();

/** Access inside one unit of work: everything goes to its tables. */
export const transactionAccess = (tables: Tables): Access => ({
  read: () => tables,
  write: async (work) => work(tables),
});

/** Access outside units of work: reads see committed rows, each write is a transaction of its own. */
export const directAccess = (rows: Rows, mutex: Mutex): Access => ({
  read: () => tablesOf(rows),
  write: (work) => {
    if (insideUnitOfWork.getStore() === true) {
      // The SQL adapters would block on their own transaction here; fail fast instead.
      return Promise.reject(new Error("write outside the unit of work from inside one: use the stores given to work"));
    }
    return mutex.run(async () => {
      const tables = tablesOf(rows);
      const result = work(tables);
      commitTables(tables);
      return result;
    });
  },
});
