import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import { billHistory, type HistoryEntry } from "../../bills/history.js";
import type { BillFilter } from "../../ports/bills.js";
import type { DomainError } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import { billNotFound } from "./bill-rules.js";
import type { BillDeps } from "./deps.js";

/** A bill of the organisation, as JSON. */
export const getBill =
  (deps: BillDeps<"billLifecycles" | "bills">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, BillJson> =>
  async () => {
    const bill = await deps.db.stores.bills.ofId(scope, id);
    if (bill === undefined) return E.left(billNotFound());
    return E.right(billJson(bill, await deps.db.stores.billLifecycles.ofBill(scope, id)));
  };

/** One page of the organisation's bills (oldest first), filtered. */
export const listBills =
  (deps: BillDeps<"billLifecycles" | "bills">) =>
  (scope: OrgScope, filter: BillFilter, page: PageRequest): TE.TaskEither<DomainError, Page<BillJson>> =>
  async () => {
    const found = await deps.db.stores.bills.list(scope, filter, page);
    const lifecycles = await deps.db.stores.billLifecycles.ofBills(
      scope,
      found.items.map((b) => b.id),
    );
    const of = new Map(lifecycles.map((l) => [l.billId, l]));
    return E.right({ items: found.items.map((b) => billJson(b, of.get(b.id))), hasMore: found.hasMore });
  };

/** The original file of a bill: its bytes, type and name. */
export const billDocument =
  (deps: BillDeps<"bills">) =>
  (
    scope: OrgScope,
    id: string,
  ): TE.TaskEither<DomainError, { bytes: Uint8Array; mediaType: string; filename: string | null }> =>
  async () => {
    const bill = await deps.db.stores.bills.ofId(scope, id);
    if (bill === undefined) return E.left(billNotFound());
    const bytes = await deps.files.get(bill.document.sha256);
    // A row without its file is a broken installation (a documents volume not shared), not a user error.
    if (bytes === undefined) throw new Error(`document ${bill.document.sha256} of bill ${bill.id} is missing`);
    return E.right({ bytes, mediaType: bill.document.mediaType, filename: bill.document.filename });
  };

/** Every change of a bill with its actor and time, from its events. */
export const getBillHistory =
  (deps: BillDeps<"bills" | "events">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, HistoryEntry[]> =>
  async () => {
    const bill = await deps.db.stores.bills.ofId(scope, id);
    if (bill === undefined) return E.left(billNotFound());
    const events = await deps.db.stores.events.ofSubject(scope.clientId, "bill", id);
    return E.right(billHistory(events.filter((e) => e.envelope.organisationId === scope.organisationId)));
  };
