import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { validateBankDetails } from "../../bank-details/validate.js";
import type { Actor } from "../../events/envelope.js";
import type { PaymentRun } from "../../payments/payment-run.js";
import { PAYMENT_RUN_MACHINE } from "../../payments/payment-run-machine.js";
import { DEFAULT_PAYMENT_RUN_SETTINGS, type PaymentRunSettings } from "../../payments/payment-run-settings.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, domainError, validationError } from "../../shared/errors.js";
import { wireAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { transition } from "../../shared/state-machine.js";
import { moveWithin } from "../approvals/bill-lifecycle.js";
import type { CoreDeps } from "../deps.js";
import { confirmedPayee } from "../suppliers/bank-account.js";
import type { PaymentRunSettingsBody } from "./inputs.js";
import { paymentRunEvents } from "./payment-run-events.js";
import { paymentRunNotFound } from "./payment-runs.js";

// Four eyes on payment runs (EBICS distributed signatures): a proposed run is approved by as many people as it
// needs, none of them its proposer, each once; a proposal is rejected by its proposer or by someone who may
// approve. Who relative to the run is decided here; which roles reach the route is the permissions table's.

/** Who acts on which run; `approver` when the caller holds the Approver role or is an administrator. */
export interface RunDecision {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly id: string;
  readonly approver: boolean;
}

const forbidden = (code: string, detail: string): DomainError => domainError("Forbidden", code, detail);

const sameActor = (a: Actor | null, b: Actor): boolean => a !== null && a.type === b.type && a.id === b.id;

/** Why the actor may not approve the run, if they may not. */
const approvalRefused = (run: PaymentRun, input: RunDecision): DomainError | undefined => {
  if (input.actor.type !== "user" || input.actor.via !== undefined)
    return forbidden(
      "PaymentRun.PersonRequired",
      "A payment run is approved by a person signed in as themselves (a bearer token), not by an API key or an agent.",
    );
  if (!input.approver)
    return forbidden("PaymentRun.NotApprover", "Approving payment runs needs the Approver role or an administrator.");
  if (sameActor(run.proposedBy, input.actor))
    return forbidden("PaymentRun.SameApprover", "You proposed this payment run: a different person must approve it.");
  if (run.approvals.some((a) => sameActor(a.actor, input.actor)))
    return conflict("PaymentRun.AlreadyApproved", "You have already approved this payment run.");
  return undefined;
};

/** The account a run's transfer pays, as comparable text (its IBAN, else its account number). */
const paidTo = (account: { readonly iban: string | null; readonly accountNumber: string | null }): string | null =>
  account.iban ?? account.accountNumber;

/**
 * Why the run no longer pays what people confirmed, if it does not: a bill's supplier account changed (or lost its
 * confirmation) since the proposal, so the approver would sign transfers to an account that is not the supplier's
 * confirmed one. The run is then rejected and proposed again, from the confirmed account.
 */
const accountMoved = async (
  s: Pick<Stores, "bills" | "suppliers">,
  scope: OrgScope,
  run: PaymentRun,
): Promise<DomainError | undefined> => {
  for (const item of run.items) {
    const bill = await s.bills.ofId(scope, item.billId);
    const payee = bill === undefined ? undefined : await confirmedPayee(s, scope, bill);
    const confirmed =
      payee === undefined || E.isLeft(payee) ? undefined : validateBankDetails(payee.right.bankDetails).canonical;
    if (confirmed === undefined || paidTo(confirmed) !== paidTo(item.creditor))
      return conflict(
        "PaymentRun.AccountChanged",
        `The supplier account bill ${item.billId} would be paid to is no longer its confirmed one: reject this run and propose it again.`,
      );
  }
  return undefined;
};

/**
 * Approves a proposed run (`payment_run.approval_recorded`); the approval that reaches the run's quorum also
 * makes it Approved (`payment_run.approved`), and its file may then be released.
 */
export const approvePaymentRun =
  (deps: CoreDeps<"paymentRuns" | "events" | "bills" | "suppliers">) =>
  (input: RunDecision): TE.TaskEither<DomainError, PaymentRun> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, PaymentRun>> => {
      await s.paymentRuns.lock(input.scope, input.id);
      const run = await s.paymentRuns.ofId(input.scope, input.id);
      if (run === undefined) return E.left(paymentRunNotFound());
      const refused = approvalRefused(run, input);
      if (refused !== undefined) return E.left(refused);
      const elsewhere = await accountMoved(s, input.scope, run);
      if (elsewhere !== undefined) return E.left(elsewhere);
      const now = deps.clock.now();
      const approvals = [...run.approvals, { actor: input.actor, at: now.toISOString() }];
      const moved = transition(PAYMENT_RUN_MACHINE, run.status, "approve", {
        quorumReached: approvals.length >= run.approvalsRequired,
      });
      if (E.isLeft(moved)) return moved;
      const next: PaymentRun = { ...run, status: moved.right.to, approvals, updatedAt: now };
      await s.paymentRuns.update(next);
      await s.events.append(paymentRunEvents(deps, next, moved.right.events, input.actor));
      return E.right(next);
    });

/**
 * Rejects a run before its release (`payment_run.rejected` with the reason): its bills go back to where they were
 * (Approved or Scheduled, with their payment date) and may be paid again. Its proposer may withdraw it; anyone else
 * needs to be one who may approve.
 */
export const rejectPaymentRun =
  (deps: CoreDeps) =>
  (input: RunDecision & { readonly reason: string }): TE.TaskEither<DomainError, PaymentRun> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, PaymentRun>> => {
      const { scope, actor } = input;
      await s.paymentRuns.lock(scope, input.id);
      const run = await s.paymentRuns.ofId(scope, input.id);
      if (run === undefined) return E.left(paymentRunNotFound());
      if (!input.approver && !sameActor(run.proposedBy, actor))
        return E.left(
          forbidden("PaymentRun.NotApprover", "Only the run's proposer or someone who may approve it rejects it."),
        );
      const moved = transition(PAYMENT_RUN_MACHINE, run.status, "reject", {});
      if (E.isLeft(moved)) return moved;
      for (const item of run.items) {
        const held = item.held ?? { state: "Approved", paymentDate: null, paymentMethod: null };
        const back = await moveWithin(
          deps,
          s,
          "cancel-payment",
          () =>
            E.right({
              context: { heldFrom: held.state },
              lifecycle: { paymentDate: held.paymentDate, paymentMethod: held.paymentMethod },
            }),
          { scope, actor, id: item.billId },
        );
        if (E.isLeft(back)) throw new Error(`a held bill did not go back: ${back.left.code}`);
      }
      const now = deps.clock.now();
      const next: PaymentRun = {
        ...run,
        status: moved.right.to,
        items: run.items.map((i) => ({ ...i, status: "Cancelled" })),
        rejected: { actor, at: now.toISOString(), reason: input.reason },
        updatedAt: now,
      };
      await s.paymentRuns.update(next);
      await s.events.append(paymentRunEvents(deps, next, moved.right.events, actor, { reason: input.reason }));
      return E.right(next);
    });

/** The settings as the API shows them: `isDefault` until the organisation chose. */
export interface PaymentRunSettingsView extends PaymentRunSettings {
  readonly isDefault: boolean;
}

/** The settings with each band's bound written at its currency's minor unit (`"1000"` EUR -> `"1000.00"`). */
const viewOf = (settings: PaymentRunSettings, isDefault: boolean): PaymentRunSettingsView => ({
  approvalsRequired: settings.approvalsRequired,
  bands: settings.bands.map((b) => ({ ...b, minControlSum: wireAmount(b.minControlSum, b.currency) })),
  isDefault,
});

const administratorRequired = (): DomainError =>
  forbidden(
    "PaymentRunSettings.AdministratorRequired",
    "Only an administrator (of the organisation or the client) reads or changes how payment runs are approved.",
  );

/** How many approvals the organisation's payment runs need (administrators only). */
export const getPaymentRunSettings =
  (deps: CoreDeps<"paymentRuns">) =>
  (input: { scope: OrgScope; administrator: boolean }): TE.TaskEither<DomainError, PaymentRunSettingsView> =>
  async () => {
    if (!input.administrator) return E.left(administratorRequired());
    const stored = await deps.db.stores.paymentRuns.settingsOf(input.scope);
    return E.right(viewOf(stored ?? DEFAULT_PAYMENT_RUN_SETTINGS, stored === undefined));
  };

/** The most approval bands an organisation keeps. */
export const MAX_APPROVAL_BANDS = 20;

/**
 * Sets how many approvals the organisation's payment runs need (administrators only). Runs already proposed keep
 * the number they were proposed with.
 */
export const putPaymentRunSettings =
  (deps: CoreDeps<"paymentRuns">) =>
  (input: {
    scope: OrgScope;
    administrator: boolean;
    body: PaymentRunSettingsBody;
  }): TE.TaskEither<DomainError, PaymentRunSettingsView> =>
  async () => {
    if (!input.administrator) return E.left(administratorRequired());
    const bands = input.body.bands ?? [];
    if (bands.length > MAX_APPROVAL_BANDS)
      return E.left(
        validationError([{ field: "bands", code: "length", message: `at most ${MAX_APPROVAL_BANDS} bands` }]),
      );
    const settings: PaymentRunSettings = { approvalsRequired: input.body.approvalsRequired, bands };
    await deps.db.run((s) => s.paymentRuns.saveSettings(input.scope, settings, deps.clock.now()));
    return E.right(viewOf(settings, false));
  };
