import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { destinationChanged } from "../../bank-details/destination.js";
import { type Actor, SYSTEM_ACTOR } from "../../events/envelope.js";
import type { BankDetails } from "../../extraction/model.js";
import type { StoreName } from "../../ports/stores.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { Email, NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { type DomainError, notFound } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";
import { validBankDetails } from "../bank-details/bank-details.js";
import { BankDetailsInput } from "../bank-details/inputs.js";
import { flagOpenBills } from "../bills/flag-bank-details.js";
import type { CoreDeps } from "../deps.js";
import { withBankDetails } from "./bank-account.js";
import { bankDetailsChangedEvent } from "./bank-change.js";

/** What the supplier use cases need. */
export interface SupplierDeps<K extends StoreName = StoreName> extends CoreDeps<K> {}

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const Text = (max: number) => nullable(NonEmptyTrimmedString(max));

const OPTIONAL = {
  taxNumber: Text(64),
  email: nullable(Email),
  address: Text(1000),
  bankDetails: nullable(BankDetailsInput),
};

/** The body of POST /v1/suppliers. */
export const CreateSupplierBody = closedType({ name: NonEmptyTrimmedString(300) }, OPTIONAL, "CreateSupplier");
/** The body of PATCH /v1/suppliers/{id}: the members given change. */
export const UpdateSupplierBody = closedType({}, { name: NonEmptyTrimmedString(300), ...OPTIONAL }, "UpdateSupplier");

/** Bank details given (validated, canonical), null for none, or the 400 naming the failing fields. */
const bank = (b: BankDetailsInput | null | undefined): E.Either<DomainError, BankDetails | null> =>
  b === null || b === undefined ? E.right(null) : validBankDetails(b, "body.bankDetails");

/** The answer for a missing supplier (or another organisation's). */
export const supplierNotFound = (): DomainError => notFound("Supplier.NotFound", "The supplier does not exist.");

/** Creates a supplier of the organisation; its bank account, if given, is `actor`'s proposal (unconfirmed). */
export const createSupplier =
  (deps: SupplierDeps<"suppliers">) =>
  (
    scope: OrgScope,
    body: t.TypeOf<typeof CreateSupplierBody>,
    actor: Actor = SYSTEM_ACTOR,
  ): TE.TaskEither<DomainError, Supplier> =>
  async () => {
    const bankDetails = bank(body.bankDetails);
    if (E.isLeft(bankDetails)) return bankDetails;
    const now = deps.clock.now();
    const blank: Supplier = {
      id: deps.ids.next(),
      ...scope,
      name: body.name,
      taxNumber: body.taxNumber ?? null,
      email: body.email ?? null,
      address: body.address ?? null,
      bankDetails: null,
      bankDetailsProposed: null,
      bankDetailsConfirmed: null,
      createdAt: now,
      updatedAt: now,
    };
    const supplier = withBankDetails(blank, bankDetails.right, actor, now);
    await deps.db.run((s) => s.suppliers.add(supplier));
    return E.right(supplier);
  };

/** A supplier of the organisation. */
export const getSupplier =
  (deps: SupplierDeps<"suppliers">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, Supplier> =>
  async () => {
    const supplier = await deps.db.stores.suppliers.ofId(scope, id);
    return supplier === undefined ? E.left(supplierNotFound()) : E.right(supplier);
  };

/** One page of the organisation's suppliers, optionally those matching `q`. */
export const searchSuppliers =
  (deps: SupplierDeps<"suppliers">) =>
  (scope: OrgScope, q: string | undefined, page: PageRequest): TE.TaskEither<DomainError, Page<Supplier>> =>
  async () =>
    E.right(await deps.db.stores.suppliers.search(scope, q, page));

/**
 * Changes the members given; bank details given replace the stored ones. Details that send money to another
 * account than before are `actor`'s proposal, unconfirmed until a second person confirms them; a change of account
 * records `supplier.bank_details_changed` (a fraud signal) and sends the supplier's open bills back to review,
 * flagged, in the same unit of work.
 */
export const updateSupplier =
  (deps: SupplierDeps) =>
  (
    scope: OrgScope,
    id: string,
    body: t.TypeOf<typeof UpdateSupplierBody>,
    actor: Actor = SYSTEM_ACTOR,
  ): TE.TaskEither<DomainError, Supplier> =>
  () =>
    deps.db.run(async (s) => {
      const supplier = await s.suppliers.ofIdForUpdate(scope, id);
      if (supplier === undefined) return E.left(supplierNotFound());
      const { bankDetails, ...rest } = body;
      const checked = bank(bankDetails);
      if (E.isLeft(checked)) return checked;
      const now = deps.clock.now();
      const edited: Supplier = { ...supplier, ...rest, updatedAt: now };
      const changed = bankDetails === undefined ? edited : withBankDetails(edited, checked.right, actor, now);
      await s.suppliers.update(changed);
      if (destinationChanged(supplier.bankDetails, changed.bankDetails)) {
        await s.events.append([
          bankDetailsChangedEvent(deps, scope, actor, changed, supplier.bankDetails, changed.bankDetails),
        ]);
        await flagOpenBills(deps, s, scope, actor, changed.id);
      }
      return E.right(changed);
    });

/** Deletes a supplier; bills that matched it keep their extracted supplier name. */
export const deleteSupplier =
  (deps: SupplierDeps<"suppliers">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, true> =>
  async () =>
    (await deps.db.run((s) => s.suppliers.remove(scope, id))) ? E.right(true) : E.left(supplierNotFound());
