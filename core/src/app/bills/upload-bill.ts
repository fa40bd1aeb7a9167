import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { type BillJson, billJson } from "../../bills/bill-view.js";
import { type Bill, type BillDocument, UNREAD_BILL } from "../../bills/model.js";
import type { Actor } from "../../events/envelope.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { type OperationIdempotency, oncePerKey, operationPlace, rememberResponse } from "../idempotency.js";
import { billEvents } from "./bill-events.js";
import { type BillDeps, READ_BILL_JOB, type ReadBillJob } from "./deps.js";

export interface UploadBillInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  /** The document, already in the document files under its hash, its type checked. */
  readonly document: BillDocument;
  /**
   * An idempotency key and a hash of what the request asked (the file's hash and name), with the caller's name
   * for the operation (keys are unique per operation and organisation) and the status it answers, remembered
   * with the answer. The HTTP route gives `POST /v1/bills` and 202.
   */
  readonly idempotency?: UploadIdempotency;
}

/** See `UploadBillInput.idempotency`. */
export type UploadIdempotency = OperationIdempotency;

/** What an upload answers: the bill in Extracting (or, for a repeated key, the first answer again). */
export interface UploadedBill {
  readonly bill: BillJson;
  readonly replayed: boolean;
}

/**
 * Creates a bill in Extracting for an uploaded document: the bill, its `bill.created` event, the read-bill
 * job and the idempotency record commit together. The same key with the same request answers the first
 * answer again; with another request, 409.
 */
export const uploadBill =
  (deps: BillDeps<"bills" | "events" | "idempotencyKeys" | "jobs">) =>
  (input: UploadBillInput): TE.TaskEither<DomainError, UploadedBill> => {
    const { scope, idempotency } = input;
    const place = operationPlace(scope, idempotency);
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
        await rememberResponse(s.idempotencyKeys, place, idempotency, json, now);
        return E.right({ bill: json, replayed: false });
      });
    return () =>
      oncePerKey(
        deps.db.stores.idempotencyKeys,
        place,
        idempotency,
        (seen) => ({ bill: seen.response as BillJson, replayed: true }),
        create,
      );
  };
