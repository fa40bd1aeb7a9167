import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor, OutboxEvent } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import {
  addAmounts,
  compareAmounts,
  isPositiveAmount,
  maxAmount,
  normalizeAmount,
  subtractAmounts,
  wireAmount,
} from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { cannotDetail, canTrigger, transition } from "../../shared/state-machine.js";
import { SUPPLIER_CREDIT_MACHINE, type SupplierCreditTrigger } from "../../supplier-credits/credit-note-machine.js";
import type { SupplierCreditNote, SupplierCreditStatus } from "../../supplier-credits/model.js";
import { applicationProblem, appliedAmount, issuedStatus, remainingAmount } from "../../supplier-credits/rules.js";
import type { SupplierCreditNoteJson } from "../../supplier-credits/views.js";
import type { ApprovalDeps } from "../approvals/deps.js";
import { billNotFound } from "../bills/bill-rules.js";
import { moveBill } from "../bills/move-bill.js";
import type { SupplierCreditApplicationBody, SupplierCreditNoteBody } from "./inputs.js";

/** The JSON of a note. */
export const supplierCreditNoteJson = (n: SupplierCreditNote): SupplierCreditNoteJson => {
  const { clientId: _c, createdAt, updatedAt, ...rest } = n;
  const money = (amount: string) => wireAmount(amount, n.currency);
  return {
    ...rest,
    amount: money(n.amount),
    applications: n.applications.map((a) => ({ ...a, amount: money(a.amount) })),
    amountApplied: money(appliedAmount(n)),
    amountRemaining: money(remainingAmount(n)),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
};

const noteNotFound = (): DomainError =>
  notFound("SupplierCreditNote.NotFound", "The supplier credit note does not exist.");
/** The note's move by the table: its next status, or a 409 naming its status. */
const moveNote = (
  n: SupplierCreditNote,
  trigger: SupplierCreditTrigger,
  applied?: SupplierCreditStatus,
): E.Either<DomainError, SupplierCreditStatus> =>
  E.map((m: { readonly to: SupplierCreditStatus }) => m.to)(
    transition(SUPPLIER_CREDIT_MACHINE, n.status, trigger, applied === undefined ? {} : { applied }),
  );

/** A 409 when the table has no row for `trigger` in the note's status (checked before anything else). */
const refused = (n: SupplierCreditNote, trigger: SupplierCreditTrigger, phrase: string): DomainError | undefined =>
  canTrigger(SUPPLIER_CREDIT_MACHINE, n.status, trigger)
    ? undefined
    : conflict("SupplierCreditNote.InvalidTransition", cannotDetail("SupplierCreditNote", n.status, phrase));

type Ctx = { readonly scope: OrgScope; readonly actor: Actor };

const noteEvent = (
  deps: ApprovalDeps<never>,
  note: SupplierCreditNote,
  actor: Actor,
  type: "supplier_credit_note.issued" | "supplier_credit.applied" | "supplier_credit.reversed",
  application?: { billId: string; amount: string },
): OutboxEvent => {
  const base = {
    ids: deps.ids,
    clock: deps.clock,
    clientId: note.clientId,
    organisationId: note.organisationId,
    actor,
  };
  const supplierCreditNote = supplierCreditNoteJson(note);
  if (type === "supplier_credit_note.issued") return makeEvent({ ...base, type, data: { supplierCreditNote } });
  if (application === undefined) throw new Error(`${type} needs its application`);
  return makeEvent({
    ...base,
    type,
    data: {
      supplierCreditNote,
      billId: application.billId,
      amount: wireAmount(application.amount, note.currency),
      currency: note.currency as never,
    },
  });
};

/** Drafts a credit note of a supplier. */
export const draftSupplierCreditNote =
  (deps: ApprovalDeps<"supplierCreditNotes" | "suppliers">) =>
  (
    { scope }: Ctx,
    supplierId: string,
    body: SupplierCreditNoteBody,
  ): TE.TaskEither<DomainError, SupplierCreditNoteJson> =>
  () =>
    deps.db.run(async (s) => {
      if ((await s.suppliers.ofId(scope, supplierId)) === undefined)
        return E.left(notFound("Supplier.NotFound", "The supplier does not exist."));
      if (!isPositiveAmount(body.amount))
        return E.left(validationError([{ field: "amount", code: "range", message: "amount must be above zero" }]));
      const now = deps.clock.now();
      const note: SupplierCreditNote = {
        id: deps.ids.next(),
        ...scope,
        supplierId,
        number: body.number ?? null,
        currency: body.currency,
        amount: normalizeAmount(body.amount),
        reason: body.reason ?? null,
        issueDate: body.issueDate ?? null,
        status: "Draft",
        applications: [],
        issuedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await s.supplierCreditNotes.add(note);
      return E.right(supplierCreditNoteJson(note));
    });

/** Issues a draft (`supplier_credit_note.issued`): from now on it can be applied. */
export const issueSupplierCreditNote =
  (deps: ApprovalDeps<"events" | "supplierCreditNotes">) =>
  ({ scope, actor }: Ctx, id: string): TE.TaskEither<DomainError, SupplierCreditNoteJson> =>
  () =>
    deps.db.run(async (s) => {
      await s.supplierCreditNotes.lock(scope, id);
      const note = await s.supplierCreditNotes.ofId(scope, id);
      if (note === undefined) return E.left(noteNotFound());
      const status = moveNote(note, "issue");
      if (E.isLeft(status)) return status;
      const now = deps.clock.now();
      const issued: SupplierCreditNote = { ...note, status: status.right, issuedAt: now.toISOString(), updatedAt: now };
      await s.supplierCreditNotes.update(issued);
      await s.events.append([noteEvent(deps, issued, actor, "supplier_credit_note.issued")]);
      return E.right(supplierCreditNoteJson(issued));
    });

/** What a bill still owes: its total less the credit applied (never below zero). */
const owes = (bill: Bill, credited: string): string | undefined =>
  bill.fields.totalAmount === null ? undefined : maxAmount("0", subtractAmounts(bill.fields.totalAmount, credited));

/** Moves the bill's credit by `delta` (positive: applied, negative: reversed) and records the bill's event. */
const creditBill = async (
  deps: ApprovalDeps<never>,
  s: Stores,
  scope: OrgScope,
  bill: Bill,
  delta: string,
  actor: Actor,
): Promise<E.Either<DomainError, void>> => {
  const moved = await moveBill(deps, s, {
    scope,
    actor,
    id: bill.id,
    trigger: compareAmounts(delta, "0") > 0 ? "credit" : "reverse-credit",
    plan: (_s, _bill, lifecycle) =>
      E.right({ lifecycle: { amountCredited: addAmounts(lifecycle.amountCredited, delta) } }),
  });
  if (E.isLeft(moved)) return moved;
  return E.right(undefined);
};

/**
 * Applies part of an issued note to a bill of the same supplier and currency (`supplier_credit.applied` and
 * `bill.credited`): never more than the note has left nor more than the bill owes. Note and bill rows are
 * locked, so concurrent applications cannot together overdraw either.
 */
export const applySupplierCredit =
  (deps: ApprovalDeps) =>
  (
    { scope, actor }: Ctx,
    id: string,
    body: SupplierCreditApplicationBody,
  ): TE.TaskEither<DomainError, SupplierCreditNoteJson> =>
  () =>
    deps.db.run(async (s) => {
      const billId = body.billId.toLowerCase();
      await s.supplierCreditNotes.lock(scope, id);
      await s.billLifecycles.lockBill(scope, billId);
      const note = await s.supplierCreditNotes.ofId(scope, id);
      if (note === undefined) return E.left(noteNotFound());
      const notNow = refused(note, "apply", "be applied before it is issued");
      if (notNow !== undefined) return E.left(notNow);
      const bill = await s.bills.ofId(scope, billId);
      if (bill === undefined)
        return E.left(
          validationError([
            { field: "billId", code: "not_found", message: "billId is not a bill of this organisation" },
          ]),
        );
      if (bill.supplierId !== note.supplierId)
        return E.left(
          validationError([{ field: "billId", code: "supplier", message: "the bill is not from the note's supplier" }]),
        );
      if (bill.fields.currency !== note.currency)
        return E.left(
          validationError([{ field: "billId", code: "currency", message: `the bill is not in ${note.currency}` }]),
        );
      // What the bill still owes: its total less the credit applied and what was paid in part.
      const lifecycle = await s.billLifecycles.ofBill(scope, billId);
      const billOwes = owes(bill, addAmounts(lifecycle?.amountCredited ?? "0", lifecycle?.amountPaid ?? "0"));
      if (billOwes === undefined)
        return E.left(validationError([{ field: "billId", code: "total", message: "the bill has no total yet" }]));
      const amount = normalizeAmount(body.amount);
      const problem = applicationProblem(note, amount, billOwes);
      if (problem !== undefined) return E.left(conflict("SupplierCreditNote.Overapplied", problem));
      const now = deps.clock.now();
      const applications = [
        ...note.applications,
        {
          id: deps.ids.next(),
          billId,
          amount,
          status: "Applied" as const,
          appliedAt: now.toISOString(),
          reversedAt: null,
          actor,
        },
      ];
      const status = moveNote(note, "apply", issuedStatus({ ...note, applications }));
      if (E.isLeft(status)) return status;
      const credit = await creditBill(deps, s, scope, bill, amount, actor);
      if (E.isLeft(credit)) return credit;
      const next: SupplierCreditNote = { ...note, applications, status: status.right, updatedAt: now };
      await s.supplierCreditNotes.update(next);
      await s.events.append([noteEvent(deps, next, actor, "supplier_credit.applied", { billId, amount })]);
      return E.right(supplierCreditNoteJson(next));
    });

/** Reverses an application (`supplier_credit.reversed`): the note gets the amount back and the bill owes it again. */
export const reverseSupplierCredit =
  (deps: ApprovalDeps) =>
  ({ scope, actor }: Ctx, id: string, applicationId: string): TE.TaskEither<DomainError, SupplierCreditNoteJson> =>
  () =>
    deps.db.run(async (s) => {
      await s.supplierCreditNotes.lock(scope, id);
      const note = await s.supplierCreditNotes.ofId(scope, id);
      if (note === undefined) return E.left(noteNotFound());
      const application = note.applications.find((a) => a.id === applicationId);
      if (application === undefined)
        return E.left(notFound("SupplierCreditApplication.NotFound", "The application does not exist."));
      if (application.status === "Reversed")
        return E.left(conflict("SupplierCreditApplication.InvalidTransition", "The application is already reversed."));
      await s.billLifecycles.lockBill(scope, application.billId);
      const bill = await s.bills.ofId(scope, application.billId);
      if (bill === undefined) return E.left(billNotFound());
      const now = deps.clock.now();
      const applications = note.applications.map((a) =>
        a.id === applicationId ? { ...a, status: "Reversed" as const, reversedAt: now.toISOString() } : a,
      );
      const status = moveNote(note, "reverse", issuedStatus({ ...note, applications }));
      if (E.isLeft(status)) return status;
      const credit = await creditBill(deps, s, scope, bill, `-${application.amount}`, actor);
      if (E.isLeft(credit)) return credit;
      const next: SupplierCreditNote = { ...note, applications, status: status.right, updatedAt: now };
      await s.supplierCreditNotes.update(next);
      await s.events.append([
        noteEvent(deps, next, actor, "supplier_credit.reversed", {
          billId: application.billId,
          amount: application.amount,
        }),
      ]);
      return E.right(supplierCreditNoteJson(next));
    });

/** Deletes a draft (an issued note is a record: it stays). */
export const deleteSupplierCreditNote =
  (deps: ApprovalDeps<"supplierCreditNotes">) =>
  ({ scope }: Ctx, id: string): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s) => {
      const note = await s.supplierCreditNotes.ofId(scope, id);
      if (note === undefined) return E.left(noteNotFound());
      const status = moveNote(note, "delete");
      if (E.isLeft(status)) return status;
      await s.supplierCreditNotes.remove(scope, id);
      return E.right(undefined);
    });

/** A note of the organisation. */
export const getSupplierCreditNote =
  (deps: ApprovalDeps<"supplierCreditNotes">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, SupplierCreditNoteJson> =>
  async () => {
    const note = await deps.db.stores.supplierCreditNotes.ofId(scope, id);
    return note === undefined ? E.left(noteNotFound()) : E.right(supplierCreditNoteJson(note));
  };

/** One page of the organisation's notes (oldest first). */
export const listSupplierCreditNotes =
  (deps: ApprovalDeps<"supplierCreditNotes">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<SupplierCreditNote>> =>
  async () =>
    E.right(await deps.db.stores.supplierCreditNotes.list(scope, page));

/** The bill JSON after credit (for callers that show the bill). */
export const creditedBillJson = async (
  s: Pick<Stores, "billLifecycles" | "bills">,
  scope: OrgScope,
  billId: string,
) => {
  const bill = await s.bills.ofId(scope, billId);
  return bill === undefined ? undefined : billJson(bill, await s.billLifecycles.ofBill(scope, billId));
};
