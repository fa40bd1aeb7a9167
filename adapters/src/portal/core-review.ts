import { actsAs, type DomainError, decode, type Organisation, type RequestAuth } from "@apar/core";
import {
  approveBill,
  BillPatch,
  billDocument,
  dismissDuplicate,
  getBill,
  listBills,
  matchingReviewGate,
  payeeAccountOf,
  RejectBillBody,
  rejectBill,
  submitBill,
  updateBill,
  uploadBill,
  voidBill,
} from "@apar/core/app";
import type { Clock, DocumentFiles, Ids, OrgScope, Stores, UnitOfWork } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalQueued, PortalReview } from "./portal-review.js";

/** How many bills of each state the queue shows, oldest first (the rest: "more wait"). */
export const QUEUE_ROWS = 100;

/** The review queue's operations on core's bill and approval use cases, for the signed-in caller's client. */
export const portalReviewOf = (deps: {
  readonly db: UnitOfWork & { readonly stores: Stores };
  readonly clock: Clock;
  readonly ids: Ids;
  readonly files: DocumentFiles;
}): PortalReview => {
  const within = <A>(
    auth: RequestAuth,
    organisationId: string,
    act: (at: { scope: OrgScope; organisation: Organisation }) => TE.TaskEither<DomainError, A>,
  ) => inOrganisation(deps.db.stores, auth, organisationId, act);
  const actor = (auth: RequestAuth, scope: { clientId: string; organisationId: string }, id: string) => ({
    scope,
    actor: auth.actor,
    id,
    administrator: actsAs(auth, "Admin"),
  });
  const waiting = async (
    organisations: readonly Organisation[],
    state: "PendingReview" | "NeedsApproval",
  ): Promise<{ rows: PortalQueued[]; more: boolean }> => {
    const rows: PortalQueued[] = [];
    let more = false;
    for (const o of organisations) {
      const page = await listBills(deps)(
        { clientId: o.clientId, organisationId: o.id },
        { state },
        {
          limit: QUEUE_ROWS - rows.length + 1,
        },
      )();
      if (E.isLeft(page)) continue;
      for (const bill of page.right.items) rows.push({ organisation: named(o), bill });
      if (rows.length > QUEUE_ROWS) {
        rows.length = QUEUE_ROWS;
        more = true;
        break;
      }
    }
    return { rows, more };
  };
  return {
    queue: (auth) => async () => {
      const organisations = await clientOrganisations(deps.db.stores, auth);
      const review = await waiting(organisations, "PendingReview");
      const approval = await waiting(organisations, "NeedsApproval");
      return E.right({ review: review.rows, approval: approval.rows, more: review.more || approval.more });
    },
    list: (auth, organisationId, filter, page) =>
      within(auth, organisationId, ({ scope, organisation }) => async () => {
        const bills = await listBills(deps)(scope, filter, page)();
        return E.isLeft(bills) ? bills : E.right({ organisation: named(organisation), bills: bills.right });
      }),
    upload: (auth, organisationId, document) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const uploaded = await uploadBill(deps)({ scope, actor: auth.actor, document })();
        return E.isLeft(uploaded) ? uploaded : E.right(uploaded.right.bill);
      }),
    get: (auth, organisationId, billId) =>
      within(auth, organisationId, ({ scope, organisation }) => async () => {
        const bill = await getBill(deps)(scope, billId)();
        if (E.isLeft(bill)) return bill;
        const payee = await payeeAccountOf(deps.db.stores, scope, bill.right);
        return E.right({ organisation: named(organisation), bill: bill.right, payee });
      }),
    document: (auth, organisationId, billId) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const doc = await billDocument(deps)(scope, billId)();
        return E.isLeft(doc) ? doc : E.right({ bytes: doc.right.bytes, mediaType: doc.right.mediaType });
      }),
    correct: (auth, organisationId, billId, body) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const patch = decode(BillPatch, body);
        if (E.isLeft(patch)) return patch;
        return updateBill(deps)({ scope, actor: auth.actor, id: billId, patch: patch.right })();
      }),
    submit: (auth, organisationId, billId) =>
      within(auth, organisationId, ({ scope }) => submitBill(deps, matchingReviewGate)(actor(auth, scope, billId))),
    approve: (auth, organisationId, billId) =>
      within(auth, organisationId, ({ scope }) => approveBill(deps)(actor(auth, scope, billId))),
    reject: (auth, organisationId, billId, body) =>
      within(auth, organisationId, ({ scope }) => async () => {
        const decoded = decode(RejectBillBody, body);
        if (E.isLeft(decoded)) return decoded;
        return rejectBill(deps)({ ...actor(auth, scope, billId), reason: decoded.right.reason })();
      }),
    dismissDuplicate: (auth, organisationId, billId) =>
      within(auth, organisationId, ({ scope }) => dismissDuplicate(deps)({ scope, actor: auth.actor, id: billId })),
    void: (auth, organisationId, billId, reason) =>
      within(auth, organisationId, ({ scope }) =>
        voidBill(deps)({ scope, actor: auth.actor, id: billId, reason: reason.trim().slice(0, 1000) || null }),
      ),
  };
};
