import { memoryDocumentFiles } from "@apar/adapters/documents/index";
import { randomIds } from "@apar/adapters/system/ids";
import { type Bill, EMPTY_FIELDS, type Extraction, UNREAD_BILL } from "@apar/core";
import {
  failStuckReads,
  READ_BILL_JOB,
  type ReadBillDeps,
  readBill,
  readBillAttempt,
  referencedDocuments,
  STUCK_READ_GRACE_MS,
} from "@apar/core/app";
import type { Clock, Database } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { aBill, aScope } from "./bill-fixtures.js";
import { contractTest } from "./contract.js";
import { at, newId } from "./fixtures.js";

// No bill waits in Extracting for ever: over-long fields are dropped, a job's last failed attempt fails the
// bill, and the sweep fails bills that no job will read. On memory, SQLite and MySQL.

const clockAt = (ms: number): Clock & { set(ms: number): void } => {
  let now = at(ms);
  return { now: () => now, set: (m) => (now = at(m)) };
};

const extracting = (updatedAtMs: number, sha256 = newId().replace(/-/g, "").padEnd(64, "0")): Bill =>
  aBill(aScope(), {
    ...UNREAD_BILL,
    document: { sha256, mediaType: "application/pdf", filename: null, size: 10 },
    createdAt: at(updatedAtMs),
    updatedAt: at(updatedAtMs),
  });

const depsFor = (database: Database, clock: Clock, over: Partial<ReadBillDeps> = {}): ReadBillDeps => ({
  db: database,
  clock,
  ids: randomIds(clock),
  files: memoryDocumentFiles(),
  reader: { read: async () => E.left({ reason: "unreadable", detail: "unused" }) },
  readMethodFor: () => "ocr",
  readTimeoutMs: 60_000,
  ...over,
});

const eventTypes = async (database: Database, bill: Bill) =>
  (await database.stores.events.ofSubject(bill.clientId, "bill", bill.id)).map((e) => e.envelope.type);

contractTest("stores: bills stale in Extracting across clients, oldest first; referenced documents", async (t, db) => {
  const { stores } = db;
  const old = extracting(0);
  const older = extracting(-5_000);
  const fresh = extracting(60_000);
  const done = aBill(aScope(), { updatedAt: at(0) });
  for (const b of [old, older, fresh, done]) await stores.bills.add(b);
  t.deepEqual(
    (await stores.bills.staleInExtracting(at(1_000), 10)).map((b) => b.id),
    [older.id, old.id],
  );
  t.deepEqual(
    (await stores.bills.staleInExtracting(at(1_000), 1)).map((b) => b.id),
    [older.id],
  );
  const unknown = "f".repeat(64);
  t.deepEqual(
    [...(await stores.bills.referencedDocuments([old.document.sha256, unknown, done.document.sha256]))].sort(),
    [old.document.sha256, done.document.sha256].sort(),
  );
  t.deepEqual([...(await stores.bills.referencedDocuments([]))], []);
});

contractTest("stores: live payloads are ready jobs and running ones that may run again", async (t, { stores }) => {
  const now = at(0);
  await stores.jobs.enqueue({ type: READ_BILL_JOB, payload: { billId: "ready" } }, now);
  await stores.jobs.enqueue({ type: "other", payload: { billId: "other" } }, now);
  await stores.jobs.enqueue({ type: READ_BILL_JOB, payload: { billId: "last" }, maxAttempts: 1 }, at(1));
  const claimed = await stores.jobs.claim({ worker: "w", types: [READ_BILL_JOB], now: at(2), visibilityMs: 1_000 });
  t.deepEqual(claimed?.payload, { billId: "ready" });
  const last = await stores.jobs.claim({ worker: "w", types: [READ_BILL_JOB], now: at(2), visibilityMs: 1_000 });
  t.deepEqual(last?.payload, { billId: "last" });
  const ids = async (ms: number) =>
    ((await stores.jobs.livePayloads(READ_BILL_JOB, at(ms))) as { billId: string }[]).map((p) => p.billId).sort();
  // Both locks hold; then "last" is past its lock with no attempt left: it will never run again.
  t.deepEqual(await ids(500), ["last", "ready"]);
  t.deepEqual(await ids(5_000), ["ready"]);
  await stores.jobs.complete(claimed?.id ?? "", "w", at(3));
  t.deepEqual(await ids(5_000), []);
});

contractTest(
  "a read job's last failed attempt fails the bill with bill.ocr_failed; earlier ones retry",
  async (t, db) => {
    const clock = clockAt(0);
    const files = memoryDocumentFiles();
    const stored = await files.put(new TextEncoder().encode("%PDF-1.7 bill"));
    const broken = { ...files, get: async () => Promise.reject(new Error("disk on fire")) };
    const bill = extracting(0, stored.sha256);
    await db.stores.bills.add(bill);
    const attempt = readBillAttempt(depsFor(db, clock, { files: broken }));
    const job = { clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id };
    await t.throwsAsync(attempt(job, { attempts: 4, maxAttempts: 5 }), { message: "disk on fire" });
    t.is((await db.stores.bills.ofId(bill, bill.id))?.state, "Extracting");
    t.deepEqual(await eventTypes(db, bill), []);
    await t.throwsAsync(attempt(job, { attempts: 5, maxAttempts: 5 }), { message: "disk on fire" });
    const failed = await db.stores.bills.ofId(bill, bill.id);
    t.is(failed?.state, "ExtractionFailed");
    t.deepEqual(failed?.readFailure, { reason: "unreadable", detail: "reading failed 5 times, last: disk on fire" });
    t.deepEqual(await eventTypes(db, bill), ["bill.ocr_failed"]);
  },
);

contractTest("an over-long field from a reader (a 20 MiB invoice number) is dropped with a warning", async (t, db) => {
  const clock = clockAt(0);
  const files = memoryDocumentFiles();
  const stored = await files.put(new TextEncoder().encode("<Invoice/>"));
  const bill = extracting(0, stored.sha256);
  await db.stores.bills.add(bill);
  const extraction: Extraction = {
    reader: "einvoice",
    fields: { ...EMPTY_FIELDS, supplierName: "Acme Ltd", invoiceNumber: "9".repeat(20 * 2 ** 20), currency: "EUR" },
    fieldConfidence: { supplierName: 1, invoiceNumber: 1, currency: 1 },
    confidence: 1,
  };
  const warnings: object[] = [];
  const read = readBill(
    depsFor(db, clock, {
      files,
      reader: { read: async () => E.right(extraction) },
      warn: (detail) => warnings.push(detail),
    }),
  );
  t.is(await read({ clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id }), "PendingReview");
  const after = await db.stores.bills.ofId(bill, bill.id);
  t.is(after?.fields.invoiceNumber, null);
  t.is(after?.fields.supplierName, "Acme Ltd");
  t.is(after?.fields.currency, "EUR");
  t.deepEqual(after?.fieldConfidence, { supplierName: 1, currency: 1 });
  t.deepEqual(warnings, [{ billId: bill.id, dropped: ["invoiceNumber"] }]);
  t.deepEqual(await eventTypes(db, bill), ["bill.pending_review"]);
});

contractTest("the sweep fails bills in Extracting with no live job, past the grace only", async (t, db) => {
  const clock = clockAt(STUCK_READ_GRACE_MS + 60_000);
  const orphan = extracting(0);
  const queued = extracting(0);
  const recent = extracting(STUCK_READ_GRACE_MS);
  for (const b of [orphan, queued, recent]) await db.stores.bills.add(b);
  await db.stores.jobs.enqueue({ type: READ_BILL_JOB, payload: { billId: queued.id } }, at(0));
  const sweep = failStuckReads(depsFor(db, clock));
  t.is(await sweep(), 1);
  const orphaned = await db.stores.bills.ofId(orphan, orphan.id);
  t.is(orphaned?.state, "ExtractionFailed");
  t.is(orphaned?.readFailure?.reason, "unreadable");
  t.deepEqual(await eventTypes(db, orphan), ["bill.ocr_failed"]);
  t.is((await db.stores.bills.ofId(queued, queued.id))?.state, "Extracting");
  t.is((await db.stores.bills.ofId(recent, recent.id))?.state, "Extracting");
  t.is(await sweep(), 0);
});

contractTest("referenced documents: bills and bills waiting for an organisation", async (t, db) => {
  const bill = aBill(aScope(), {
    document: { sha256: "1".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
  });
  await db.stores.bills.add(bill);
  const clientId = newId();
  await db.stores.companyBills.add({
    ...UNREAD_BILL,
    id: newId(),
    clientId,
    companyId: newId(),
    document: { sha256: "2".repeat(64), mediaType: "application/pdf", filename: null, size: 1 },
    createdAt: at(0),
    updatedAt: at(0),
  });
  const held = await referencedDocuments(db.stores)(["1".repeat(64), "2".repeat(64), "3".repeat(64)]);
  t.deepEqual([...held].sort(), ["1".repeat(64), "2".repeat(64)]);
});
