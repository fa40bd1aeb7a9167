import { DataTypes, type QueryInterface } from "sequelize";
import type { SqlDialect } from "../sql-session.js";

/** What a migration gets to work with. */
export interface MigrationContext {
  readonly queryInterface: QueryInterface;
  readonly dialect: SqlDialect;
}

/** One forward-only schema step. Steps are written so that re-running a half-applied one finishes it. */
export interface Migration {
  readonly name: string;
  up(context: MigrationContext): Promise<void>;
}

/**
 * Table options: on MySQL InnoDB with a binary collation, so that text compares and sorts byte-wise
 * as it does on SQLite and in memory (ids, keys and prefixes are case-sensitive everywhere).
 */
export const TABLE_OPTIONS = { engine: "InnoDB", charset: "utf8mb4", collate: "utf8mb4_bin" } as const;

/** Adds an index unless one of that name exists (MySQL DDL is not transactional: a step may be re-run). */
export const ensureIndex = async (
  context: MigrationContext,
  table: string,
  name: string,
  fields: readonly string[],
  unique = false,
): Promise<void> => {
  const existing = (await context.queryInterface.showIndex(table)) as readonly { readonly name?: string }[];
  if (existing.some((index) => index.name === name)) return;
  await context.queryInterface.addIndex(table, [...fields], { name, unique });
};

/** Text up to 16 MB on MySQL (plain TEXT stops at 64 KB); SQLite's TEXT has no such limit. */
export const mediumText = (context: MigrationContext) =>
  context.dialect === "mysql" ? DataTypes.TEXT("medium") : DataTypes.TEXT;
