import { isRemindable, planSteps } from "@apar/core";
import test from "ava";

const sent = (at: string) => ({ dueDate: "2026-03-31", sentAt: new Date(at) });

test("every offset at 09:00 in the organisation's zone, in order, across a DST change", (t) => {
  const steps = planSteps(
    sent("2026-03-01T00:00:00Z"),
    ["OneWeekAfter", "OnDueDate", "OneWeekBefore", "TwoDaysAfter", "TwoDaysBefore", "OnDueDate"],
    "Europe/Berlin",
  );
  t.deepEqual(
    steps.map((s) => [s.offset, s.dueAt.toISOString()]),
    [
      // Berlin is +01 until 2026-03-29, +02 after.
      ["OneWeekBefore", "2026-03-24T08:00:00.000Z"],
      ["TwoDaysBefore", "2026-03-29T07:00:00.000Z"],
      ["OnDueDate", "2026-03-31T07:00:00.000Z"],
      ["TwoDaysAfter", "2026-04-02T07:00:00.000Z"],
      ["OneWeekAfter", "2026-04-07T07:00:00.000Z"],
    ],
  );
});

test("steps whose moment passed before the invoice was sent are left out", (t) => {
  const steps = planSteps(sent("2026-03-30T12:00:00Z"), ["OneWeekBefore", "TwoDaysBefore", "OnDueDate"], "UTC");
  t.deepEqual(
    steps.map((s) => s.offset),
    ["OnDueDate"],
  );
  t.deepEqual(planSteps(sent("2026-03-01T00:00:00Z"), [], "UTC"), []);
});

test("only sent and partly paid invoices are reminded of", (t) => {
  const statuses = ["Draft", "Sent", "PartiallyPaid", "Paid", "Void", "Credited"] as const;
  t.deepEqual(
    statuses.filter((status) => isRemindable({ status })),
    ["Sent", "PartiallyPaid"],
  );
});
