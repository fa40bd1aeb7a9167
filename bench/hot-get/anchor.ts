// The anchor: a bare node:http server and the database driver alone, running for every request the statements
// apar ran for one `GET /v1/bills/{id}` (captured by capture.ts, given in ANCHOR_STATEMENTS), one after the
// other, and answering the last one's rows as JSON. mysql2 prepared statements on a pool of 10 for MariaDB,
// node-sqlite3 statements prepared once for SQLite: what a hand-written server would do. With ANCHOR_RESTIFY=1
// the same behind restify (the design card's HTTP layer) with one route: the floor of any restify server.
import { createServer, type Server, type ServerResponse } from "node:http";
import mysql from "mysql2";
import restify from "restify";
import sqlite3 from "sqlite3";
import type { Captured } from "./capture.js";

const statements = JSON.parse(process.env.ANCHOR_STATEMENTS ?? "[]") as Captured[];
const url = process.env.ANCHOR_DATABASE_URL;

type Run = (statement: Captured) => Promise<unknown>;

const mysqlRun = (): Run => {
  const pool = mysql.createPool({ uri: url, connectionLimit: 10, dateStrings: true, supportBigNumbers: true });
  return (s) =>
    new Promise((resolve, reject) => {
      const done = (error: unknown, rows: unknown) => (error ? reject(error) : resolve(rows));
      if (s.method === "execute") pool.execute(s.sql, s.values as never, done);
      else pool.query(s.sql, s.values, done);
    });
};

const sqliteRun = (): Run => {
  const db = new sqlite3.Database(process.env.ANCHOR_SQLITE_FILE ?? "");
  const prepared = new Map<string, sqlite3.Statement>();
  return (s) =>
    new Promise((resolve, reject) => {
      let statement = prepared.get(s.sql);
      if (statement === undefined) {
        statement = db.prepare(s.sql);
        prepared.set(s.sql, statement);
      }
      const done = (error: Error | null, rows: unknown) => (error ? reject(error) : resolve(rows));
      if (s.method === "run") statement.run(...s.values, done);
      else statement.all(...s.values, done);
    });
};

const run = url === undefined ? sqliteRun() : mysqlRun();

const answer = async (res: ServerResponse): Promise<void> => {
  try {
    let rows: unknown;
    for (const statement of statements) rows = await run(statement);
    const body = JSON.stringify(rows);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
};

// ANCHOR_RESTIFY=1: the same work behind restify with one route (apar's HTTP layer and nothing else of apar):
// what no restify server can go below.
let server: Server;
if (process.env.ANCHOR_RESTIFY === "1") {
  const app = restify.createServer({ name: "" } as restify.ServerOptions);
  app.get("/v1/bills/:id", async (_req: restify.Request, res: restify.Response) => answer(res));
  server = app.server;
} else {
  server = createServer((_req, res) => void answer(res));
}
server.listen(Number(process.env.ANCHOR_PORT ?? 0), "127.0.0.1");
// Exit on SIGTERM through process.exit, so that node options such as --cpu-prof write their files.
process.on("SIGTERM", () => server.close(() => process.exit(0)));
