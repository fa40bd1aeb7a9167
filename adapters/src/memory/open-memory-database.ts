import type { Database, Ids } from "@apar/core/ports";
import { systemClock } from "../system/clock.js";
import { randomIds } from "../system/ids.js";
import { Mutex, NamedMutexes } from "../system/mutex.js";
import { directAccess, insideUnitOfWork, transactionAccess } from "./access.js";
import { memoryStores } from "./memory-stores.js";
import { commitTables, emptyRows, tablesOf } from "./tables.js";

/**
 * A database in memory, for embedders and fast tests, held to the same contract suites as SQL.
 * Job ids come from `ids` (default: UUID v7 from the system clock).
 * Units of work run one at a time (like SQLite's single writer); a throw drops the unit's writes.
 */
export const openMemoryDatabase = (options: { readonly ids?: Ids } = {}): Database => {
  const ids = options.ids ?? randomIds(systemClock);
  const newId = () => ids.next();
  const rows = emptyRows();
  const writer = new Mutex();
  const locks = new NamedMutexes();
  let position = 0;
  const positions = { next: () => ++position };
  let open = true;
  return {
    dialect: "memory",
    stores: memoryStores(directAccess(rows, writer), positions, newId),
    run: (work) => {
      if (insideUnitOfWork.getStore() === true) {
        // A nested unit of work would wait for its parent forever (SQLite would time out): fail fast.
        return Promise.reject(new Error("a unit of work cannot start inside another"));
      }
      return writer.run(() =>
        insideUnitOfWork.run(true, async () => {
          const tables = tablesOf(rows);
          const result = await work(memoryStores(transactionAccess(tables), positions, newId));
          commitTables(tables);
          return result;
        }),
      );
    },
    migrate: async () => {},
    ready: async () => open,
    withLock: (name, work) => locks.run(name, work),
    close: async () => {
      open = false;
    },
  };
};
