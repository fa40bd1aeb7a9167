import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillDeps, type ReadBillJob } from "./deps.js";
import { referencedDocuments } from "./document-references.js";
import { failStuckReads } from "./fail-read.js";
import { readBillAttempt } from "./read-bill-job.js";
import { ReadBillPayload } from "./read-bill-payload.js";

/** Job types of the bills part's sweeps. */
export const SWEEP_STUCK_READS_JOB = "sweep-stuck-reads";
export const SWEEP_DOCUMENTS_JOB = "sweep-documents";

/** `read-bill`: one attempt at reading an uploaded bill's document. */
export const readBillJob: JobDefinition<typeof READ_BILL_JOB, ReadBillDeps, ReadBillJob> = {
  type: READ_BILL_JOB,
  payload: ReadBillPayload,
  run: (deps) => {
    const read = readBillAttempt(deps);
    return async (payload, job) => ({ billId: payload.billId, outcome: await read(payload, job) });
  },
};

/** `sweep-stuck-reads`: bills in Extracting with no reading left go to ExtractionFailed. */
export const sweepStuckReadsJob: JobDefinition<typeof SWEEP_STUCK_READS_JOB, BillDeps, null> = {
  type: SWEEP_STUCK_READS_JOB,
  payload: t.null,
  run: (deps) => {
    const failStuck = failStuckReads(deps);
    return async () => ({ failed: await failStuck() });
  },
};

/** What the document sweep needs: the bills' stores and the document store's sweep. */
export interface SweepDocumentsDeps extends Pick<BillDeps, "db" | "clock"> {
  readonly sweep: (
    now: Date,
    referenced: (sha256s: readonly string[]) => Promise<ReadonlySet<string>>,
  ) => Promise<Readonly<Record<string, number>>>;
}

/** `sweep-documents`: removes document files no bill refers to. */
export const sweepDocumentsJob: JobDefinition<typeof SWEEP_DOCUMENTS_JOB, SweepDocumentsDeps, null> = {
  type: SWEEP_DOCUMENTS_JOB,
  payload: t.null,
  run: (deps) => async () => deps.sweep(deps.clock.now(), referencedDocuments(deps.db.stores)),
};
