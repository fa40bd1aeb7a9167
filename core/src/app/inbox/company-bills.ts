import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { BillLifecycleView } from "../../approvals/views.js";
import { billJson, billMembers, SupplierEvidencePart } from "../../bills/bill-view.js";
import { canonicalFields } from "../../bills/canonical-fields.js";
import { type Bill, UNREAD_BILL } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { CompanyBill } from "../../inbox/company-bill.js";
import { COMPANY_BILL_MACHINE } from "../../inbox/company-bill-machine.js";
import type { DocumentReader } from "../../ports/document-reader.js";
import type { StoreName } from "../../ports/stores.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import { transition } from "../../shared/state-machine.js";
import { billEvents } from "../bills/bill-events.js";
import { READ_BILL_JOB, type ReadBillJob } from "../bills/deps.js";
import { buyerOfCompany, readDocument } from "../bills/read-document.js";
import { type CompanyVisibility, companyNotFound, visibleCompany } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";
import type { ForwardDeps, ReadCompanyBillJob } from "./receive-forward.js";

/** A waiting bill as GET /v1/companies/{companyId}/bills/{billId} answers it: a bill without organisation. */
export const CompanyBillView = t.exact(
  t.intersection([t.type({ ...billMembers(t.null), companyId: Uuid }), SupplierEvidencePart, BillLifecycleView]),
  "CompanyBill",
);
export type CompanyBillJson = t.TypeOf<typeof CompanyBillView>;

/** The JSON of a bill waiting for its organisation (the bill's own shape, `organisationId` null). */
export const companyBillJson = (bill: CompanyBill): CompanyBillJson => {
  const { companyId, ...rest } = bill;
  return { ...billJson({ ...rest, organisationId: "" }), organisationId: null, companyId };
};

const companyBillNotFound = (): DomainError =>
  notFound("Bill.NotFound", "The company has no bill waiting for an organisation with this id.");

export interface CompanyBillInput {
  readonly clientId: string;
  readonly companyId: string;
  readonly billId: string;
  /** The caller's organisations when it is not a client administrator. */
  readonly visibleTo?: CompanyVisibility;
}

/** A bill of the company still waiting for its organisation; `Company.NotFound` / `Bill.NotFound` otherwise. */
export const getCompanyBill =
  (deps: InboxDeps<"companies" | "companyBills">) =>
  (input: CompanyBillInput): TE.TaskEither<DomainError, CompanyBill> =>
  async () => {
    const s = deps.db.stores;
    if ((await visibleCompany(s, input)) === undefined) return E.left(companyNotFound());
    const bill = await s.companyBills.ofId(input.clientId, input.companyId, input.billId);
    return bill === undefined ? E.left(companyBillNotFound()) : E.right(bill);
  };

/** What reading a waiting bill needs. */
export interface ReadCompanyBillDeps<K extends StoreName = StoreName> extends ForwardDeps<K> {
  readonly reader: DocumentReader;
  readonly readMethodFor: (clientId: string) => "ocr" | "llm";
  /** A reading that takes longer fails the bill with reason `timeout`, as an organisation's bill's does. */
  readonly readTimeoutMs: number;
}

/**
 * Reads a waiting bill's document (no supplier match or duplicate check: both belong to an organisation and
 * run when it is assigned one). Idempotent: a bill no longer in Extracting is left alone.
 */
export const readCompanyBill =
  (deps: ReadCompanyBillDeps<"companyBills" | "companies">) =>
  async (job: ReadCompanyBillJob): Promise<"PendingReview" | "ExtractionFailed" | "skipped"> => {
    const before = await deps.db.stores.companyBills.ofId(job.clientId, job.companyId, job.billId);
    if (before === undefined || before.state !== "Extracting") return "skipped";
    const buyer = await buyerOfCompany(deps.db.stores, job.clientId, job.companyId);
    const result = await readDocument(deps, job.clientId, before.document, buyer);
    return deps.db.run(async (s) => {
      const bill = await s.companyBills.ofId(job.clientId, job.companyId, job.billId);
      if (bill === undefined || bill.state !== "Extracting") return "skipped";
      const moved = transition(
        COMPANY_BILL_MACHINE,
        bill.state,
        E.isLeft(result) ? "read-failed" : "read-succeeded",
        undefined,
      );
      if (E.isLeft(moved)) throw new Error(moved.left.detail);
      const now = deps.clock.now();
      const read: CompanyBill = E.isLeft(result)
        ? { ...bill, state: moved.right.to, readFailure: result.left, updatedAt: now }
        : {
            ...bill,
            state: moved.right.to,
            fields: canonicalFields(result.right.fields),
            confidence: result.right.confidence,
            fieldConfidence: { ...result.right.fieldConfidence } as Record<string, number>,
            reader: result.right.reader,
            readFailure: null,
            updatedAt: now,
          };
      await s.companyBills.update(read);
      return read.state as "PendingReview" | "ExtractionFailed";
    });
  };

export interface AssignCompanyBillInput extends CompanyBillInput {
  /** One of the company's organisations. */
  readonly organisationId: string;
  readonly actor: Actor;
}

/**
 * Moves a waiting bill into one of the company's organisations, keeping its id: from there it is a bill like
 * an uploaded one (`bill.created`, then reading again in the organisation with its supplier match and
 * duplicate check, `bill.pending_review` or `bill.ocr_failed`). All of it commits together.
 */
export const assignCompanyBill =
  (deps: InboxDeps<"bills" | "companies" | "companyBills" | "events" | "jobs">) =>
  (input: AssignCompanyBillInput): TE.TaskEither<DomainError, Bill> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, Bill>> => {
      const company = await s.companies.ofId(input.clientId, input.companyId);
      if (company === undefined) return E.left(companyNotFound());
      const waiting = await s.companyBills.ofId(input.clientId, input.companyId, input.billId);
      if (waiting === undefined) return E.left(companyBillNotFound());
      if (!company.organisationIds.includes(input.organisationId))
        return E.left(
          validationError([
            { field: "organisationId", code: "NotFound", message: "Give one of the company's organisations." },
          ]),
        );
      const now = deps.clock.now();
      const bill: Bill = {
        id: waiting.id,
        clientId: waiting.clientId,
        organisationId: input.organisationId,
        ...UNREAD_BILL,
        document: waiting.document,
        createdAt: now,
        updatedAt: now,
      };
      await s.companyBills.remove(input.clientId, input.companyId, input.billId);
      await s.bills.add(bill);
      await s.events.append(billEvents(deps, bill, ["bill.created"], input.actor));
      const job: ReadBillJob = { clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id };
      await s.jobs.enqueue({ type: READ_BILL_JOB, payload: job }, now);
      return E.right(bill);
    });
