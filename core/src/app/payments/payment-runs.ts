import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import { billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { PaymentAccount } from "../../payments/pain001.js";
import { controlSum, pain001 } from "../../payments/pain001.js";
import { batchOf, type PaymentRun, type PaymentRunItem, runStatusOf } from "../../payments/payment-run.js";
import type { Stores } from "../../ports/stores.js";
import { type Currency, isCurrency } from "../../shared/currencies.js";
import {
  conflict,
  type DomainError,
  domainError,
  type FieldError,
  notFound,
  validationError,
} from "../../shared/errors.js";
import { compareAmounts } from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { moveWithin } from "../approvals/bill-lifecycle.js";
import type { CoreDeps } from "../deps.js";
import { confirmedPayee } from "../suppliers/bank-account.js";
import { type CreatePaymentRunBody, MAX_RUN_BILLS } from "./inputs.js";

// Payment runs: Approved and Scheduled bills into ISO 20022 pain.001 files, one per currency, paid from one of the
// organisation's own accounts. Each bill moves to PaymentInProgress through the bill machine in the same unit of
// work that stores the run; the bank's confirmation (a statement debit, or a person) moves it to Paid, a return
// back to Scheduled. Moves may touch any store (moveBill's hooks), so these use cases take every store.

/** The answer for a missing run (or another organisation's: tenancy answers the same). */
export const paymentRunNotFound = (): DomainError => notFound("PaymentRun.NotFound", "The payment run does not exist.");

const PAYABLE: ReadonlySet<Bill["state"]> = new Set(["Approved", "Scheduled"]);

/** The bills due by `dueBy`: Approved ones by their due date, Scheduled ones by their payment date. */
const dueBillIds = async (s: Stores, scope: OrgScope, dueBy: string): Promise<string[] | DomainError> => {
  const ids: string[] = [];
  for (const state of ["Approved", "Scheduled"] as const) {
    let after: string | undefined;
    for (;;) {
      const page = await s.bills.list(scope, { state }, { limit: 100, ...(after === undefined ? {} : { after }) });
      const lifecycles = new Map(
        (
          await s.billLifecycles.ofBills(
            scope,
            page.items.map((b) => b.id),
          )
        ).map((l) => [l.billId, l]),
      );
      for (const bill of page.items) {
        const date = state === "Scheduled" ? lifecycles.get(bill.id)?.paymentDate : bill.fields.dueDate;
        if (date !== null && date !== undefined && date <= dueBy) ids.push(bill.id);
      }
      if (ids.length > MAX_RUN_BILLS)
        return validationError([
          {
            field: "dueBy",
            code: "too_many",
            message: `more than ${MAX_RUN_BILLS} bills are due: choose an earlier date or name the bills`,
          },
        ]);
      const last = page.items.at(-1);
      if (!page.hasMore || last === undefined) break;
      after = last.id;
    }
  }
  return ids;
};

const present = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value.trim() !== "";

/** Where a bill is paid: its supplier's confirmed bank account (dual control), the only one a run's file carries. */
const creditorOf = async (s: Stores, scope: OrgScope, bill: Bill): Promise<PaymentAccount | undefined> => {
  const payee = await confirmedPayee(s, scope, bill);
  if (E.isLeft(payee)) return undefined;
  const verdict = validateBankDetails(payee.right.bankDetails);
  if (!verdict.isValid) return undefined;
  const canonical = verdict.canonical;
  if (!present(canonical.iban) && !present(canonical.accountNumber)) return undefined;
  return {
    name: payee.right.name,
    iban: present(canonical.iban) ? canonical.iban : null,
    accountNumber: present(canonical.accountNumber) ? canonical.accountNumber : null,
    bic: present(canonical.bicSwift) ? canonical.bicSwift : null,
    country: canonical.country ?? null,
  };
};

interface Planned {
  readonly bill: Bill;
  readonly currency: Currency;
  readonly item: PaymentRunItem;
}

/** A bill's transfer, or why it cannot be paid (a field error naming its place in the request). */
const planTransfer = async (s: Stores, scope: OrgScope, bill: Bill, field: string): Promise<Planned | FieldError> => {
  const currency = bill.fields.currency;
  if (currency === null || !isCurrency(currency))
    return { field, code: "no_currency", message: `bill ${bill.id} has no currency` };
  const due = billJson(bill, await s.billLifecycles.ofBill(scope, bill.id)).amountDue;
  if (due === null || compareAmounts(due, "0") <= 0)
    return { field, code: "nothing_due", message: `bill ${bill.id} has no amount due` };
  const creditor = await creditorOf(s, scope, bill);
  if (creditor === undefined)
    return {
      field,
      code: "no_bank_details",
      message: `bill ${bill.id}: neither its supplier nor the bill has valid bank details`,
    };
  const reference = bill.fields.paymentRef ?? bill.fields.invoiceNumber;
  return {
    bill,
    currency,
    item: {
      billId: bill.id,
      endToEndId: bill.id.replace(/-/g, ""),
      supplierName: creditor.name,
      amount: due,
      creditor,
      reference: present(reference) ? reference : null,
      status: "InProgress",
      returnReason: null,
    },
  };
};

/** The input of `createPaymentRuns`. */
export interface CreatePaymentRuns {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly body: CreatePaymentRunBody;
}

/**
 * Puts bills into payment runs (one per currency) and moves each to PaymentInProgress (`bill.payment_in_progress`),
 * all in one unit of work: every bill is checked before anything is written, so a refusal changes nothing.
 */
export const createPaymentRuns =
  (deps: CoreDeps) =>
  ({ scope, actor, body }: CreatePaymentRuns): TE.TaskEither<DomainError, PaymentRun[]> =>
  async () => {
    if ((body.billIds === undefined) === (body.dueBy === undefined))
      return E.left(
        validationError([{ field: "billIds", code: "one_of", message: "give billIds or dueBy (one of them)" }]),
      );
    if (body.billIds !== undefined && (body.billIds.length === 0 || body.billIds.length > MAX_RUN_BILLS))
      return E.left(
        validationError([{ field: "billIds", code: "length", message: `takes 1 to ${MAX_RUN_BILLS} bill ids` }]),
      );
    const now = deps.clock.now();
    const today = now.toISOString().slice(0, 10);
    const executionDate = body.executionDate ?? today;
    if (executionDate < today)
      return E.left(validationError([{ field: "executionDate", code: "past", message: "must not be in the past" }]));
    return deps.db.run(async (s): Promise<E.Either<DomainError, PaymentRun[]>> => {
      const identity = await s.sellerIdentities.ofOrganisation(scope);
      const wanted = body.debtorIban?.replace(/\s/g, "").toUpperCase();
      const account = (identity?.bankAccounts ?? []).find((a) => wanted === undefined || a.iban === wanted);
      if (identity === undefined || account === undefined)
        return E.left(
          conflict(
            "PaymentRun.NoDebtorAccount",
            wanted === undefined
              ? "The organisation has no bank account to pay from: add one to its seller identity (PUT /v1/seller-identity)."
              : "debtorIban is not one of the organisation's bank accounts (its seller identity's).",
          ),
        );
      const found = body.billIds ?? (await dueBillIds(s, scope, body.dueBy as string));
      if (!Array.isArray(found)) return E.left(found as DomainError);
      const ids = [...new Set(found.map((id) => id.toLowerCase()))];
      if (ids.length === 0)
        return E.left(conflict("PaymentRun.NothingToPay", "No Approved or Scheduled bill is due by that date."));
      const planned: Planned[] = [];
      const problems: FieldError[] = [];
      for (const [index, id] of ids.entries()) {
        await s.billLifecycles.lockBill(scope, id);
        const bill = await s.bills.ofId(scope, id);
        if (bill === undefined) return E.left(notFound("Bill.NotFound", `The bill ${id} does not exist.`));
        if (!PAYABLE.has(bill.state))
          return E.left(
            conflict(
              "Bill.InvalidTransition",
              `The bill ${id} is ${bill.state}: only Approved or Scheduled bills are paid.`,
            ),
          );
        const payee = await confirmedPayee(s, scope, bill);
        if (E.isLeft(payee)) return payee;
        const plan = await planTransfer(s, scope, bill, body.billIds === undefined ? "dueBy" : `billIds[${index}]`);
        if ("item" in plan) planned.push(plan);
        else problems.push(plan);
      }
      if (problems.length > 0)
        return E.left(domainError("Conflict", "PaymentRun.CannotPay", "Some bills cannot be paid.", problems));
      const debtor: PaymentAccount = {
        name: account.accountName ?? identity.legalName,
        iban: account.iban,
        accountNumber: null,
        bic: account.bic,
        country: identity.countryCode,
      };
      const runs: PaymentRun[] = [];
      for (const currency of [...new Set(planned.map((p) => p.currency))].sort()) {
        const items = planned.filter((p) => p.currency === currency).map((p) => p.item);
        const id = deps.ids.next();
        runs.push({
          id,
          clientId: scope.clientId,
          organisationId: scope.organisationId,
          status: "InProgress",
          currency,
          executionDate,
          debtor,
          messageId: id.replace(/-/g, ""),
          controlSum: controlSum({ currency, transfers: items }),
          items,
          createdAt: now,
          updatedAt: now,
        });
      }
      for (const p of planned) {
        const moved = await moveWithin(
          deps,
          s,
          "start-payment",
          () => E.right({ lifecycle: { paymentDate: executionDate, paymentMethod: "BankTransfer" } }),
          { scope, actor, id: p.bill.id },
        );
        if (E.isLeft(moved)) throw new Error(`a checked bill did not move: ${moved.left.code}`);
      }
      for (const run of runs) await s.paymentRuns.insert(run);
      return E.right(runs);
    });
  };

/** A run of the organisation, or PaymentRun.NotFound. */
export const getPaymentRun =
  (deps: CoreDeps<"paymentRuns">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, PaymentRun> =>
  async () => {
    const run = await deps.db.stores.paymentRuns.ofId(scope, id);
    return run === undefined ? E.left(paymentRunNotFound()) : E.right(run);
  };

/** The organisation's runs in creation order. */
export const listPaymentRuns =
  (deps: CoreDeps<"paymentRuns">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<PaymentRun>> =>
  async () =>
    E.right(await deps.db.stores.paymentRuns.list(scope, page));

/** A run's pain.001.001.09 file, written from the stored run (the same bytes every time). */
export const paymentRunFile =
  (deps: CoreDeps<"paymentRuns" | "sellerIdentities">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, { filename: string; xml: string }> =>
  async () => {
    const run = await deps.db.stores.paymentRuns.ofId(scope, id);
    if (run === undefined) return E.left(paymentRunNotFound());
    const identity = await deps.db.stores.sellerIdentities.ofOrganisation(scope);
    return E.right({
      filename: `payment-run-${run.id}.xml`,
      xml: pain001(batchOf(run, identity?.legalName ?? run.debtor.name)),
    });
  };

/** How the bank answered one transfer: paid (a statement debit, or a person), or returned with a reason. */
export type TransferOutcome = { readonly outcome: "paid" } | { readonly outcome: "returned"; readonly reason: string };

/**
 * Settles one bill of a run inside the caller's unit of work: Paid (`bill.paid`) or back to Scheduled
 * (`bill.scheduled`), and the run's item with it (the run is Completed once none is at the bank). A bill that is
 * not at the bank in this run answers PaymentRun.NotInProgress.
 */
export const settleTransferWithin = async (
  deps: CoreDeps,
  s: Stores,
  input: { scope: OrgScope; actor: Actor; runId: string; billId: string } & TransferOutcome,
): Promise<E.Either<DomainError, PaymentRun>> => {
  const { scope } = input;
  await s.paymentRuns.lock(scope, input.runId);
  const run = await s.paymentRuns.ofId(scope, input.runId);
  if (run === undefined) return E.left(paymentRunNotFound());
  const item = run.items.find((i) => i.billId === input.billId);
  if (item === undefined) return E.left(notFound("PaymentRun.BillNotFound", "The run does not pay that bill."));
  if (item.status !== "InProgress")
    return E.left(conflict("PaymentRun.NotInProgress", `The bill's transfer is already ${item.status}.`));
  const now = deps.clock.now();
  const moved =
    input.outcome === "paid"
      ? await moveWithin(deps, s, "confirm-payment", () => E.right({ lifecycle: { paidAt: now.toISOString() } }), {
          scope,
          actor: input.actor,
          id: input.billId,
        })
      : await moveWithin(deps, s, "return-payment", () => E.right({}), {
          scope,
          actor: input.actor,
          id: input.billId,
        });
  if (E.isLeft(moved)) return moved;
  const items = run.items.map((i) =>
    i.billId !== input.billId
      ? i
      : {
          ...i,
          status: input.outcome === "paid" ? ("Paid" as const) : ("Returned" as const),
          returnReason: input.outcome === "returned" ? input.reason : null,
        },
  );
  const next: PaymentRun = { ...run, items, status: runStatusOf(items), updatedAt: now };
  await s.paymentRuns.update(next);
  return E.right(next);
};

/** Settles one bill of a run in a unit of work of its own (the routes' confirm and return). */
export const settleTransfer =
  (deps: CoreDeps) =>
  (
    input: { scope: OrgScope; actor: Actor; runId: string; billId: string } & TransferOutcome,
  ): TE.TaskEither<DomainError, PaymentRun> =>
  () =>
    deps.db.run((s) => settleTransferWithin(deps, s, input));

/**
 * The bank's confirmation of a transfer by its end-to-end id (a statement debit): the bill's run settles it as
 * paid. Answers undefined when the id is not one of this organisation's transfers at the bank.
 */
export const confirmTransferByEndToEndId = async (
  deps: CoreDeps,
  s: Stores,
  scope: OrgScope,
  actor: Actor,
  billId: string,
): Promise<PaymentRun | undefined> => {
  const run = await s.paymentRuns.ofBill(scope, billId);
  if (run === undefined || run.items.find((i) => i.billId === billId)?.status !== "InProgress") return undefined;
  const settled = await settleTransferWithin(deps, s, { scope, actor, runId: run.id, billId, outcome: "paid" });
  return E.isRight(settled) ? settled.right : undefined;
};
