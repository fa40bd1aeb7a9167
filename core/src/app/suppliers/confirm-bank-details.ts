import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type * as t from "io-ts";
import { destinationKey, maskedDestination } from "../../bank-details/destination.js";
import type { Actor } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { conflict, type DomainError, domainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";
import { validBankDetails } from "../bank-details/bank-details.js";
import { BankDetailsInput } from "../bank-details/inputs.js";
import type { CoreDeps } from "../deps.js";
import { supplierNotFound } from "./supplier-use-cases.js";

/** The body of POST /v1/suppliers/{id}/bank-details/confirm: the account as the confirmer saw it. */
export const ConfirmBankDetailsBody = closedType({ bankDetails: BankDetailsInput }, {}, "ConfirmBankDetails");
export type ConfirmBankDetailsBody = t.TypeOf<typeof ConfirmBankDetailsBody>;

/** Who confirms which supplier's account: `approver` when the caller acts as Approver or administrator. */
export interface ConfirmBankDetails {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly approver: boolean;
  readonly id: string;
  readonly body: ConfirmBankDetailsBody;
}

const forbidden = (code: string, detail: string): DomainError => domainError("Forbidden", code, detail);
const sameActor = (a: Actor, b: Actor) => a.type === b.type && a.id === b.id;
const ending = (s: Supplier) => maskedDestination(s.bankDetails).accountEnding ?? "?";

/**
 * A second person confirms a supplier's proposed account (`supplier.bank_details_confirmed`, with the proposer):
 * from then on bills are paid to it. The confirmer names the account they checked, so a change made after they
 * read it is never confirmed blindly (409 `BankDetails.Mismatch`). Only a person confirms (403
 * `BankDetails.PersonRequired` for an API key or a call through an agent or MCP client), acting as Approver or
 * administrator (403 `BankDetails.RoleRequired`), and never their own proposal (403 `BankDetails.SameActor`).
 */
export const confirmBankDetails =
  (deps: CoreDeps<"suppliers" | "events">) =>
  (input: ConfirmBankDetails): TE.TaskEither<DomainError, Supplier> =>
  async () => {
    const { scope, actor } = input;
    if (actor.type !== "user" || actor.via !== undefined)
      return E.left(
        forbidden(
          "BankDetails.PersonRequired",
          "A supplier's bank account is confirmed by a person signed in as themselves (a bearer token), not by an API key, an agent or an MCP client.",
        ),
      );
    if (!input.approver)
      return E.left(
        forbidden(
          "BankDetails.RoleRequired",
          "Confirming a supplier's bank account needs the Approver or Admin role in the organisation, or a client administrator.",
        ),
      );
    const seen = validBankDetails(input.body.bankDetails, "body.bankDetails");
    if (E.isLeft(seen)) return seen;
    return deps.db.run(async (s) => {
      const supplier = await s.suppliers.ofIdForUpdate(scope, input.id);
      if (supplier === undefined) return E.left(supplierNotFound());
      if (supplier.bankDetails === null)
        return E.left(conflict("BankDetails.NoAccount", `Supplier "${supplier.name}" has no bank account to confirm.`));
      if (destinationKey(supplier.bankDetails) !== destinationKey(seen.right))
        return E.left(
          conflict(
            "BankDetails.Mismatch",
            `The account you confirm is not supplier "${supplier.name}"'s stored one (ending ${ending(supplier)}), which may have changed since you read it: read the supplier again and confirm the account it shows.`,
          ),
        );
      const proposed = supplier.bankDetailsProposed;
      if (proposed !== null && sameActor(proposed.actor, actor))
        return E.left(
          forbidden(
            "BankDetails.SameActor",
            "You proposed this bank account: another person (an Approver or administrator) must confirm it.",
          ),
        );
      const confirmed = supplier.bankDetailsConfirmed;
      if (confirmed !== null)
        return E.left(
          conflict(
            "BankDetails.AlreadyConfirmed",
            `Supplier "${supplier.name}"'s account ending ${ending(supplier)} was confirmed at ${confirmed.at.toISOString()}.`,
          ),
        );
      const now = deps.clock.now();
      const next: Supplier = { ...supplier, bankDetailsConfirmed: { actor, at: now }, updatedAt: now };
      await s.suppliers.update(next);
      await s.events.append([
        makeEvent({
          ids: deps.ids,
          clock: deps.clock,
          type: "supplier.bank_details_confirmed",
          clientId: scope.clientId,
          organisationId: scope.organisationId,
          actor,
          data: {
            supplier: { id: supplier.id, name: supplier.name },
            account: maskedDestination(supplier.bankDetails),
            proposedBy: proposed?.actor ?? null,
            proposedAt: proposed?.at.toISOString() ?? null,
          },
        }),
      ]);
      return E.right(next);
    });
  };
