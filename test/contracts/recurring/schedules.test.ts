import type { RecurringSchedule } from "@apar/core";
import { contractTest } from "../contract.js";
import { at, newId, sortedIds } from "../fixtures.js";

const scope = { clientId: newId(), organisationId: newId() };

const aSchedule = (over: Partial<RecurringSchedule> = {}): RecurringSchedule => ({
  id: newId(),
  ...scope,
  template: {
    customerId: newId(),
    currency: "EUR",
    lines: [{ description: "Hosting", quantity: "1", unitPrice: "10.00" }],
    memo: "Thanks",
    dueDays: 14,
  },
  cadence: "Monthly",
  startDate: "2026-01-31",
  endDate: null,
  totalOccurrences: 12,
  autoSend: true,
  timeZone: "Europe/Berlin",
  status: "Active",
  occurrencesGenerated: 0,
  nextOccurrence: 1,
  nextRunAt: at(0),
  lastGeneratedAt: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

contractTest("recurring schedules round-trip every field", async (t, db) => {
  const s = aSchedule({ endDate: "2027-01-01", lastGeneratedAt: at(5), totalOccurrences: null, autoSend: false });
  await db.stores.recurringSchedules.add(s);
  t.deepEqual(await db.stores.recurringSchedules.ofId(scope, s.id), s);
});

contractTest("recurring schedules of another organisation answer as missing", async (t, db) => {
  const s = aSchedule();
  await db.stores.recurringSchedules.add(s);
  t.is(await db.stores.recurringSchedules.ofId({ ...scope, organisationId: newId() }, s.id), undefined);
  t.is(await db.stores.recurringSchedules.ofId({ ...scope, clientId: newId() }, s.id), undefined);
  const page = await db.stores.recurringSchedules.list({ ...scope, organisationId: newId() }, { limit: 10 });
  t.deepEqual(page.items, []);
  t.false(await db.stores.recurringSchedules.update({ ...s, organisationId: newId(), status: "Paused" }, 1));
});

contractTest("recurring schedules list in id order by pages", async (t, db) => {
  const org = { clientId: newId(), organisationId: newId() };
  const ids = sortedIds(3);
  for (const id of [...ids].reverse()) await db.stores.recurringSchedules.add(aSchedule({ id, ...org }));
  const first = await db.stores.recurringSchedules.list(org, { limit: 2 });
  t.deepEqual(
    first.items.map((s) => s.id),
    ids.slice(0, 2),
  );
  t.true(first.hasMore);
  const second = await db.stores.recurringSchedules.list(org, { limit: 2, after: ids[1] });
  t.deepEqual(
    second.items.map((s) => s.id),
    ids.slice(2),
  );
  t.false(second.hasMore);
});

contractTest("a schedule update applies only while the occurrence is the one expected", async (t, db) => {
  const s = aSchedule();
  await db.stores.recurringSchedules.add(s);
  const advanced = { ...s, nextOccurrence: 2, occurrencesGenerated: 1, nextRunAt: at(1000), updatedAt: at(1) };
  t.true(await db.stores.recurringSchedules.update(advanced, 1));
  // A second writer that read occurrence 1 loses.
  t.false(await db.stores.recurringSchedules.update({ ...advanced, nextOccurrence: 3 }, 1));
  t.deepEqual(await db.stores.recurringSchedules.ofId(scope, s.id), advanced);
});

contractTest("due schedules: Active ones at or before now, earliest first, across tenants", async (t, db) => {
  const other = { clientId: newId(), organisationId: newId() };
  const late = aSchedule({ nextRunAt: at(2000) });
  const early = aSchedule({ ...other, nextRunAt: at(1000) });
  const exact = aSchedule({ nextRunAt: at(3000) });
  const future = aSchedule({ nextRunAt: at(3001) });
  const paused = aSchedule({ nextRunAt: at(10), status: "Paused" });
  const done = aSchedule({ nextRunAt: null, status: "Completed" });
  for (const s of [late, early, exact, future, paused, done]) await db.stores.recurringSchedules.add(s);
  const due = await db.stores.recurringSchedules.due(at(3000), 10);
  t.deepEqual(
    due.filter((s) => [late, early, exact, future, paused, done].some((x) => x.id === s.id)).map((s) => s.id),
    [early.id, late.id, exact.id],
  );
  t.is((await db.stores.recurringSchedules.due(at(3000), 1)).length, 1);
});
