import { openMemoryDatabase } from "@apar/adapters/memory";
import { manualClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import {
  createCustomer,
  createSchedule,
  GENERATE_OCCURRENCE_JOB,
  type GenerationDeps,
  generateOccurrence,
  generateOccurrenceJob,
  type OccurrenceInvoices,
  occurrenceInvoicesOf,
} from "@apar/core/app";
import type { Database, Job } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { aClient, anOrganisation } from "../../contracts/fixtures.js";

/** A memory database with one organisation (UTC), a customer and a monthly schedule due now. */
const setUp = async (over: { invoices?: (deps: GenerationDeps) => OccurrenceInvoices } = {}) => {
  const clock = manualClock(new Date("2026-05-01T08:00:00.000Z"));
  const ids = randomIds(clock);
  const db: Database = openMemoryDatabase();
  await db.migrate();
  const client = aClient();
  const organisation = anOrganisation(client.id, { timeZone: "UTC" });
  await db.stores.clients.add(client);
  await db.stores.organisations.add(organisation);
  const scope = { clientId: client.id, organisationId: organisation.id };
  const base = { db, clock, ids };
  const customer = await createCustomer(base)(scope, { name: "Initech", currency: "EUR" })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const invoiceDeps = { ...base, tokens: { next: () => ids.next() }, publicBaseUrl: "https://apar.test" };
  const deps: GenerationDeps = { ...base, invoices: occurrenceInvoicesOf(invoiceDeps) };
  const withInvoices = over.invoices === undefined ? deps : { ...deps, invoices: over.invoices(deps) };
  const schedule = await createSchedule(base)(scope, {
    customerId: customer.right.id,
    cadence: "Monthly",
    startDate: "2026-05-01",
    autoSend: false,
    lineItems: [{ description: "Licence", quantity: "2", unitPrice: "10.00" }],
  })();
  if (E.isLeft(schedule)) throw new Error(schedule.left.code);
  const job = { ...scope, scheduleId: schedule.right.id, occurrenceNumber: 1 };
  return { db, scope, deps: withInvoices, job, schedule: schedule.right };
};

const failures = async (db: Database, clientId: string, scheduleId: string) =>
  (await db.stores.events.ofSubject(clientId, "recurring_invoice", scheduleId)).filter(
    (e) => e.envelope.type === "recurring_invoice.generation_failed",
  );

test("an occurrence makes a draft (autoSend false) and a second run of the same job changes nothing", async (t) => {
  const { db, scope, deps, job } = await setUp();
  const first = await generateOccurrence(deps)(job);
  t.is(first.kind, "generated");
  t.deepEqual(await generateOccurrence(deps)(job), { kind: "skipped" });
  const page = await db.stores.invoices.list(scope, {}, { limit: 10 });
  t.is(page.items.length, 1);
  t.like(page.items[0], { status: "Draft", documentNumber: null, issueDate: "2026-05-01", dueDate: "2026-05-31" });
  t.like(await db.stores.recurringSchedules.ofId(scope, job.scheduleId), {
    occurrencesGenerated: 1,
    nextOccurrence: 2,
    status: "Active",
  });
});

test("an occurrence that is not due yet is skipped", async (t) => {
  const { deps, job } = await setUp();
  t.deepEqual(await generateOccurrence(deps)({ ...job, occurrenceNumber: 2 }), { kind: "skipped" });
});

test("a refusal of the invoices part rolls back, pauses the schedule and emits generation_failed", async (t) => {
  const { db, scope, deps, job, schedule } = await setUp();
  // The customer is deleted after the schedule was made.
  t.true(await db.stores.customers.remove(scope, schedule.template.customerId));
  const outcome = await generateOccurrence(deps)(job);
  t.is(outcome.kind, "failed");
  t.is((await db.stores.invoices.list(scope, {}, { limit: 10 })).items.length, 0);
  t.like(await db.stores.recurringSchedules.ofId(scope, job.scheduleId), { status: "Paused", occurrencesGenerated: 0 });
  const [event] = await failures(db, scope.clientId, job.scheduleId);
  t.like(event?.envelope.data, { occurrenceNumber: 1, schedule: { id: job.scheduleId, status: "Paused" } });
  // The invoices part's own problem code and text (an unknown customer).
  const data = event?.envelope.data as { errorCode: string; errorMessage: string };
  t.true(data.errorCode.length > 0 && data.errorMessage.length > 0);
});

test("a defect is retried; the last attempt records generation_failed and pauses", async (t) => {
  const broken = (): OccurrenceInvoices => ({
    generate: async () => {
      throw new Error("renderer exploded");
    },
  });
  const { db, scope, deps, job } = await setUp({ invoices: broken });
  const run = generateOccurrenceJob.run(deps);
  const asJob = (attempts: number): Job => ({
    id: "job-1",
    type: GENERATE_OCCURRENCE_JOB,
    payload: job,
    key: null,
    status: "running",
    attempts,
    maxAttempts: 5,
    runAt: new Date(),
    lockedBy: "w",
    lockedUntil: null,
    lastError: null,
  });
  await t.throwsAsync(run(job, asJob(1)), { message: "renderer exploded" });
  t.is((await failures(db, scope.clientId, job.scheduleId)).length, 0);
  t.like(await db.stores.recurringSchedules.ofId(scope, job.scheduleId), { status: "Active" });
  await t.throwsAsync(run(job, asJob(5)), { message: "renderer exploded" });
  const [event] = await failures(db, scope.clientId, job.scheduleId);
  t.like(event?.envelope.data, { errorCode: "RecurringInvoice.GenerationError", errorMessage: "renderer exploded" });
  t.like(await db.stores.recurringSchedules.ofId(scope, job.scheduleId), { status: "Paused" });
});
