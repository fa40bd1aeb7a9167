// GET /v1/bills with a filter that would read more of the organisation than APAR_LIST_SCAN_ROWS: a 400 problem
// that says to narrow it, not a long scan; the same list without the filter reads past the cap as before.
import test from "ava";
import { type BillHarness, pdfWith, startBillHarness } from "./bill-harness.js";

let h: BillHarness;

test.before(async () => {
  h = await startBillHarness({ vars: { APAR_LIST_SCAN_ROWS: "2" } });
  for (const n of [1, 2, 3, 4]) {
    const bill = (
      await h.upload(
        pdfWith({ supplierName: `Cap Supplier ${n}`, invoiceNumber: `CAP-${n}`, invoiceDate: `2026-01-0${n}` }),
      )
    ).json as {
      id: string;
    };
    await h.settled(bill.id);
  }
});
test.after.always(async () => {
  await h?.dispose();
});

test("a supplier filter that matches nothing in the cap is List.FilterTooBroad, as application/problem+json", async (t) => {
  const answer = await h.call("GET", "/v1/bills?Supplier=nobody%20at%20all");
  t.is(answer.status, 400);
  t.regex(String(answer.headers["content-type"]), /^application\/problem\+json/);
  const problem = answer.json as { title: string; status: number; detail: string };
  t.is(problem.title, "List.FilterTooBroad");
  t.is(problem.status, 400);
  t.regex(problem.detail, /more than 2 .*Narrow it/s);
});

test("a date range over more bills than the cap is refused; the unfiltered list reads them all", async (t) => {
  const wide = await h.call("GET", "/v1/bills?InvoiceDateFrom=2026-01-01&InvoiceDateTo=2026-01-31");
  t.is(wide.status, 400);
  t.is((wide.json as { title: string }).title, "List.FilterTooBroad");
  const narrow = (await h.call("GET", "/v1/bills?InvoiceDateFrom=2026-01-02&InvoiceDateTo=2026-01-03")).json as {
    data: { invoiceNumber: string }[];
  };
  t.deepEqual(narrow.data.map((b) => b.invoiceNumber).sort(), ["CAP-2", "CAP-3"]);
  const all = (await h.call("GET", "/v1/bills?Limit=10")).json as { data: unknown[]; hasMore: boolean };
  t.is(all.data.length, 4);
  t.false(all.hasMore);
  const named = (await h.call("GET", "/v1/bills?Supplier=cap%20supplier%201")).json as { data: unknown[] };
  t.is(named.data.length, 1);
});
