import { QueryTypes, type Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { MIGRATIONS } from "./migrations/index.js";
import type { SqlDialect } from "./sql-session.js";

const TABLE = "apar_migrations";

/** An umzug migrator over MIGRATIONS, recording applied steps in `apar_migrations`. */
export const migrator = (sequelize: Sequelize, dialect: SqlDialect): Umzug<object> =>
  new Umzug<object>({
    migrations: MIGRATIONS.map((migration) => ({
      name: migration.name,
      up: () => migration.up({ queryInterface: sequelize.getQueryInterface(), dialect }),
    })),
    context: {},
    storage: new SequelizeStorage({ sequelize, tableName: TABLE }),
    logger: undefined,
  });

const isMissingTable = (error: unknown): boolean => {
  const e = error as { parent?: { errno?: number; message?: string }; errno?: number; message?: string };
  const errno = e.parent?.errno ?? e.errno;
  // 1146: MySQL/MariaDB's ER_NO_SUCH_TABLE; SQLite says it in words.
  return errno === 1146 || /no such table/i.test(e.parent?.message ?? e.message ?? "");
};

/**
 * The names of MIGRATIONS not yet recorded, in one SELECT (umzug's own look first syncs its model: a lookup of
 * the table and of its indexes), so that a readiness probe is one statement and a start with nothing to migrate
 * takes no lock.
 */
export const pendingMigrations = async (sequelize: Sequelize): Promise<string[]> => {
  let applied: ReadonlySet<string>;
  try {
    const rows = await sequelize.query<{ name: string }>(`SELECT name FROM ${TABLE}`, { type: QueryTypes.SELECT });
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    applied = new Set();
  }
  return MIGRATIONS.map((migration) => migration.name).filter((name) => !applied.has(name));
};
