import { computeTotals, creditableOf, type LineInput, lineNet, outstandingOf, owedBackOf } from "@apar/core";
import test from "ava";

const line = (over: Partial<LineInput>): LineInput => ({
  id: "l",
  productId: null,
  description: "x",
  quantity: "1",
  unitPrice: "0",
  discountPercent: "0",
  taxRate: "0",
  ...over,
});

test("a line's net is quantity x price less the discount, rounded half-up once to the currency", (t) => {
  t.is(lineNet(line({ quantity: "3", unitPrice: "0.333" }), "EUR"), "1"); // 0.999 -> 1.00
  t.is(lineNet(line({ quantity: "1", unitPrice: "0.125" }), "EUR"), "0.13"); // tie rounds up
  t.is(lineNet(line({ quantity: "2", unitPrice: "10", discountPercent: "12.5" }), "EUR"), "17.5");
  t.is(lineNet(line({ quantity: "1", unitPrice: "99.5" }), "JPY"), "100");
  t.is(lineNet(line({ quantity: "1", unitPrice: "1.0005" }), "BHD"), "1.001");
  t.is(lineNet(line({ quantity: "0.5", unitPrice: "0.01" }), "EUR"), "0.01"); // 0.005 -> 0.01
});

test("tax is computed per rate on the sum of that rate's rounded nets, not per line", (t) => {
  // Three lines of 0.05 at 10%: per line 0.005 -> 0.01 each (0.03); per rate 0.15 x 10% = 0.015 -> 0.02.
  const totals = computeTotals(
    [
      line({ unitPrice: "0.05", taxRate: "10" }),
      line({ unitPrice: "0.05", taxRate: "10" }),
      line({ unitPrice: "0.05", taxRate: "10" }),
      line({ unitPrice: "100", taxRate: "20" }),
      line({ unitPrice: "7", taxRate: "0" }),
    ],
    "EUR",
  );
  t.is(totals.subTotal, "107.15");
  t.deepEqual(totals.taxes, [
    { rate: "20", taxableAmount: "100", taxAmount: "20" },
    { rate: "10", taxableAmount: "0.15", taxAmount: "0.02" },
    { rate: "0", taxableAmount: "7", taxAmount: "0" },
  ]);
  t.is(totals.taxAmount, "20.02");
  t.is(totals.totalAmount, "127.17");
});

test("rates written differently are one rate; no lines is all zero", (t) => {
  const totals = computeTotals(
    [line({ unitPrice: "10", taxRate: "7.50" }), line({ unitPrice: "10", taxRate: "7.5" })],
    "EUR",
  );
  t.is(totals.taxes.length, 1);
  t.is(totals.taxAmount, "1.5");
  t.deepEqual(computeTotals([], "EUR"), { lines: [], subTotal: "0", taxAmount: "0", totalAmount: "0", taxes: [] });
});

test("outstanding, owed back and creditable never go below zero", (t) => {
  const inv = { totalAmount: "100", amountPaid: "60", amountCredited: "0" };
  t.is(outstandingOf(inv), "40");
  t.is(owedBackOf(inv), "0");
  t.is(creditableOf(inv), "100");
  const over = { totalAmount: "100", amountPaid: "60", amountCredited: "100" };
  t.is(outstandingOf(over), "0");
  t.is(owedBackOf(over), "60");
  t.is(creditableOf(over), "0");
});
