import * as E from "fp-ts/lib/Either.js";
import type { Bill } from "../../bills/model.js";
import { SYSTEM_ACTOR } from "../../events/envelope.js";
import type { ReadFailure } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillJob } from "./deps.js";
import { moveBill } from "./move-bill.js";
import { ReadBillTarget } from "./read-bill-payload.js";

/** Inside a unit of work: a bill in Extracting goes to ExtractionFailed with the failure and `bill.ocr_failed`. */
export const recordReadFailure = async (
  s: Stores,
  deps: Pick<BillDeps, "ids" | "clock">,
  bill: Bill,
  failure: ReadFailure,
): Promise<void> => {
  const scope = { clientId: bill.clientId, organisationId: bill.organisationId };
  const moved = await moveBill(deps, s, {
    scope,
    actor: SYSTEM_ACTOR,
    id: bill.id,
    trigger: "read-failed",
    plan: () => E.right({ bill: { readFailure: failure } }),
  });
  if (E.isLeft(moved)) throw new Error(moved.left.detail);
};

/**
 * Fails a bill's reading in one transaction (state and event together) when it is still in Extracting; answers
 * whether it did. For a read job's last failed attempt, whatever failed, and for the sweep below.
 */
export const failBillRead =
  (deps: BillDeps) =>
  (job: ReadBillJob, failure: ReadFailure): Promise<boolean> =>
    deps.db.run(async (s) => {
      const bill = await s.bills.ofId({ clientId: job.clientId, organisationId: job.organisationId }, job.billId);
      if (bill === undefined || bill.state !== "Extracting") return false;
      await recordReadFailure(s, deps, bill, failure);
      return true;
    });

/** How long a bill must have been in Extracting before the sweep looks at it (covers clock skew and commits). */
export const STUCK_READ_GRACE_MS = 10 * 60_000;

/**
 * The sweep of readings nobody will finish: bills in Extracting for longer than the grace with no read-bill job
 * that may still run (a worker killed on the last attempt, a job lost) go to ExtractionFailed with
 * `bill.ocr_failed`. The live jobs are read first: a job enqueued after that belongs to a bill changed after it,
 * which the grace leaves alone. Answers how many bills it failed.
 */
export const failStuckReads =
  (deps: BillDeps, batch = 100) =>
  async (): Promise<number> => {
    const now = deps.clock.now();
    const live = new Set(
      (await deps.db.stores.jobs.livePayloads(READ_BILL_JOB, now)).flatMap((p) => {
        const decoded = ReadBillTarget.decode(p);
        return E.isRight(decoded) ? [decoded.right.billId] : [];
      }),
    );
    const stale = await deps.db.stores.bills.staleInExtracting(new Date(now.getTime() - STUCK_READ_GRACE_MS), batch);
    let failed = 0;
    for (const bill of stale) {
      if (live.has(bill.id)) continue;
      const job = { clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id };
      const failure: ReadFailure = { reason: "unreadable", detail: "no reading of this bill is left to run" };
      if (await failBillRead(deps)(job, failure)) failed += 1;
    }
    return failed;
  };
