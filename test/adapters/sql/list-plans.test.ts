// Every list statement of the SQL stores, EXPLAINed on the database the suite runs on (MariaDB's EXPLAIN, SQLite's
// EXPLAIN QUERY PLAN): each must read the organisation's rows through its index, never scan the table, and keep
// the keyset order of that index (no sort), except a date range's rows, which are sorted (at most the scan cap).
// The data is a table shared by a big organisation and a small one, so the planner has a wrong choice to make.
import { connect } from "@apar/adapters/sql/connect";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import { sqlStores } from "@apar/adapters/sql/sql-stores";
import type { Stores } from "@apar/core/ports";
import test from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

const CLIENT = "0190cccc-0000-7000-8000-000000000001";
const BIG = "0190cccc-0000-7000-8000-0000000000b1";
const SMALL = "0190cccc-0000-7000-8000-0000000000a1";
const scope = { clientId: CLIENT, organisationId: SMALL };
const idOf = (n: number): string => `0190dddd-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const AFTER = idOf(500);

/** A session that keeps every SELECT it runs, with its binds. */
class Recording extends SqlSession {
  readonly seen: { sql: string; bind: readonly unknown[] }[] = [];
  override select<R extends object = Record<string, unknown>>(sql: string, bind: readonly unknown[] = []) {
    this.seen.push({ sql, bind });
    return super.select<R>(sql, bind);
  }
}

/** Each list shape: how the stores are asked, and whether its rows may be sorted (a bounded date range). */
const shapes: readonly { readonly name: string; readonly sorted?: true; readonly run: (s: Stores) => unknown }[] = [
  { name: "bills page 1", run: (s) => s.bills.list(scope, {}, { limit: 20 }) },
  { name: "bills cursor page", run: (s) => s.bills.list(scope, {}, { limit: 20, after: AFTER }) },
  { name: "bills by state", run: (s) => s.bills.list(scope, { state: "Paid" }, { limit: 20, after: AFTER }) },
  { name: "bills by supplier", run: (s) => s.bills.list(scope, { supplierId: idOf(7) }, { limit: 20 }) },
  {
    name: "bills by supplier and state",
    run: (s) => s.bills.list(scope, { supplierId: idOf(7), state: "Paid" }, { limit: 20, after: AFTER }),
  },
  {
    name: "bills by supplier name",
    sorted: true,
    run: (s) => s.bills.list(scope, { supplierName: "acme" }, { limit: 20, after: AFTER }),
  },
  {
    name: "bills by invoice date",
    sorted: true,
    run: (s) =>
      s.bills.list(
        scope,
        { invoiceDateFrom: "2024-01-01", invoiceDateTo: "2024-02-01", supplierName: "acme" },
        { limit: 20, after: AFTER },
      ),
  },
  { name: "invoices page 1", run: (s) => s.invoices.list(scope, {}, { limit: 20 }) },
  { name: "invoices cursor page", run: (s) => s.invoices.list(scope, {}, { limit: 20, after: AFTER }) },
  { name: "invoices by status", run: (s) => s.invoices.list(scope, { status: "Sent" }, { limit: 20, after: AFTER }) },
  {
    name: "invoices by customer and status",
    run: (s) => s.invoices.list(scope, { customerId: idOf(3), status: "Sent" }, { limit: 20 }),
  },
  {
    name: "invoices by issue date",
    sorted: true,
    run: (s) => s.invoices.list(scope, { issueDateFrom: "2024-01-01" }, { limit: 20, after: AFTER }),
  },
  { name: "credit notes", run: (s) => s.creditNotes.list(scope, {}, { limit: 20, after: AFTER }) },
  { name: "credit notes of an invoice", run: (s) => s.creditNotes.list(scope, { invoiceId: idOf(1) }, { limit: 20 }) },
  { name: "suppliers", run: (s) => s.suppliers.search(scope, undefined, { limit: 20, after: AFTER }) },
  { name: "suppliers search", run: (s) => s.suppliers.search(scope, "acme", { limit: 20, after: AFTER }) },
  { name: "customers search", run: (s) => s.customers.search(scope, "acme", { limit: 20 }) },
  { name: "products", run: (s) => s.products.search(scope, undefined, { limit: 20, after: AFTER }) },
  { name: "purchase orders", run: (s) => s.matching.purchaseOrders.list(scope, { limit: 20, after: AFTER }) },
  { name: "match groups", run: (s) => s.matching.matchGroups.list(scope, { limit: 20 }) },
  { name: "supplier credit notes", run: (s) => s.supplierCreditNotes.list(scope, { limit: 20, after: AFTER }) },
  { name: "payment runs", run: (s) => s.paymentRuns.list(scope, { limit: 20, after: AFTER }) },
  { name: "bank statements", run: (s) => s.bankStatements.list(scope, { limit: 20, after: AFTER }) },
  { name: "recurring schedules", run: (s) => s.recurringSchedules.list(scope, { limit: 20, after: AFTER }) },
  // The aging reports' walks: each open state by id, each settled state by change time, one customer's invoices.
  {
    name: "report bills",
    run: (s) => drain(s.reports.bills(scope, { open: ["Approved"], settled: ["Paid"], changedSince: new Date(0) })),
  },
  {
    name: "report invoices",
    run: (s) => drain(s.reports.invoices(scope, { open: ["Sent"], settled: ["Paid"], changedSince: new Date(0) })),
  },
  {
    name: "report invoices settled since",
    run: (s) => drain(s.reports.invoices(scope, { open: [], settled: ["Sent"], changedSince: new Date(0) })),
  },
  {
    name: "report invoices of a customer",
    run: (s) =>
      drain(
        s.reports.invoices(scope, {
          open: ["Sent"],
          settled: ["Paid"],
          changedSince: new Date(0),
          customerId: idOf(3),
        }),
      ),
  },
  // The books' walks (their order is their index's, a keyset of (date or time, id)).
  {
    name: "books: bills by invoice date",
    run: (s) => drain(s.bookSources.billsDated(scope, "2024-01-01", "2024-02-01")),
  },
  { name: "books: bills changed since", run: (s) => drain(s.bookSources.billsChanged(scope, new Date("2024-01-01"))) },
  {
    name: "books: invoices by issue date",
    run: (s) => drain(s.bookSources.invoicesIssued(scope, "2024-01-01", "2024-02-01")),
  },
  {
    name: "books: invoices changed since",
    run: (s) => drain(s.bookSources.invoicesChanged(scope, new Date("2024-01-01"))),
  },
  {
    name: "books: credit notes issued",
    run: (s) => drain(s.bookSources.creditNotesIssued(scope, new Date("2024-01-01"), new Date("2024-02-01"))),
  },
  { name: "books: exports", run: (s) => s.accountingExports.list(scope, { limit: 20, after: AFTER }) },
];

/** Reads a report's stream to its end. */
async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream);
}

const TABLES =
  "bills|bill_supplier_names|invoices|credit_notes|suppliers|customers|products|matching_documents|supplier_credit_notes|payment_runs|bank_statements|recurring_schedules|accounting_exports";

/** What is wrong with one statement's plan: a scan of the table, another index than the forced one, a sort. */
const planProblems = async (
  session: SqlSession,
  sql: string,
  bind: readonly unknown[],
  sorted: boolean,
): Promise<string[]> => {
  // The names a supplier-name filter looks through are read by their table's primary key (organisation, name).
  const names = /FROM bill_supplier_names WHERE organisation_id = /.test(sql);
  const primary = session.dialect === "mysql" ? "PRIMARY" : "sqlite_autoindex_bill_supplier_names_1";
  const forced = names ? primary : /(?:FORCE INDEX \(|INDEXED BY )(\w+)/.exec(sql)?.[1];
  const problems: string[] = [];
  const cursor = /\bid > \$/.test(sql);
  // A walk in change order (the reports' settled documents) ranges over updated_at, then id.
  const byChange = /ORDER BY updated_at, id/.test(sql);
  if (forced === undefined) problems.push("names no index");
  if (session.dialect === "mysql") {
    const rows = await session.select<Record<string, unknown>>(`EXPLAIN ${sql}`, bind);
    for (const row of rows) {
      const table = String(row.table);
      const extra = String(row.Extra ?? "");
      // The count over a bounded range's ids, the sort of a page's ids, a union of a recursive query.
      if (table.startsWith("<") || row.table === null) continue;
      if (row.type === "eq_ref" && row.key === "PRIMARY") continue; // a page's rows read by key
      if (/Select tables optimized away|No tables used/.test(extra)) continue;
      if (row.type === "ALL" || row.type === "index") problems.push(`${table}: full ${String(row.type)} scan`);
      if (row.key !== forced) problems.push(`${table}: reads ${String(row.key)}, not ${forced}`);
      if (/filesort|temporary/.test(extra) && !sorted) problems.push(`${table}: ${extra}`);
      // A cursor is a range on the index's id: `ref` would walk the organisation's entries up to it.
      if (cursor && !sorted && row.type !== "range")
        problems.push(`${table}: ${String(row.type)}, not a range to the cursor`);
    }
    if (rows.length === 0) problems.push("no plan");
    return problems;
  }
  const rows = await session.select<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, bind);
  let searched = false;
  for (const { detail } of rows) {
    if (new RegExp(`^SCAN (${TABLES})\\b`).test(detail)) problems.push(`full scan: ${detail}`);
    if (/TEMP B-TREE/.test(detail) && !sorted) problems.push(detail);
    const search = new RegExp(`^SEARCH (${TABLES}) USING (COVERING )?INDEX ${forced} \\(organisation_id=\\?`);
    // A cursor is a range on the index's id: without it SQLite would walk the organisation's entries up to it.
    if (search.test(detail) && (!cursor || sorted || (byChange ? /updated_at>\?/ : /id>\?/).test(detail)))
      searched = true;
  }
  if (!searched) problems.push(`no search through ${forced}: ${rows.map((r) => r.detail).join(" / ")}`);
  return problems;
};

const seed = async (session: SqlSession): Promise<void> => {
  const at = "'2024-01-02 10:00:00.000'";
  const bills: string[] = [];
  const invoices: string[] = [];
  for (let n = 0; n < 1200; n++) {
    const org = n % 10 === 0 ? SMALL : BIG;
    const day = `2024-${String((n % 12) + 1).padStart(2, "0")}-15`;
    bills.push(
      `('${idOf(n)}', '${CLIENT}', '${org}', '${n % 3 === 0 ? "Paid" : "PendingReview"}', '${n
        .toString(16)
        .padStart(
          64,
          "0",
        )}', 'application/pdf', 10, 'acme ${n % 50}', '[]', '${idOf(n % 40)}', '${day}', 0, ${at}, ${at})`,
    );
    invoices.push(
      `('${idOf(n)}', '${CLIENT}', '${org}', '${n % 2 === 0 ? "Sent" : "Draft"}', '${idOf(n % 30)}', '${day}', '{}', ${at}, ${at})`,
    );
  }
  await session.execute(
    `INSERT INTO bills (id, client_id, organisation_id, state, document_sha256, document_media_type, document_size,
     supplier_name_norm, line_items, supplier_id, invoice_date, duplicate_same_file, created_at, updated_at)
     VALUES ${bills.join(", ")}`,
  );
  await session.execute(
    `INSERT INTO invoices (id, client_id, organisation_id, status, customer_id, issue_date, body, created_at, updated_at)
     VALUES ${invoices.join(", ")}`,
  );
  if (session.dialect === "mysql") await session.select("ANALYZE TABLE bills, invoices");
  else await session.execute("ANALYZE");
};

test("every list statement reads its index in keyset order: no table scan, no sort but a bounded date range's", async (t) => {
  const location = await createSqlLocation();
  const database = await openSqlDatabase(location.options);
  const { sequelize, dialect } = await connect(location.options);
  try {
    await database.migrate();
    const session = new Recording(sequelize, dialect);
    await seed(session);
    // Twice: with the default cap, and with a cap of 10 rows, under which filters take their other way (a
    // supplier-name filter then tests the bills themselves).
    for (const cap of [undefined, 10]) {
      const capped = new Recording(sequelize, dialect, null, cap === undefined ? {} : { listScanRows: cap });
      const stores = sqlStores(capped, () => idOf(99_999));
      for (const shape of shapes) {
        capped.seen.length = 0;
        // The seeded rows are not whole records (a decode may fail): only the statements matter here.
        await Promise.resolve(shape.run(stores)).catch(() => undefined);
        t.true(capped.seen.length > 0, shape.name);
        for (const { sql, bind } of [...capped.seen]) {
          const problems = await planProblems(session, sql, bind, shape.sorted === true);
          t.deepEqual(problems, [], `${shape.name}, cap ${cap}: ${sql}`);
        }
      }
    }
    // The check itself: it refuses a statement without a hint, a scan and a sort.
    const unhinted = await planProblems(
      session,
      "SELECT id FROM bills WHERE supplier_name_norm LIKE $1",
      ["%a%"],
      false,
    );
    t.true(unhinted.length >= 2, unhinted.join("; "));
    const hint = dialect === "mysql" ? "FORCE INDEX (bills_organisation)" : "INDEXED BY bills_organisation";
    const sortedPage = await planProblems(
      session,
      `SELECT id FROM bills ${hint} WHERE organisation_id = $1 ORDER BY created_at LIMIT 5`,
      [SMALL],
      false,
    );
    t.true(
      sortedPage.some((p) => /filesort|TEMP B-TREE/.test(p)),
      sortedPage.join("; "),
    );
  } finally {
    await sequelize.close();
    await database.close();
    await location.drop();
  }
});
