import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { BillTrigger } from "../../bills/bill-machine.js";
import type { BillJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillJob } from "./deps.js";
import { type AfterMove, moveBill } from "./move-bill.js";

/** Who acts on which bill. */
export interface BillAction {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
}

const act =
  (deps: BillDeps, trigger: BillTrigger, change: (bill: Bill) => Partial<Bill>, enqueueRead = false) =>
  (input: BillAction): TE.TaskEither<DomainError, BillJson> =>
  () =>
    deps.db.run((s) =>
      moveBill(deps, s, {
        ...input,
        trigger,
        plan: (_s, bill) => E.right({ bill: change(bill) }),
        ...(enqueueRead ? { after: enqueueReading } : {}),
      }),
    );

const enqueueReading: AfterMove = async (s, bill, _lifecycle, _from, now) => {
  const job: ReadBillJob = { clientId: bill.clientId, organisationId: bill.organisationId, billId: bill.id };
  await s.jobs.enqueue({ type: READ_BILL_JOB, payload: job }, now);
};

/** Voids a bill (terminal) from ExtractionFailed, PendingReview, NeedsApproval or Rejected: `bill.voided`. */
export const voidBill = (deps: BillDeps) => (input: BillAction & { readonly reason?: string | null }) =>
  act(deps, "void", () => ({ voidReason: input.reason ?? null }))(input);

/** Reads a bill that failed extraction again: back to Extracting with a new read-bill job. */
export const retryBillReading = (deps: BillDeps) => act(deps, "retry-ocr", () => ({ readFailure: null }), true);

/**
 * Resolves a duplicate flag: the bill is no longer a possible duplicate (`bill.updated`; the catalog has no
 * event of its own for this). The earlier finding stays in the history.
 */
export const dismissDuplicate = (deps: BillDeps) =>
  act(deps, "dismiss-duplicate", () => ({
    duplicateOfBillId: null,
    duplicateMatchBasis: null,
    duplicateSameFile: false,
  }));
