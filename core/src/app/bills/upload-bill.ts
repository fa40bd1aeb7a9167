import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import { type Bill, type BillDocument, UNREAD_BILL } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { OrgScope } from "../../ports/scope.js";
import type { DomainError } from "../../shared/errors.js";
import { oncePerKey, rememberAnswer } from "../idempotency.js";
import { billEvents } from "./bill-events.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillJob } from "./deps.js";

export interface UploadBillInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  /** The document, already in the document files under its hash, its type checked. */
  readonly document: BillDocument;
  /** The Idempotency-Key header and a hash of what the request asked (the file's hash and name). */
  readonly idempotency?: { readonly key: string; readonly requestHash: string };
}

/** What an upload answers: the bill in Extracting (or, for a repeated key, the first answer again). */
export interface UploadedBill {
  readonly status: number;
  readonly bill: BillJson;
  readonly replayed: boolean;
}

/** The idempotency scope of uploads to an organisation. */
const scopeOf = (scope: OrgScope): string => `POST /v1/bills ${scope.organisationId}`;

/**
 * Creates a bill in Extracting for an uploaded document: the bill, its `bill.created` event, the read-bill
 * job and the idempotency record commit together. The same key with the same request answers the first
 * answer again; with another request, 409.
 */
export const uploadBill =
  (deps: BillDeps) =>
  (input: UploadBillInput): TE.TaskEither<DomainError, UploadedBill> => {
    const { scope, idempotency } = input;
    const place = { clientId: scope.clientId, scope: scopeOf(scope) };
    const create = () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, UploadedBill>> => {
        const now = deps.clock.now();
        const bill: Bill = {
          id: deps.ids.next(),
          clientId: scope.clientId,
          organisationId: scope.organisationId,
          ...UNREAD_BILL,
          document: input.document,
          createdAt: now,
          updatedAt: now,
        };
        await s.bills.add(bill);
        await s.events.append(billEvents(deps, bill, ["bill.created"], input.actor));
        const job: ReadBillJob = { clientId: scope.clientId, organisationId: scope.organisationId, billId: bill.id };
        await s.jobs.enqueue({ type: READ_BILL_JOB, payload: job }, now);
        const json = billJson(bill);
        await rememberAnswer(s.idempotencyKeys, place, idempotency, { status: 202, response: json }, now);
        return E.right({ status: 202, bill: json, replayed: false });
      });
    return () =>
      oncePerKey(
        deps.db.stores.idempotencyKeys,
        place,
        idempotency,
        (seen) => ({ status: seen.status, bill: seen.response as BillJson, replayed: true }),
        create,
      );
  };
