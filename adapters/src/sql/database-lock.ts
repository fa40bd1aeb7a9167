import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Sequelize } from "sequelize";
import sqlite3 from "sqlite3";
import { SqlSession } from "./sql-session.js";

/** Runs work while holding a named lock shared by every process using the database. */
export type LockRunner = <A>(name: string, work: () => Promise<A>) => Promise<A>;

const POLL_MS = 25;

/**
 * MySQL: `GET_LOCK` on a connection of its own (a transaction pins one from the pool) for as long as the work
 * runs. Named locks are server-wide, so the name includes the database's. The server frees the lock if the
 * process dies.
 */
export const mysqlLock =
  (sequelize: Sequelize, timeoutMs: number): LockRunner =>
  (name, work) => {
    const full = `apar:${sequelize.config.database}:${name}`;
    const lockName = full.length <= 64 ? full : `apar:${createHash("sha256").update(full).digest("hex").slice(0, 59)}`;
    return sequelize.transaction(async (transaction) => {
      const session = new SqlSession(sequelize, "mysql", transaction);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const wait = Math.max(0, Math.min(5, Math.ceil((deadline - Date.now()) / 1000)));
        const [row] = await session.select<{ acquired: unknown }>("SELECT GET_LOCK($1, $2) AS acquired", [
          lockName,
          wait,
        ]);
        if (Number(row?.acquired) === 1) break;
        if (Date.now() >= deadline) throw new Error(`database lock "${name}" not acquired within ${timeoutMs} ms`);
      }
      try {
        return await work();
      } finally {
        await session.select("SELECT RELEASE_LOCK($1) AS released", [lockName]);
      }
    });
  };

const run = (db: sqlite3.Database, sql: string): Promise<void> =>
  new Promise((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));

const close = (db: sqlite3.Database): Promise<void> =>
  new Promise((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));

/**
 * SQLite: a write transaction (`BEGIN IMMEDIATE`) held on a small side file per lock name
 * (`<database>.lock-<name>`). SQLite's file locks work across processes and vanish with a dead process.
 * A side file, not the database itself, so that the work can still write to the database.
 * Waiting polls from JavaScript rather than with busy_timeout, which would block a libuv thread.
 */
export const sqliteLock =
  (databaseFile: string, timeoutMs: number): LockRunner =>
  async (name, work) => {
    const file = `${databaseFile}.lock-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened: sqlite3.Database = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
    });
    try {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await run(db, "BEGIN IMMEDIATE");
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
          if (Date.now() >= deadline) throw new Error(`database lock "${name}" not acquired within ${timeoutMs} ms`);
          await sleep(POLL_MS + Math.random() * POLL_MS);
        }
      }
      try {
        return await work();
      } finally {
        await run(db, "ROLLBACK");
      }
    } finally {
      await close(db);
    }
  };
