import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { Company } from "../../inbox/model.js";
import type { Page } from "../../ports/page.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import { companyNotFound } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface GetCompanyInput {
  readonly clientId: string;
  readonly id: string;
}

/** A company of the client; `Company.NotFound` for a missing one or another client's. */
export const getCompany =
  (deps: InboxDeps) =>
  (input: GetCompanyInput): TE.TaskEither<DomainError, Company> =>
  () =>
    deps.db.stores.companies
      .ofId(input.clientId, input.id)
      .then((company) => (company === undefined ? E.left(companyNotFound()) : E.right(company)));

export interface ListCompaniesInput {
  readonly clientId: string;
  /** The last id of the previous page. */
  readonly after?: string;
  /** 1 to 100, default 20. */
  readonly limit?: number;
}

/** One page of the client's companies in id (creation) order. */
export const listCompanies =
  (deps: InboxDeps) =>
  (input: ListCompaniesInput): TE.TaskEither<DomainError, Page<Company>> => {
    const limit = input.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return TE.left(validationError([{ field: "Limit", code: "Invalid", message: "Give a limit of 1 to 100." }]));
    return () =>
      deps.db.stores.companies
        .listByClient(input.clientId, input.after === undefined ? { limit } : { after: input.after, limit })
        .then(E.right);
  };
