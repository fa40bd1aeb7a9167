import type { Database } from "@apar/core/ports";
import test, { type ExecutionContext } from "ava";
import { type TestDatabase, testDatabases } from "../helpers/databases.js";

/** A contract check: gets a fresh, migrated database of one kind. */
export type ContractBody = (t: ExecutionContext, database: Database) => Promise<void>;

/** Runs one contract check against a fresh database of the given kind, closing (and deleting) it after. */
export const contract = test.macro({
  async exec(t, kind: TestDatabase, body: ContractBody) {
    const database = await kind.open();
    try {
      await body(t, database);
    } finally {
      await database.close();
    }
  },
  title: (provided, kind: TestDatabase) => `${kind.name}: ${provided ?? ""}`,
});

/** Declares one contract check for every database kind. */
export const contractTest = (title: string, body: ContractBody): void => {
  for (const kind of testDatabases()) test(title, contract, kind, body);
};
