import type { BillDocument, BillJson } from "@apar/core";
import { actsAs, type DomainError, decode, type Organisation, type RequestAuth } from "@apar/core";
import {
  approveBill,
  BillPatch,
  billDocument,
  type CoreDeps,
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
import type { BillFilter, DocumentFiles, OrgScope, Page, PageRequest } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { clientOrganisations, inOrganisation, named } from "./core-organisations.js";
import type { PortalDocument, PortalQueue, PortalQueued } from "./portal-review.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** How many bills of each state the queue shows, oldest first (the rest: "more wait"). */
export const QUEUE_ROWS = 100;

/** The review queue's operations on core's bill and approval use cases, for the signed-in caller's client. */
export const portalReviewOf = (deps: CoreDeps & { readonly files: DocumentFiles }) => {
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
    queue:
      (auth: RequestAuth): TE.TaskEither<DomainError, PortalQueue> =>
      async () => {
        const organisations = await clientOrganisations(deps.db.stores, auth);
        const review = await waiting(organisations, "PendingReview");
        const approval = await waiting(organisations, "NeedsApproval");
        return E.right({ review: review.rows, approval: approval.rows, more: review.more || approval.more });
      },
    /** A page of one organisation's bills, oldest first, filtered as `GET /v1/bills` filters them. */
    list: (
      auth: RequestAuth,
      organisationId: string,
      filter: BillFilter,
      page: PageRequest,
    ): TE.TaskEither<DomainError, { readonly organisation: PortalOrganisation; readonly bills: Page<BillJson> }> =>
      within(auth, organisationId, ({ scope, organisation }) => async () => {
        const bills = await listBills(deps)(scope, filter, page)();
        return E.isLeft(bills) ? bills : E.right({ organisation: named(organisation), bills: bills.right });
      }),
    /** Files a stored document as a new bill, as `POST /v1/bills` does: a job reads it, then it waits for review. */
    upload: (auth: RequestAuth, organisationId: string, document: BillDocument): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const uploaded = await uploadBill(deps)({ scope, actor: auth.actor, document })();
        return E.isLeft(uploaded) ? uploaded : E.right(uploaded.right.bill);
      }),
    get: (auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, PortalQueued> =>
      within(auth, organisationId, ({ scope, organisation }) => async () => {
        const bill = await getBill(deps)(scope, billId)();
        if (E.isLeft(bill)) return bill;
        const payee = await payeeAccountOf(deps.db.stores, scope, bill.right);
        return E.right({ organisation: named(organisation), bill: bill.right, payee });
      }),
    document: (auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, PortalDocument> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const doc = await billDocument(deps)(scope, billId)();
        return E.isLeft(doc) ? doc : E.right({ bytes: doc.right.bytes, mediaType: doc.right.mediaType });
      }),
    /** Corrects fields with a body as `PATCH /v1/bills/{id}` takes it (decoded and checked by core). */
    correct: (
      auth: RequestAuth,
      organisationId: string,
      billId: string,
      body: unknown,
    ): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const patch = decode(BillPatch, body);
        if (E.isLeft(patch)) return patch;
        return updateBill(deps)({ scope, actor: auth.actor, id: billId, patch: patch.right })();
      }),
    submit: (auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => submitBill(deps, matchingReviewGate)(actor(auth, scope, billId))),
    approve: (auth: RequestAuth, organisationId: string, billId: string): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => approveBill(deps)(actor(auth, scope, billId))),
    reject: (
      auth: RequestAuth,
      organisationId: string,
      billId: string,
      body: unknown,
    ): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => async () => {
        const decoded = decode(RejectBillBody, body);
        if (E.isLeft(decoded)) return decoded;
        return rejectBill(deps)({ ...actor(auth, scope, billId), reason: decoded.right.reason })();
      }),
    /** Resolves a bill's duplicate flag: it is not a duplicate (`POST /v1/bills/{id}/dismiss-duplicate`). */
    dismissDuplicate: (
      auth: RequestAuth,
      organisationId: string,
      billId: string,
    ): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) => dismissDuplicate(deps)({ scope, actor: auth.actor, id: billId })),
    /** Voids a bill with a reason (`POST /v1/bills/{id}/void`): a duplicate confirmed is voided. */
    void: (
      auth: RequestAuth,
      organisationId: string,
      billId: string,
      reason: string,
    ): TE.TaskEither<DomainError, BillJson> =>
      within(auth, organisationId, ({ scope }) =>
        voidBill(deps)({ scope, actor: auth.actor, id: billId, reason: reason.trim().slice(0, 1000) || null }),
      ),
  };
};

/**
 * What the review queue needs of the bill use cases, for the caller's client (`auth.client`) and one of its
 * organisations. A foreign or missing organisation or bill answers the same DomainError (NotFound); the
 * actions are the API's (`PATCH /v1/bills/{id}`, submit, approve, reject) with the session's credential as actor.
 */
export type PortalReview = ReturnType<typeof portalReviewOf>;
