// The anchor: a bare node:http server and the database driver alone, doing for every request the work apar does
// for one `GET /v1/bills/{id}`: the statements apar ran (captured by capture.ts, given in ANCHOR_STATEMENTS), one
// after the other, the presented API key hashed (SHA-256) and compared in constant time with the hash the first
// statement read (401 when it differs; or, when apar read no key, ANCHOR_KEY_HASH held in memory), and the very body apar answered (ANCHOR_BODY, parsed once at start)
// encoded with JSON.stringify. mysql2 prepared statements on a pool of 10 for MariaDB, node-sqlite3 statements
// prepared once for SQLite: what a hand-written server would do. With ANCHOR_RESTIFY=1 the same behind restify
// (the design card's HTTP layer) with one route: the floor of any restify server.
import { hash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import mysql from "mysql2";
import restify from "restify";
import sqlite3 from "sqlite3";
import type { Captured } from "./capture.js";

const statements = JSON.parse(process.env.ANCHOR_STATEMENTS ?? "[]") as Captured[];
const url = process.env.ANCHOR_DATABASE_URL;
const body = JSON.parse(process.env.ANCHOR_BODY ?? "null") as unknown;
const keyHeader = process.env.ANCHOR_KEY_HEADER ?? "x-service-api-key";

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

/** The key check apar makes: SHA-256 of the presented key against the stored hash, in constant time. */
const keyMatches = (req: IncomingMessage, stored: unknown): boolean => {
  const presented = req.headers[keyHeader];
  if (typeof presented !== "string" || typeof stored !== "string") return false;
  const a = hash("sha256", presented.trim(), "buffer");
  const b = Buffer.from(stored, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
};

// ANCHOR_KEY_HASH: apar ran no read of the key (it held the key verified, APAR_KEY_CACHE): the anchor holds the
// key's hash in memory and checks the presented key against it, before the statements.
const heldHash = process.env.ANCHOR_KEY_HASH;

const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
  try {
    if (heldHash !== undefined && !keyMatches(req, heldHash)) {
      res.writeHead(401);
      res.end();
      return;
    }
    for (const [i, statement] of statements.entries()) {
      const rows = await run(statement);
      if (i === 0 && heldHash === undefined) {
        if (!keyMatches(req, (rows as { key_hash?: string }[] | undefined)?.[0]?.key_hash)) {
          res.writeHead(401);
          res.end();
          return;
        }
      }
    }
    const text = JSON.stringify(body);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
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
  app.get("/v1/bills/:id", async (req: restify.Request, res: restify.Response) => answer(req, res));
  server = app.server;
} else {
  server = createServer((req, res) => void answer(req, res));
}
server.listen(Number(process.env.ANCHOR_PORT ?? 0), "127.0.0.1");
// Exit on SIGTERM through process.exit, so that node options such as --cpu-prof write their files.
process.on("SIGTERM", () => server.close(() => process.exit(0)));
