// A bench's own database on a MySQL/MariaDB server: the URL of database `name` there, made if missing (emptied
// first with `fresh`), utf8mb4 with binary collation as apar's migrations expect.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import type { Database } from "@apar/core/ports";
import mysql from "mysql2/promise";

export const benchDatabase = async (server: string, name: string, fresh: boolean): Promise<string> => {
  const url = new URL(server);
  url.pathname = "/";
  const admin = await mysql.createConnection(url.toString());
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE IF NOT EXISTS ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A bench's database: on the MySQL/MariaDB server `server` names (database `name`, emptied), else SQLite in a temporary
 * folder; migrated. `dispose` closes it and removes the folder.
 */
export const openBenchDatabase = async (
  server: string | undefined,
  name: string,
): Promise<{ database: Database; dispose(): Promise<void> }> => {
  const folder = mkdtempSync(join(tmpdir(), `${name.replace(/_/g, "-")}-`));
  const location =
    server !== undefined && /^(mysql|mariadb):\/\//i.test(server)
      ? { url: await benchDatabase(server, name, true) }
      : { sqliteFile: join(folder, "apar.sqlite") };
  const database = await openSqlDatabase(location);
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
};
