import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { BillTrigger } from "../../bills/bill-machine.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { OrgScope } from "../../ports/scope.js";
import type { DomainError } from "../../shared/errors.js";
import { billEvents } from "./bill-events.js";
import { loadBill, moveBill } from "./bill-rules.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillJob } from "./deps.js";

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
    deps.db.run(async (s): Promise<E.Either<DomainError, BillJson>> => {
      await s.billLifecycles.lockBill(input.scope, input.id);
      const loaded = await loadBill(s, input.scope, input.id);
      if (E.isLeft(loaded)) return loaded;
      const move = moveBill(loaded.right, trigger);
      if (E.isLeft(move)) return move;
      const now = deps.clock.now();
      const moved: Bill = { ...loaded.right, ...change(loaded.right), state: move.right.to, updatedAt: now };
      await s.bills.update(moved);
      // Public approval links die when the bill leaves NeedsApproval (voiding it is one way).
      if (loaded.right.state === "NeedsApproval" && moved.state !== "NeedsApproval")
        await s.approvalLinks.revokeForBill(input.scope, moved.id, now);
      const lifecycle = await s.billLifecycles.ofBill(input.scope, moved.id);
      await s.events.append(billEvents(deps, moved, move.right.events, input.actor, undefined, lifecycle));
      if (enqueueRead) {
        const job: ReadBillJob = { ...input.scope, billId: moved.id };
        await s.jobs.enqueue({ type: READ_BILL_JOB, payload: job }, now);
      }
      return E.right(billJson(moved, lifecycle));
    });

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
