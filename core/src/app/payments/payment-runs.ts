import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import { billJson } from "../../bills/bill-view.js";
import type { Bill } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { PaymentAccount } from "../../payments/pain001.js";
import { controlSum, pain001 } from "../../payments/pain001.js";
import {
  allSettled,
  type BillHold,
  batchOf,
  isReleased,
  type PaymentRun,
  type PaymentRunItem,
} from "../../payments/payment-run.js";
import { PAYMENT_RUN_MACHINE } from "../../payments/payment-run-machine.js";
import { approvalsRequiredFor, DEFAULT_PAYMENT_RUN_SETTINGS } from "../../payments/payment-run-settings.js";
import { type PaymentRunJson, paymentRunJson } from "../../payments/payment-run-views.js";
import { creditorAccount, routeOf } from "../../payments/rails.js";
import type { Stores } from "../../ports/stores.js";
import { type Currency, isCurrency } from "../../shared/currencies.js";
import { currencyAmountError } from "../../shared/currency-amounts.js";
import {
  conflict,
  type DomainError,
  domainError,
  type FieldError,
  notFound,
  validationError,
} from "../../shared/errors.js";
import { addAmounts, compareAmounts, formatAmount } from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { transition } from "../../shared/state-machine.js";
import { moveWithin } from "../approvals/bill-lifecycle.js";
import type { CoreDeps } from "../deps.js";
import { type OperationIdempotency, oncePerKey, operationPlace, rememberResponse } from "../idempotency.js";
import { confirmedPayee } from "../suppliers/bank-account.js";
import { type CreatePaymentRunBody, MAX_RUN_BILLS } from "./inputs.js";
import { paymentRunEvents } from "./payment-run-events.js";

// Payment runs: Approved and Scheduled bills into ISO 20022 pain.001 files, one per currency, paid from one of the
// organisation's own accounts, under four eyes. A run is proposed (each bill moves to PaymentInProgress through the
// bill machine in the same unit of work: held, so no other run and no hand can pay it), approved by other people
// (payment-run-approvals.ts), released by the first download of its file; the bank's confirmation (a statement
// debit, or a person) moves a bill to Paid, a return back to Scheduled. Moves may touch any store (moveBill's
// hooks), so these use cases take every store.

/** The answer for a missing run (or another organisation's: tenancy answers the same). */
export const paymentRunNotFound = (): DomainError => notFound("PaymentRun.NotFound", "The payment run does not exist.");

const PAYABLE: ReadonlySet<Bill["state"]> = new Set(["Approved", "Scheduled", "PartiallyPaid"]);

/**
 * The bills due by `dueBy`: Approved and PartiallyPaid ones by their due date (a run pays what remains), Scheduled
 * ones by their payment date.
 */
const dueBillIds = async (s: Stores, scope: OrgScope, dueBy: string): Promise<string[] | DomainError> => {
  const ids: string[] = [];
  for (const state of ["Approved", "Scheduled", "PartiallyPaid"] as const) {
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
  return creditorAccount(payee.right.name, canonical);
};

interface Planned {
  readonly bill: Bill;
  readonly currency: Currency;
  readonly item: PaymentRunItem;
}

/** A planned transfer with the date the bank is to execute it (its run's executionDate). */
interface Dated extends Planned {
  readonly date: string;
}

/**
 * A bill's execution date: the one the request names, else the bill's scheduled payment date, else today (a date
 * already past is today: a bank executes nothing in the past).
 */
const executionDateOf = (body: CreatePaymentRunBody, hold: BillHold, today: string): string =>
  body.executionDate ?? (hold.paymentDate !== null && hold.paymentDate > today ? hold.paymentDate : today);

/** What a run pays of a bill owing `due`: the amount asked for (above zero, at most `due`), else all of it. */
const amountToPay = (
  bill: Bill,
  due: string,
  currency: Currency,
  asked: string | undefined,
  field: string,
): string | FieldError => {
  if (asked === undefined) return due;
  const precision = currencyAmountError(`${field}.amount`, asked, currency);
  if (precision !== undefined) return precision;
  if (compareAmounts(asked, "0") <= 0)
    return { field: `${field}.amount`, code: "range", message: `bill ${bill.id}: amount must be above zero` };
  if (compareAmounts(asked, due) > 0)
    return {
      field: `${field}.amount`,
      code: "over_payment",
      message: `bill ${bill.id}: amount ${asked} is more than its amount due (${due})`,
    };
  return formatAmount(asked, currency);
};

/** A bill's transfer (of `asked`, else all it owes), or why it cannot be paid (a field error naming its place). */
const planTransfer = async (
  s: Stores,
  scope: OrgScope,
  bill: Bill,
  field: string,
  asked?: string,
): Promise<Planned | FieldError> => {
  const currency = bill.fields.currency;
  if (currency === null || !isCurrency(currency))
    return { field, code: "no_currency", message: `bill ${bill.id} has no currency` };
  const due = billJson(bill, await s.billLifecycles.ofBill(scope, bill.id)).amountDue;
  if (due === null || compareAmounts(due, "0") <= 0)
    return { field, code: "nothing_due", message: `bill ${bill.id} has no amount due` };
  const precision = currencyAmountError(field, due, currency);
  if (precision !== undefined)
    return { ...precision, message: `bill ${bill.id}: ${precision.message} (correct the bill: it is never rounded)` };
  const amount = amountToPay(bill, due, currency, asked, field);
  if (typeof amount !== "string") return amount;
  const creditor = await creditorOf(s, scope, bill);
  if (creditor === undefined)
    return {
      field,
      code: "no_bank_details",
      message: `bill ${bill.id}: neither its supplier nor the bill has valid bank details`,
    };
  const route = routeOf(creditor, currency);
  if ("refused" in route)
    return { field, code: "unroutable", message: `bill ${bill.id} cannot be paid by file: ${route.refused}` };
  const reference = bill.fields.paymentRef ?? bill.fields.invoiceNumber;
  return {
    bill,
    currency,
    item: {
      billId: bill.id,
      endToEndId: bill.id.replace(/-/g, ""),
      supplierName: creditor.name,
      amount,
      creditor,
      reference: present(reference) ? reference : null,
      status: "Pending",
      returnReason: null,
    },
  };
};

/** The input of `createPaymentRuns`. */
export interface CreatePaymentRuns {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly body: CreatePaymentRunBody;
  /** The Idempotency-Key header and a hash of the body (the HTTP route gives `POST /v1/payment-runs` and 201). */
  readonly idempotency?: OperationIdempotency;
}

/** What proposing answers: the runs made (or, for a repeated key, the first answer again). */
export interface ProposedRuns {
  readonly runs: readonly PaymentRunJson[];
  readonly replayed: boolean;
}

/** Where a bill is before a run holds it, so that a rejected run can give it back as it was. */
const holdOf = async (s: Stores, scope: OrgScope, bill: Bill): Promise<BillHold> => {
  const lifecycle = await s.billLifecycles.ofBill(scope, bill.id);
  return {
    state: bill.state === "Scheduled" || bill.state === "PartiallyPaid" ? bill.state : "Approved",
    paymentDate: lifecycle?.paymentDate ?? null,
    paymentMethod: lifecycle?.paymentMethod ?? null,
  };
};

const checkBody = (body: CreatePaymentRunBody, today: string): DomainError | undefined => {
  const given = [body.billIds, body.bills, body.dueBy].filter((x) => x !== undefined).length;
  if (given !== 1)
    return validationError([
      { field: "billIds", code: "one_of", message: "give billIds, bills or dueBy (exactly one of them)" },
    ]);
  for (const [field, list] of [
    ["billIds", body.billIds],
    ["bills", body.bills],
  ] as const)
    if (list !== undefined && (list.length === 0 || list.length > MAX_RUN_BILLS))
      return validationError([{ field, code: "length", message: `takes 1 to ${MAX_RUN_BILLS} bills` }]);
  const named = body.bills?.map((b) => b.billId.toLowerCase()) ?? [];
  if (new Set(named).size !== named.length)
    return validationError([{ field: "bills", code: "duplicate", message: "names a bill twice" }]);
  if ((body.executionDate ?? today) < today)
    return validationError([{ field: "executionDate", code: "past", message: "must not be in the past" }]);
  return undefined;
};

/**
 * Proposes payment runs (one per execution date and currency: the date asked for, else each bill's scheduled
 * payment date, else today; `payment_run.proposed`, the proposer recorded) and moves each bill to
 * PaymentInProgress (`bill.payment_in_progress`: held by the run), all in one unit of work: every bill is checked
 * before anything is written, so a refusal changes nothing. Each run needs the approvals the organisation's
 * settings ask for its currency and control sum, taken now. With an Idempotency-Key, a repeat answers the first
 * answer again.
 */
export const createPaymentRuns =
  (deps: CoreDeps) =>
  ({ scope, actor, body, idempotency }: CreatePaymentRuns): TE.TaskEither<DomainError, ProposedRuns> => {
    const place = operationPlace(scope, idempotency);
    const propose = () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, ProposedRuns>> => {
        const now = deps.clock.now();
        const today = now.toISOString().slice(0, 10);
        const refused = checkBody(body, today);
        if (refused !== undefined) return E.left(refused);
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
        const asked = new Map((body.bills ?? []).map((b) => [b.billId.toLowerCase(), b.amount]));
        const found =
          body.billIds ??
          (body.bills === undefined ? await dueBillIds(s, scope, body.dueBy as string) : [...asked.keys()]);
        if (!Array.isArray(found)) return E.left(found as DomainError);
        const ids = [...new Set(found.map((id) => id.toLowerCase()))];
        if (ids.length === 0)
          return E.left(
            conflict("PaymentRun.NothingToPay", "No Approved, Scheduled or PartiallyPaid bill is due by that date."),
          );
        const planned: Dated[] = [];
        const problems: FieldError[] = [];
        for (const [index, id] of ids.entries()) {
          await s.billLifecycles.lockBill(scope, id);
          const bill = await s.bills.ofId(scope, id);
          if (bill === undefined) return E.left(notFound("Bill.NotFound", `The bill ${id} does not exist.`));
          if (!PAYABLE.has(bill.state))
            return E.left(
              conflict(
                "Bill.InvalidTransition",
                `The bill ${id} is ${bill.state}: only Approved, Scheduled or PartiallyPaid bills are paid.`,
              ),
            );
          const payee = await confirmedPayee(s, scope, bill);
          if (E.isLeft(payee)) return payee;
          const field =
            body.billIds !== undefined ? `billIds[${index}]` : body.bills !== undefined ? `bills[${index}]` : "dueBy";
          const plan = await planTransfer(s, scope, bill, field, asked.get(id));
          const held = await holdOf(s, scope, bill);
          if ("item" in plan)
            planned.push({ ...plan, item: { ...plan.item, held }, date: executionDateOf(body, held, today) });
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
        const settings = (await s.paymentRuns.settingsOf(scope)) ?? DEFAULT_PAYMENT_RUN_SETTINGS;
        const runs: PaymentRun[] = [];
        // One run per execution date and currency, earliest first.
        const groups = new Map<string, Dated[]>();
        for (const p of planned)
          groups.set(`${p.date} ${p.currency}`, [...(groups.get(`${p.date} ${p.currency}`) ?? []), p]);
        for (const [, members] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const { date: executionDate, currency } = members[0] as Dated;
          const items = members.map((p) => p.item);
          const id = deps.ids.next();
          const sum = controlSum({ currency, transfers: items });
          runs.push({
            id,
            clientId: scope.clientId,
            organisationId: scope.organisationId,
            status: "Proposed",
            currency,
            executionDate,
            debtor,
            messageId: id.replace(/-/g, ""),
            controlSum: sum,
            items,
            proposedBy: actor,
            approvalsRequired: approvalsRequiredFor(settings, currency, sum),
            approvals: [],
            released: null,
            rejected: null,
            createdAt: now,
            updatedAt: now,
          });
        }
        for (const p of planned) {
          const moved = await moveWithin(
            deps,
            s,
            "start-payment",
            () => E.right({ lifecycle: { paymentDate: p.date, paymentMethod: "BankTransfer" } }),
            { scope, actor, id: p.bill.id },
          );
          if (E.isLeft(moved)) throw new Error(`a checked bill did not move: ${moved.left.code}`);
        }
        for (const run of runs) {
          await s.paymentRuns.insert(run);
          await s.events.append(paymentRunEvents(deps, run, ["payment_run.proposed"], actor));
        }
        const json = runs.map(paymentRunJson);
        await rememberResponse(s.idempotencyKeys, place, idempotency, json, now);
        return E.right({ runs: json, replayed: false });
      });
    return () =>
      oncePerKey(
        deps.db.stores.idempotencyKeys,
        place,
        idempotency,
        (seen) => ({ runs: seen.response as PaymentRunJson[], replayed: true }),
        propose,
      );
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

const notApproved = (run: PaymentRun): DomainError =>
  conflict(
    "PaymentRun.NotApproved",
    run.status === "Rejected"
      ? "The payment run was rejected: its file is never released."
      : `The payment run has ${run.approvals.length} of the ${run.approvalsRequired} approvals it needs: its file is released once it is approved.`,
  );

/**
 * Releases an approved run: the first download of its file. Its transfers are at the bank from now on
 * (`payment_run.released`, naming who downloaded it).
 */
const release = (deps: CoreDeps<"paymentRuns" | "events">, scope: OrgScope, actor: Actor, id: string) =>
  deps.db.run(async (s): Promise<E.Either<DomainError, PaymentRun>> => {
    await s.paymentRuns.lock(scope, id);
    const run = await s.paymentRuns.ofId(scope, id);
    if (run === undefined) return E.left(paymentRunNotFound());
    if (isReleased(run)) return E.right(run);
    if (run.status !== "Approved") return E.left(notApproved(run));
    const moved = transition(PAYMENT_RUN_MACHINE, run.status, "release", {});
    if (E.isLeft(moved)) return moved;
    const now = deps.clock.now();
    const next: PaymentRun = {
      ...run,
      status: moved.right.to,
      items: run.items.map((i) => (i.status === "Pending" ? { ...i, status: "InProgress" } : i)),
      released: { actor, at: now.toISOString() },
      updatedAt: now,
    };
    await s.paymentRuns.update(next);
    await s.events.append(paymentRunEvents(deps, next, moved.right.events, actor));
    return E.right(next);
  });

/**
 * A run's pain.001.001.09 file, written from the stored run (the same bytes every time), once the run is approved:
 * before that 409 `PaymentRun.NotApproved`. The first download releases the run (see `release`).
 */
export const paymentRunFile =
  (deps: CoreDeps<"paymentRuns" | "sellerIdentities" | "events">) =>
  (scope: OrgScope, actor: Actor, id: string): TE.TaskEither<DomainError, { filename: string; xml: string }> =>
  async () => {
    const stored = await deps.db.stores.paymentRuns.ofId(scope, id);
    if (stored === undefined) return E.left(paymentRunNotFound());
    const run = isReleased(stored) ? E.right(stored) : await release(deps, scope, actor, id);
    if (E.isLeft(run)) return run;
    const identity = await deps.db.stores.sellerIdentities.ofOrganisation(scope);
    return E.right({
      filename: `payment-run-${run.right.id}.xml`,
      xml: pain001(batchOf(run.right, identity?.legalName ?? run.right.debtor.name)),
    });
  };

/** How the bank answered one transfer: paid (a statement debit, or a person), or returned with a reason. */
/** A transfer paid (at `paidAt`, an ISO instant: when the bank booked it; default now) or returned with a reason. */
export type TransferOutcome =
  | { readonly outcome: "paid"; readonly paidAt?: string }
  | { readonly outcome: "returned"; readonly reason: string };

/**
 * Settles one bill of a released run inside the caller's unit of work: Paid (`bill.paid`) or back to Scheduled
 * (`bill.scheduled`), and the run's item with it (`payment_run.transfer_confirmed` or `.transfer_returned`; the run is
 * Completed once none is at the bank). A run whose file is not released answers PaymentRun.NotReleased (nothing of
 * it is at the bank), a bill that is not at the bank in this run PaymentRun.NotInProgress.
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
  if (!isReleased(run))
    return E.left(
      conflict(
        "PaymentRun.NotReleased",
        `The payment run is ${run.status}: its file was never released, so none of its transfers is at the bank.`,
      ),
    );
  if (item.status !== "InProgress")
    return E.left(conflict("PaymentRun.NotInProgress", `The bill's transfer is already ${item.status}.`));
  const now = deps.clock.now();
  const who = { scope, actor: input.actor, id: input.billId };
  const moved =
    input.outcome === "paid"
      ? await moveWithin(
          deps,
          s,
          "confirm-payment",
          // The bank paid what the run's transfer carried: all the bill owed when the run was proposed, or part of it
          // (the bill is then PartiallyPaid and owes the rest).
          (_s, bill, lifecycle) => {
            const due = billJson(bill, lifecycle).amountDue;
            const partial = due !== null && compareAmounts(item.amount, due) < 0;
            return E.right({
              context: { partial },
              lifecycle: {
                ...(partial ? {} : { paidAt: input.paidAt ?? now.toISOString() }),
                amountPaid: addAmounts(lifecycle.amountPaid ?? "0", item.amount),
              },
              settledAt: input.paidAt ?? now.toISOString(),
            });
          },
          who,
        )
      : await moveWithin(deps, s, "return-payment", () => E.right({}), who);
  if (E.isLeft(moved)) return moved;
  const settled: PaymentRunItem = {
    ...item,
    status: input.outcome === "paid" ? "Paid" : "Returned",
    returnReason: input.outcome === "returned" ? input.reason : null,
  };
  const items = run.items.map((i) => (i.billId === input.billId ? settled : i));
  const trigger = input.outcome === "paid" ? "confirm-transfer" : "return-transfer";
  const next = transition(PAYMENT_RUN_MACHINE, run.status, trigger, { lastTransfer: allSettled(items) });
  if (E.isLeft(next)) return next;
  const updated: PaymentRun = { ...run, items, status: next.right.to, updatedAt: now };
  await s.paymentRuns.update(updated);
  await s.events.append(paymentRunEvents(deps, updated, next.right.events, input.actor, { transfer: settled }));
  return E.right(updated);
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
