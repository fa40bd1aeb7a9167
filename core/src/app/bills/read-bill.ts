import * as E from "fp-ts/lib/Either.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import { canonicalFields } from "../../bills/canonical-fields.js";
import { limitFields } from "../../bills/field-limits.js";
import type { Bill } from "../../bills/model.js";
import { detectDuplicate, duplicateKeys } from "../../duplicates/detect.js";
import { type Actor, SYSTEM_ACTOR } from "../../events/envelope.js";
import { billConfidence, carriesNumber } from "../../extraction/confidence.js";
import type { BankDetails, Extraction } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";
import { proposeBillAccount } from "../suppliers/bank-account.js";
import { bankDetailsChangedEvent, checkDestination } from "../suppliers/bank-change.js";
import { matchSupplier, namedBy } from "../suppliers/match-supplier.js";
import type { ReadBillDeps, ReadBillJob } from "./deps.js";
import { recordReadFailure } from "./fail-read.js";
import { moveBill, type Plan } from "./move-bill.js";
import { buyerOf, readDocument } from "./read-document.js";

/** What a read-bill run did. */
export type ReadOutcome = "PendingReview" | "ExtractionFailed" | "skipped";

/**
 * Reads a bill's document and records the outcome in one unit of work: the fields, confidences and reader,
 * the matched supplier and any duplicate -> PendingReview with `bill.pending_review` (and
 * `bill.duplicate_detected`); or ExtractionFailed with `bill.ocr_failed`. Idempotent: a bill no longer in
 * Extracting (a run after a crash, a second job) is left alone. Infrastructure failures throw (the job retries).
 */
export const readBill =
  (deps: ReadBillDeps) =>
  async (job: ReadBillJob): Promise<ReadOutcome> => {
    const scope = { clientId: job.clientId, organisationId: job.organisationId };
    const before = await deps.db.stores.bills.ofId(scope, job.billId);
    if (before === undefined || before.state !== "Extracting") return "skipped";
    const result = await readDocument(deps, job.clientId, before.document, await buyerOf(deps.db.stores, scope));
    return deps.db.run(async (s): Promise<ReadOutcome> => {
      await s.billLifecycles.lockBill(scope, job.billId);
      const bill = await s.bills.ofId(scope, job.billId);
      if (bill === undefined || bill.state !== "Extracting") return "skipped";
      if (E.isLeft(result)) {
        await recordReadFailure(s, deps, bill, result.left);
        return "ExtractionFailed";
      }
      const moved = await moveBill(deps, s, {
        scope,
        actor: SYSTEM_ACTOR,
        id: bill.id,
        trigger: "read-succeeded",
        plan: async () => E.right(await planReading(deps, s, bill, result.right)),
      });
      if (E.isLeft(moved)) throw new Error(moved.left.detail);
      return "PendingReview";
    });
  };

/**
 * Read bank details as they are kept: in canonical form when valid; as read, flagged, when they fail validation
 * (`invalid`). Valid details naming an account the supplier is not known by (neither its stored account nor one
 * its paid bills went to) set the bill's `bankDetailsChanged`, the fraud signal, with its event. Either flag puts
 * the field's confidence at 0, so review shows it and no confidence-based rule passes it silently.
 */
const reviewReadBankDetails = async (
  s: Pick<Stores, "bills">,
  scope: OrgScope,
  supplier: Supplier | undefined,
  details: BankDetails | null,
): Promise<{
  readonly details: BankDetails | null;
  readonly flag?: "invalid" | "changed";
  readonly known?: BankDetails | null;
}> => {
  if (details === null || (details.iban === null && details.accountNumber === null)) return { details };
  const verdict = validateBankDetails(details);
  if (!verdict.isValid) return { details, flag: "invalid" };
  const check = await checkDestination(s, scope, supplier, verdict.canonical);
  return check.changed
    ? { details: verdict.canonical, flag: "changed", known: check.known }
    : { details: verdict.canonical };
};

/** Who uploaded a bill (its `bill.created` event's actor; the system when none is found). */
const uploaderOf = async (s: Pick<Stores, "events">, bill: Bill): Promise<Actor> =>
  (await s.events.ofSubject(bill.clientId, "bill", bill.id)).find((e) => e.envelope.type === "bill.created")?.envelope
    .actor ?? SYSTEM_ACTOR;

/**
 * What a successful reading changes on the bill: its fields, confidences, reader, supplier and any duplicate.
 * Valid read details of a supplier without an account become its proposed account, proposed by the uploader.
 */
const planReading = async (
  deps: ReadBillDeps<never>,
  s: Pick<Stores, "bills" | "suppliers" | "events">,
  bill: Bill,
  extraction: Extraction,
): Promise<Plan> => {
  const scope = { clientId: bill.clientId, organisationId: bill.organisationId };
  const { fields, dropped } = limitFields(extraction.fields);
  if (dropped.length > 0) deps.warn?.({ billId: bill.id, dropped }, "over-long fields dropped from a reading");
  const confidence = Object.fromEntries(
    Object.entries(extraction.fieldConfidence).filter(([k]) => !dropped.includes(k)),
  ) as Record<string, number>;
  const match = await matchSupplier(s.suppliers, scope, fields, extraction.evidence);
  const supplier = match?.supplier;
  const named = namedBy(fields, confidence, match);
  const bank = await reviewReadBankDetails(s, scope, supplier, fields.bankDetails);
  if (bank.flag !== undefined) {
    confidence.bankDetails = 0;
    deps.warn?.({ billId: bill.id, flag: bank.flag }, "read bank details flagged for review");
  }
  if (bank.flag === undefined)
    await proposeBillAccount(s, scope, supplier, bank.details, await uploaderOf(s, bill), deps.clock.now());
  const otherEvents =
    bank.flag === "changed" && supplier !== undefined
      ? [bankDetailsChangedEvent(deps, scope, SYSTEM_ACTOR, supplier, bank.known ?? null, bank.details, bill.id)]
      : [];
  const read: Bill = {
    ...bill,
    fields: canonicalFields({ ...named.fields, bankDetails: bank.details }),
    confidence: named.changed ? billConfidence(confidence, carriesNumber(extraction)) : extraction.confidence,
    fieldConfidence: confidence,
    reader: extraction.reader,
    readFailure: null,
    supplierId: supplier?.id ?? null,
    supplierEvidence: match?.evidence ?? null,
  };
  const keys = duplicateKeys(read);
  const duplicate = detectDuplicate(read, await s.bills.duplicateCandidates(scope, { billId: read.id, ...keys }));
  const changes: Partial<Bill> = {
    fields: read.fields,
    confidence: read.confidence,
    fieldConfidence: read.fieldConfidence,
    reader: read.reader,
    readFailure: null,
    supplierId: read.supplierId,
    supplierEvidence: read.supplierEvidence,
    bankDetailsChanged: bank.flag === "changed",
  };
  if (duplicate === undefined) return { bill: changes, otherEvents };
  return {
    otherEvents,
    bill: {
      ...changes,
      duplicateOfBillId: duplicate.duplicateOfBillId,
      duplicateMatchBasis: duplicate.matchBasis,
      duplicateSameFile: duplicate.sameFile,
    },
    events: ["bill.duplicate_detected"],
    duplicate,
  };
};
