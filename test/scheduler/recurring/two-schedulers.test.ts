import { createWorker, type Worker } from "@apar/adapters/jobs/worker";
import { createScheduler, type Scheduler } from "@apar/adapters/scheduler/index";
import { manualClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import { createNotifier, notifyingDatabase } from "@apar/adapters/webhooks/notifier";
import type { Invoice } from "@apar/core";
import {
  createCustomer,
  createSchedule,
  enqueueDueOccurrences,
  generateOccurrenceJob,
  occurrenceInvoicesOf,
  runnableJob,
} from "@apar/core/app";
import type { Database, OrgScope } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { aClient, anOrganisation } from "../../contracts/fixtures.js";
import { sqlTestDatabase } from "../../helpers/databases.js";
import { eventually } from "../../helpers/eventually.js";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Polls until `done` holds (the workers run on their own; this only waits for them). */
const until = async (done: () => Promise<boolean>, what: string): Promise<void> => {
  await eventually(done, what);
};

/** One "process": its own database connection, scheduler and worker, on the shared clock. */
const instance = (shared: Database, clock: ReturnType<typeof manualClock>, name: string) => {
  // As in the host: the scheduler's enqueues wake this process's worker after they commit.
  const jobsNotifier = createNotifier();
  const database = notifyingDatabase(shared, { jobs: jobsNotifier });
  const ids = randomIds(clock);
  let counter = 0;
  const invoiceDeps = {
    db: database,
    clock,
    ids,
    tokens: { next: () => `token-${name}-${++counter}-${ids.next()}` },
    publicBaseUrl: "https://apar.test",
  };
  const worker: Worker = createWorker({
    id: `worker-${name}`,
    jobs: database.stores.jobs,
    clock,
    runnable: [
      runnableJob(generateOccurrenceJob, { db: database, clock, ids, invoices: occurrenceInvoicesOf(invoiceDeps) }),
    ],
    logger: quiet,
    concurrency: 4,
    pollMs: 10,
  });
  jobsNotifier.subscribe(() => worker.wake());
  const scheduler: Scheduler = createScheduler({
    duties: [{ name: "recurring-invoices", run: enqueueDueOccurrences({ db: database, clock }) }],
    logger: quiet,
  });
  return { worker, scheduler, ids };
};

const allInvoices = async (database: Database, scope: OrgScope): Promise<Invoice[]> => {
  const out: Invoice[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await database.stores.invoices.list(
      scope,
      {},
      { limit: 100, ...(after === undefined ? {} : { after }) },
    );
    out.push(...page.items);
    if (!page.hasMore) return out;
    after = page.items.at(-1)?.id;
  }
};

test("12 monthly occurrences with two schedulers and two workers on one database: 12 invoices, numbered without gaps", async (t) => {
  const clock = manualClock(new Date("2026-01-10T12:00:00.000Z"));
  const [one, two] = await sqlTestDatabase().openMany(2);
  if (one === undefined || two === undefined) throw new Error("two handles");
  const a = instance(one, clock, "a");
  const b = instance(two, clock, "b");
  try {
    const client = aClient();
    const organisation = anOrganisation(client.id, { timeZone: "Europe/Berlin" });
    await one.stores.clients.add(client);
    await one.stores.organisations.add(organisation);
    const scope = { clientId: client.id, organisationId: organisation.id };
    const deps = { db: one, clock, ids: a.ids };
    const customer = await createCustomer(deps)(scope, {
      name: "Globex",
      email: "billing@globex.example",
      currency: "EUR",
    })();
    if (E.isLeft(customer)) throw new Error(customer.left.code);
    const created = await createSchedule(deps)(scope, {
      customerId: customer.right.id,
      cadence: "Monthly",
      startDate: "2026-01-31",
      totalOccurrences: 12,
      autoSend: true,
      dueDays: 14,
      lineItems: [{ description: "Support plan", quantity: "1", unitPrice: "99.00", taxRate: "19" }],
    })();
    if (E.isLeft(created)) throw new Error(created.left.code);
    const id = created.right.id;
    a.worker.start();
    b.worker.start();

    // Month by month: both schedulers tick at once (twice, as a restarted cron would), then the clock moves on.
    for (let month = 0; month < 14; month += 1) {
      const schedule = await one.stores.recurringSchedules.ofId(scope, id);
      if (schedule?.nextRunAt === null || schedule === undefined) break;
      clock.set(new Date(schedule.nextRunAt.getTime() + 60_000));
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
      const expected = schedule.occurrencesGenerated + 1;
      await until(
        async () => (await two.stores.recurringSchedules.ofId(scope, id))?.occurrencesGenerated === expected,
        `occurrence ${expected}`,
      );
      // A late retry of the same occurrence's job changes nothing (the key is taken and the schedule moved on).
      await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    }
    // Long after the end, more ticks generate nothing.
    clock.advance(400 * 86_400_000);
    t.deepEqual(await Promise.all([a.scheduler.tick(), b.scheduler.tick()]), [0, 0]);

    const invoices = (await allInvoices(one, scope)).sort(
      (x, y) => (x.recurringOccurrenceNumber ?? 0) - (y.recurringOccurrenceNumber ?? 0),
    );
    t.is(invoices.length, 12);
    t.deepEqual(
      invoices.map((i) => i.recurringOccurrenceNumber),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    t.deepEqual(
      invoices.map((i) => i.documentNumber).sort(),
      Array.from({ length: 12 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`),
    );
    t.true(invoices.every((i) => i.status === "Sent" && i.recurringScheduleId === id));
    t.deepEqual(
      invoices.map((i) => i.issueDate),
      [
        "2026-01-31",
        "2026-02-28",
        "2026-03-31",
        "2026-04-30",
        "2026-05-31",
        "2026-06-30",
        "2026-07-31",
        "2026-08-31",
        "2026-09-30",
        "2026-10-31",
        "2026-11-30",
        "2026-12-31",
      ],
    );
    t.is(invoices[1]?.dueDate, "2026-03-14");
    const done = await one.stores.recurringSchedules.ofId(scope, id);
    t.like(done, { status: "Completed", occurrencesGenerated: 12, nextRunAt: null });
    t.log(`numbers: ${invoices.map((i) => i.documentNumber).join(", ")}`);
  } finally {
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
    await Promise.all([a.worker.stop(1_000), b.worker.stop(1_000)]);
    await Promise.all([one.close(), two.close()]);
  }
});
