import { manualClock } from "@apar/adapters/system/clock";
import { randomIds } from "@apar/adapters/system/ids";
import { SYSTEM_ACTOR } from "@apar/core";
import {
  createCustomer,
  createInvoice,
  enqueueReminderJobs,
  getReminderRules,
  planRemindersJob,
  putReminderRules,
  recordPayment,
  runnableJobs,
  sendInvoice,
  sendReminderJob,
  sendReminderNow,
  voidInvoice,
} from "@apar/core/app";
import type { Database, MailMessage } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { aClient, anOrganisation } from "../../contracts/fixtures.js";
import { testDatabases } from "../../helpers/databases.js";

const DAY = 86_400_000;

/** An organisation in New York with a customer, a fake mailer and the reminder machinery of one worker. */
const setUp = async (db: Database, email: string | null = "ap@acme.example") => {
  const clock = manualClock(new Date("2026-06-01T14:00:00.000Z"));
  const ids = randomIds(clock);
  const client = aClient();
  const organisation = anOrganisation(client.id, { name: "Hooli", timeZone: "America/New_York" });
  await db.stores.clients.add(client);
  await db.stores.organisations.add(organisation);
  const scope = { clientId: client.id, organisationId: organisation.id };
  const sent: MailMessage[] = [];
  const deps = {
    db,
    clock,
    ids,
    tokens: { next: () => `tok_${ids.next().replaceAll("-", "")}` },
    publicBaseUrl: "https://pay.example",
    mailer: {
      send: async (m: MailMessage) => {
        sent.push(m);
        return { messageId: String(sent.length) };
      },
      close: async () => undefined,
    },
    mailFrom: "billing@hooli.example",
  };
  const customer = await createCustomer(deps)(scope, { name: "Acme", email: email ?? undefined, currency: "USD" })();
  if (E.isLeft(customer)) throw new Error(customer.left.code);
  const runnable = new Map(
    runnableJobs([planRemindersJob, sendReminderJob], {
      [planRemindersJob.type]: deps,
      [sendReminderJob.type]: deps,
    }).map((r) => [r.type, r]),
  );
  /** A scheduler tick, then the worker's run of every job it enqueued (by hand: one process, no timers). */
  const tick = async (): Promise<void> => {
    await enqueueReminderJobs(deps)();
    for (;;) {
      const job = await db.stores.jobs.claim({
        worker: "w",
        types: [...runnable.keys()],
        now: clock.now(),
        visibilityMs: 60_000,
      });
      if (job === undefined) return;
      const run = runnable.get(job.type)?.prepare(job);
      if (run === undefined || E.isLeft(run)) throw new Error(`cannot run ${job.type}`);
      await run.right();
      await db.stores.jobs.complete(job.id, "w", clock.now());
    }
  };
  const invoice = async (dueDate: string, reminderOffsets?: readonly ("OnDueDate" | "OneWeekAfter")[]) => {
    const draft = await createInvoice(deps)({
      scope,
      actor: SYSTEM_ACTOR,
      body: {
        customerId: customer.right.id,
        dueDate,
        issueDate: "2026-06-01",
        lineItems: [{ description: "Widgets", quantity: "4", unitPrice: "25.00" }],
      },
    })();
    if (E.isLeft(draft)) throw new Error(draft.left.code);
    const done = await sendInvoice(deps)({
      scope,
      actor: SYSTEM_ACTOR,
      id: draft.right.id,
      ...(reminderOffsets === undefined ? {} : { reminderOffsets }),
    })();
    if (E.isLeft(done)) throw new Error(done.left.code);
    return done.right;
  };
  return { clock, deps, scope, sent, tick, invoice };
};

/** The reminder mails of an invoice number. */
const mailsOf = (sent: readonly MailMessage[], number: string | null) =>
  sent.filter((m) => m.subject === `Reminder: invoice ${number} from Hooli`);

for (const kind of testDatabases()) {
  test(`${kind.name}: each step goes out once, at 09:00 in the organisation's zone, and stops once paid`, async (t) => {
    const db = await kind.open();
    try {
      const { clock, deps, scope, sent, tick, invoice } = await setUp(db);
      t.deepEqual(E.getOrElseW(() => undefined)(await getReminderRules(deps)(scope)()), {
        offsets: ["TwoDaysBefore", "OnDueDate", "OneWeekAfter"],
        isDefault: true,
      });
      const inv = await invoice("2026-06-10");
      await tick();
      await tick();
      const planned = await db.stores.invoiceReminders.ofInvoice(scope, inv.id);
      t.deepEqual(
        planned.map((r) => [r.step, r.status, r.dueAt.toISOString()]),
        [
          ["TwoDaysBefore", "Pending", "2026-06-08T13:00:00.000Z"],
          ["OnDueDate", "Pending", "2026-06-10T13:00:00.000Z"],
          ["OneWeekAfter", "Pending", "2026-06-17T13:00:00.000Z"],
        ],
      );
      // 08:59 in New York on the 8th: not yet.
      clock.set(new Date("2026-06-08T12:59:00.000Z"));
      await tick();
      t.is(mailsOf(sent, inv.documentNumber).length, 0);
      clock.set(new Date("2026-06-08T13:01:00.000Z"));
      await tick();
      await tick();
      const [first] = mailsOf(sent, inv.documentNumber);
      t.deepEqual(first?.to, ["ap@acme.example"]);
      t.true(first?.text.includes(`${inv.paymentUrl}`));
      t.true(first?.text.includes("Amount due: 100.00 USD."));
      t.is(mailsOf(sent, inv.documentNumber).length, 1);

      // Paid before the due date: the later steps are cancelled, not sent.
      const paid = await recordPayment(deps)({
        scope,
        actor: SYSTEM_ACTOR,
        invoiceId: inv.id,
        body: { amount: "100.00", paidAt: "2026-06-09" },
      })();
      t.true(E.isRight(paid));
      clock.advance(30 * DAY);
      await tick();
      t.is(mailsOf(sent, inv.documentNumber).length, 1);
      const after = await db.stores.invoiceReminders.ofInvoice(scope, inv.id);
      t.deepEqual(
        after.map((r) => r.status),
        ["Sent", "Cancelled", "Cancelled"],
      );
    } finally {
      await db.close();
    }
  });

  test(`${kind.name}: offsets chosen at send win over the organisation's; no address means Failed`, async (t) => {
    const db = await kind.open();
    try {
      const { clock, deps, scope, tick, invoice } = await setUp(db, null);
      await putReminderRules(deps)(scope, { offsets: ["OneWeekBefore"] })();
      const chosen = await invoice("2026-06-20", ["OneWeekAfter"]);
      const defaults = await invoice("2026-06-20");
      await tick();
      t.deepEqual(
        (await db.stores.invoiceReminders.ofInvoice(scope, chosen.id)).map((r) => r.step),
        ["OneWeekAfter"],
      );
      t.deepEqual(
        (await db.stores.invoiceReminders.ofInvoice(scope, defaults.id)).map((r) => r.step),
        ["OneWeekBefore"],
      );
      clock.advance(40 * DAY);
      await tick();
      const [failed] = await db.stores.invoiceReminders.ofInvoice(scope, chosen.id);
      t.like(failed, { status: "Failed", error: "The customer has no e-mail address." });
    } finally {
      await db.close();
    }
  });

  test(`${kind.name}: send now is idempotent for 60 s and refused for drafts, voided and paid invoices`, async (t) => {
    const db = await kind.open();
    try {
      const { clock, deps, scope, sent, invoice } = await setUp(db);
      const inv = await invoice("2026-07-01");
      const first = await sendReminderNow(deps)(scope, inv.id)();
      const again = await sendReminderNow(deps)(scope, inv.id)();
      if (E.isLeft(first) || E.isLeft(again)) throw new Error("send now failed");
      t.false(first.right.replayed);
      t.is(first.right.reminder.status, "Sent");
      t.true(again.right.replayed);
      t.is(again.right.reminder.id, first.right.reminder.id);
      t.is(mailsOf(sent, inv.documentNumber).length, 1);
      clock.advance(61_000);
      const later = await sendReminderNow(deps)(scope, inv.id)();
      t.true(E.isRight(later) && !later.right.replayed);
      t.is(mailsOf(sent, inv.documentNumber).length, 2);

      const voided = await voidInvoice(deps)({ scope, actor: SYSTEM_ACTOR, id: inv.id })();
      t.true(E.isRight(voided));
      const refused = await sendReminderNow(deps)(scope, inv.id)();
      t.like(E.isLeft(refused) ? refused.left : undefined, { code: "Reminder.NotRemindable" });
      const draft = await createInvoice(deps)({
        scope,
        actor: SYSTEM_ACTOR,
        body: { customerId: inv.customerId, lineItems: [{ description: "x", quantity: "1", unitPrice: "1" }] },
      })();
      if (E.isLeft(draft)) throw new Error(draft.left.code);
      const forDraft = await sendReminderNow(deps)(scope, draft.right.id)();
      t.like(E.isLeft(forDraft) ? forDraft.left : undefined, { code: "Reminder.NotRemindable" });
      t.is(mailsOf(sent, inv.documentNumber).length, 2);
    } finally {
      await db.close();
    }
  });
}
