import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { ForwardingRejection } from "../../inbox/model.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import { type CompanyVisibility, companyNotFound, visibleCompany } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface ListForwardingRejectionsInput {
  readonly clientId: string;
  readonly companyId: string;
  /** 1 to 100, default 20 (the spec's `Limit`). */
  readonly limit?: number;
  /** The caller's organisations when it is not a client administrator. */
  readonly visibleTo?: CompanyVisibility;
}

/** The spec's bounds for `Limit` on this listing. */
export const FORWARDING_REJECTIONS_LIMIT = { min: 1, max: 100, fallback: 20 } as const;

/**
 * A company's rejected forwards, newest first. `Company.NotFound` when the company does not exist or
 * belongs to another client: the answer never tells the two apart.
 */
export const listForwardingRejections =
  (deps: InboxDeps<"companies" | "forwardingRejections">) =>
  (input: ListForwardingRejectionsInput): TE.TaskEither<DomainError, readonly ForwardingRejection[]> => {
    const { min, max, fallback } = FORWARDING_REJECTIONS_LIMIT;
    const limit = input.limit ?? fallback;
    if (!Number.isInteger(limit) || limit < min || limit > max)
      return TE.left(
        validationError([{ field: "Limit", code: "Invalid", message: `Give a limit of ${min} to ${max}.` }]),
      );
    return async () => {
      const s = deps.db.stores;
      if ((await visibleCompany(s, input)) === undefined) return E.left(companyNotFound());
      return E.right(await s.forwardingRejections.newestOfCompany(input.clientId, input.companyId, limit));
    };
  };
