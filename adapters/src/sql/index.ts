// SQL stores on sequelize: SQLite (the default) and MySQL/MariaDB, with migrations and locks.
export { decodeDate, decodeJson, encodeDate } from "./columns.js";
export type { SqlDatabaseOptions } from "./connect.js";
export { isMysqlUrl, serversOf } from "./connect.js";
export { isDeadlock, type OnDeadlockRetry, retryDeadlocks } from "./deadlock.js";
export { decodeDecimal, decodeOptionalDecimal } from "./decimal.js";
export { openSqlDatabase } from "./open-sql-database.js";
