// Seeds a bills table shared by a big organisation and a small one, their rows interleaved in id order (both
// keep adding bills over the same years), for bench/lists/run.ts. Idempotent: a database already holding the
// wanted counts is left as it is.
// Usage: npm run bench:lists -- seed [big small]   (BENCH_LISTS_DB=mysql://root@127.0.0.1:3306/ for MariaDB)
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "@apar/adapters/sql/connect";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import { rememberEverySupplierName } from "@apar/adapters/sql/stores/bills";
import { benchDatabase } from "../mysql-database.js";

export const CLIENT = "0190aaaa-0000-7000-8000-000000000001";
export const BIG = "0190aaaa-0000-7000-8000-00000000b1b1";
export const SMALL = "0190aaaa-0000-7000-8000-00000000a5a5";

/** Where the bench's database is: a `apar_bench_lists` database on BENCH_LISTS_DB's server, or a SQLite file. */
export const benchLocation = async (): Promise<{ readonly url?: string; readonly sqliteFile?: string }> => {
  const server = process.env.BENCH_LISTS_DB;
  if (server === undefined || !/^(mysql|mariadb):\/\//i.test(server)) {
    const folder = join(tmpdir(), "apar-bench-lists");
    mkdirSync(folder, { recursive: true });
    return { sqliteFile: join(folder, "apar.sqlite") };
  }
  return { url: await benchDatabase(server, "apar_bench_lists", false) };
};

/** The n-th id of the table: fixed-width hex, so text order is insertion order (as UUID v7 ids are). */
const idOf = (n: number): string => `0190bbbb-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

const STATES = ["PendingReview", "Approved", "Paid", "Paid", "Paid", "Voided"] as const;
// Thousands of distinct names in each organisation (more than the store looks through one by one: DISTINCT_NAMES in
// stores/bills.ts), so that a supplier-name filter matching nothing takes its scanning path, as on a real ledger.
export const SUPPLIERS = 5000;
const supplierName = (s: number): string => `supplier ${s.toString(36)} trading`;
const supplierId = (org: string, s: number): string => `${org.slice(0, 24)}${(s + 1).toString(16).padStart(12, "0")}`;

const row = (n: number, org: string): string => {
  const s = (n * 7919) % SUPPLIERS;
  const state = STATES[n % STATES.length];
  // Bills over about eight years, in id order.
  const day = new Date(Date.UTC(2018, 0, 1) + Math.floor(n / 400) * 86_400_000).toISOString().slice(0, 10);
  const at = `'${day} 10:00:00.000'`;
  const sha = n.toString(16).padStart(64, "0");
  return `('${idOf(n)}', '${CLIENT}', '${org}', '${state}', '${sha}', 'application/pdf', 1000, '${supplierName(s)}',
    '${supplierName(s)}', 'INV-${n}', 'inv${n}', 'EUR', 100.5, '${day}', '[]', '${supplierId(org, s)}', 0, ${at}, ${at})`;
};

/** True when the table's first row has the name this seed gives it (a seed with another SUPPLIERS differs there). */
const sameNames = async (session: SqlSession): Promise<boolean> => {
  const [r] = await session.select<{ supplier_name: string }>("SELECT supplier_name FROM bills WHERE id = $1", [
    idOf(1),
  ]);
  return r?.supplier_name === supplierName((1 * 7919) % SUPPLIERS);
};

const seeded = async (session: SqlSession, org: string): Promise<number> => {
  const [r] = await session.select<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM bills WHERE client_id = $1 AND organisation_id = $2",
    [CLIENT, org],
  );
  return Number(r?.n ?? 0);
};

/** Seeds `big` and `small` bills (default 1,000,000 and 100,000). */
export const seed = async (big = 1_000_000, small = 100_000): Promise<void> => {
  const location = await benchLocation();
  const database = await openSqlDatabase(location);
  await database.migrate();
  await database.close();
  const { sequelize, dialect } = await connect(location);
  const session = new SqlSession(sequelize, dialect);
  try {
    if (
      (await seeded(session, BIG)) === big &&
      (await seeded(session, SMALL)) === small &&
      (await sameNames(session))
    ) {
      console.log(`already seeded: ${big} + ${small} bills, ${SUPPLIERS} supplier names (${dialect})`);
      return;
    }
    await session.execute("DELETE FROM bills");
    await session.execute("DELETE FROM bill_supplier_names");
    const total = big + small;
    const batch = 2000;
    const started = Date.now();
    let bigLeft = big;
    let smallLeft = small;
    for (let from = 0; from < total; from += batch) {
      const rows: string[] = [];
      for (let n = from; n < Math.min(total, from + batch); n++) {
        // Spread the small organisation's bills evenly among the big one's.
        const takeSmall = smallLeft > 0 && (bigLeft === 0 || smallLeft * total >= (total - n) * small);
        rows.push(row(n, takeSmall ? SMALL : BIG));
        if (takeSmall) smallLeft--;
        else bigLeft--;
      }
      await session.write((s) =>
        s.execute(
          `INSERT INTO bills (id, client_id, organisation_id, state, document_sha256, document_media_type,
           document_size, supplier_name, supplier_name_norm, invoice_number, invoice_number_norm, currency,
           total_amount, invoice_date, line_items, supplier_id, duplicate_same_file, created_at, updated_at)
           VALUES ${rows.join(",\n")}`,
        ),
      );
      if ((from / batch) % 50 === 0) console.log(`${from + rows.length} / ${total} rows`);
    }
    // The names the bill store records as it writes a bill (these rows bypass it).
    await session.write(rememberEverySupplierName);
    console.log(
      `seeded ${big} + ${small} bills, ${SUPPLIERS} supplier names, in ${((Date.now() - started) / 1000).toFixed(0)} s (${dialect})`,
    );
  } finally {
    await sequelize.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await seed(Number(process.argv[2] ?? 1_000_000), Number(process.argv[3] ?? 100_000));
}
