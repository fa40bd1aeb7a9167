// The cap on an organisation's rows one list request reads (APAR_LIST_SCAN_ROWS): a filter that would read more
// answers List.FilterTooBroad instead, a short page within the cap says more may follow, and lists that read only
// their index in order are not capped at all. Run with a cap of 10 on the SQL database of the suite.
import { connect } from "@apar/adapters/sql/connect";
import { openSqlDatabase } from "@apar/adapters/sql/index";
import { SqlSession } from "@apar/adapters/sql/sql-session";
import { rememberEverySupplierName } from "@apar/adapters/sql/stores/bills";
import { isDomainError } from "@apar/core";
import type { Database } from "@apar/core/ports";
import test, { type ExecutionContext } from "ava";
import { createSqlLocation } from "../../helpers/databases.js";

const CLIENT = "0190eeee-0000-7000-8000-000000000001";
const OTHER = "0190eeee-0000-7000-8000-0000000000b1";
const ORG = "0190eeee-0000-7000-8000-0000000000a1";
const scope = { clientId: CLIENT, organisationId: ORG };
const idOf = (n: number): string => `0190ffff-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

/**
 * 40 bills of ORG (n = 0, 2, 4 ... 78), each from a supplier of its own (bill 70's is "rare"), between 40 bills of
 * OTHER from two suppliers ("other", and "rare other" for bill 71).
 */
const seed = async (session: SqlSession): Promise<void> => {
  const at = "'2024-01-02 10:00:00.000'";
  const rows = Array.from({ length: 80 }, (_, n) => {
    const org = n % 2 === 0 ? ORG : OTHER;
    const names: Record<number, string> = { 4: "early bird", 70: "rare", 71: "rare other" };
    const name = names[n] ?? (org === ORG ? `common ${n}` : "other");
    const day = `2024-01-${String((n % 28) + 1).padStart(2, "0")}`;
    return `('${idOf(n)}', '${CLIENT}', '${org}', 'PendingReview', '${n.toString(16).padStart(64, "0")}',
      'application/pdf', 10, '${name}', '[]', '${day}', 0, ${at}, ${at})`;
  });
  await session.execute(
    `INSERT INTO bills (id, client_id, organisation_id, state, document_sha256, document_media_type, document_size,
     supplier_name_norm, line_items, invoice_date, duplicate_same_file, created_at, updated_at)
     VALUES ${rows.join(", ")}`,
  );
  await rememberEverySupplierName(session);
};

const withBills = (run: (t: ExecutionContext, database: Database) => Promise<void>) => async (t: ExecutionContext) => {
  const location = await createSqlLocation();
  const database = await openSqlDatabase({ ...location.options, listScanRows: 10 });
  const { sequelize, dialect } = await connect(location.options);
  try {
    await database.migrate();
    await seed(new SqlSession(sequelize, dialect));
    await run(t, database);
  } finally {
    await sequelize.close();
    await database.close();
    await location.drop();
  }
};

const refusal = async (t: ExecutionContext, work: Promise<unknown>): Promise<void> => {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  t.true(isDomainError(error), String(error));
  if (!isDomainError(error)) return;
  t.is(error.code, "List.FilterTooBroad");
  t.is(error.kind, "BadRequest");
  t.regex(error.detail, /more than 10 .* Narrow it/s);
};

test(
  "an unfiltered list and an indexed filter read past the cap",
  withBills(async (t, database) => {
    const bills = database.stores.bills;
    let after: string | undefined;
    let seen = 0;
    for (;;) {
      const page = await bills.list(scope, {}, after === undefined ? { limit: 15 } : { limit: 15, after });
      seen += page.items.length;
      after = page.items.at(-1)?.id;
      if (!page.hasMore) break;
    }
    t.is(seen, 40);
    t.is((await bills.list(scope, { state: "PendingReview" }, { limit: 50 })).items.length, 40);
  }),
);

test(
  "a text filter that matches nothing in the next cap rows is refused; one that does answers within them",
  withBills(async (t, database) => {
    const bills = database.stores.bills;
    await refusal(t, bills.list(scope, { supplierName: "nobody" }, { limit: 5 }));
    await refusal(t, bills.list(scope, { supplierName: "rare" }, { limit: 5 }));
    // Bill 70 is ORG's 36th: within the cap after the 30th.
    const near = await bills.list(scope, { supplierName: "rare" }, { limit: 5, after: idOf(58) });
    t.deepEqual(
      near.items.map((b) => b.id),
      [idOf(70)],
    );
    t.false(near.hasMore);
    // A match early in the window: the page is short, but more of the organisation is unread.
    const early = await bills.list(scope, { supplierName: "early" }, { limit: 5 });
    t.deepEqual(
      early.items.map((b) => b.id),
      [idOf(4)],
    );
    t.true(early.hasMore);
    await refusal(t, bills.list(scope, { supplierName: "early" }, { limit: 5, after: idOf(4) }));
    // Fewer rows than the cap left: an empty answer is the end of the list.
    const end = await bills.list(scope, { supplierName: "nobody" }, { limit: 5, after: idOf(60) });
    t.deepEqual(end, { items: [], hasMore: false });
  }),
);

test(
  "a supplier-name filter over few names reads the bills of the names that contain it, at any depth",
  withBills(async (t, database) => {
    const bills = database.stores.bills;
    const other = { ...scope, organisationId: OTHER };
    const rare = await bills.list(other, { supplierName: "rare" }, { limit: 5 });
    t.deepEqual(
      rare.items.map((b) => b.id),
      [idOf(71)],
    );
    t.false(rare.hasMore);
    t.deepEqual(await bills.list(other, { supplierName: "nobody" }, { limit: 5 }), { items: [], hasMore: false });
    // A name that most bills have: more than the cap, so the bills are tested in id order after the cursor.
    const common = await bills.list(other, { supplierName: "other" }, { limit: 5, after: idOf(9) });
    t.deepEqual(
      common.items.map((b) => b.id),
      [11, 13, 15, 17, 19].map(idOf),
    );
    t.true(common.hasMore);
  }),
);

test(
  "a date range over more rows than the cap is refused; a narrower one is answered in id order",
  withBills(async (t, database) => {
    const bills = database.stores.bills;
    await refusal(t, bills.list(scope, { invoiceDateFrom: "2024-01-01", invoiceDateTo: "2024-01-31" }, { limit: 5 }));
    const narrow = await bills.list(
      scope,
      { invoiceDateFrom: "2024-01-01", invoiceDateTo: "2024-01-04" },
      { limit: 3 },
    );
    const ids = narrow.items.map((b) => b.id);
    t.deepEqual(ids, [...ids].sort());
    t.is(ids.length, 3);
    t.true(narrow.hasMore);
    const rest = await bills.list(
      scope,
      { invoiceDateFrom: "2024-01-01", invoiceDateTo: "2024-01-04" },
      { limit: 10, after: ids.at(-1) ?? "" },
    );
    t.true(rest.items.every((b) => b.id > (ids.at(-1) ?? "")));
    t.is(ids.length + rest.items.length, 6); // bills 0, 2, 28, 30, 56 and 58
    t.false(rest.hasMore);
    const none = await bills.list(scope, { invoiceDateFrom: "1999-01-01", invoiceDateTo: "1999-12-31" }, { limit: 5 });
    t.deepEqual(none, { items: [], hasMore: false });
  }),
);
