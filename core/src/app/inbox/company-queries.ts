import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { Company } from "../../inbox/model.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import type { Page } from "../../shared/page.js";
import { type CompanyVisibility, companyNotFound, visibleCompany } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface GetCompanyInput {
  readonly clientId: string;
  readonly id: string;
  /** The caller's organisations when it is not a client administrator. */
  readonly visibleTo?: CompanyVisibility;
}

/** A company of the client; `Company.NotFound` for a missing one, another client's, or one the caller may not read. */
export const getCompany =
  (deps: InboxDeps<"companies">) =>
  (input: GetCompanyInput): TE.TaskEither<DomainError, Company> =>
  () =>
    visibleCompany(deps.db.stores, { ...input, companyId: input.id }).then((company) =>
      company === undefined ? E.left(companyNotFound()) : E.right(company),
    );

export interface ListCompaniesInput {
  readonly clientId: string;
  /** The last id of the previous page. */
  readonly after?: string;
  /** 1 to 100, default 20. */
  readonly limit?: number;
  /** The caller's organisations when it is not a client administrator: only companies linked to them. */
  readonly visibleTo?: CompanyVisibility;
}

/** One page of the client's companies (those the caller may read) in id (creation) order. */
export const listCompanies =
  (deps: InboxDeps<"companies">) =>
  (input: ListCompaniesInput): TE.TaskEither<DomainError, Page<Company>> => {
    const limit = input.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return TE.left(validationError([{ field: "Limit", code: "Invalid", message: "Give a limit of 1 to 100." }]));
    return () =>
      deps.db.stores.companies
        .listByClient(
          input.clientId,
          input.after === undefined ? { limit } : { after: input.after, limit },
          input.visibleTo,
        )
        .then(E.right);
  };
