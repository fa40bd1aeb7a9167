// A bench's own database on a MySQL/MariaDB server: the URL of database `name` there, made if missing (emptied
// first with `fresh`), utf8mb4 with binary collation as apar's migrations expect.
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
