// Run by migrations.test.ts as a separate process: migrates the database named in MIGRATE_OPTIONS.
import { openSqlDatabase } from "@apar/adapters/sql/index";

const database = await openSqlDatabase(JSON.parse(process.env.MIGRATE_OPTIONS ?? "{}"));
try {
  await database.migrate();
  process.stdout.write((await database.ready()) ? "ready\n" : "not ready\n");
} finally {
  await database.close();
}
