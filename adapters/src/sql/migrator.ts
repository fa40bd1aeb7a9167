import type { Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { MIGRATIONS } from "./migrations/index.js";
import type { SqlDialect } from "./sql-session.js";

/** An umzug migrator over MIGRATIONS, recording applied steps in `apar_migrations`. */
export const migrator = (sequelize: Sequelize, dialect: SqlDialect): Umzug<object> =>
  new Umzug<object>({
    migrations: MIGRATIONS.map((migration) => ({
      name: migration.name,
      up: () => migration.up({ queryInterface: sequelize.getQueryInterface(), dialect }),
    })),
    context: {},
    storage: new SequelizeStorage({ sequelize, tableName: "apar_migrations" }),
    logger: undefined,
  });
