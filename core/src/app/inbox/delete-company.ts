import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { DomainError } from "../../shared/errors.js";
import { companyNotFound } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface DeleteCompanyInput {
  readonly clientId: string;
  readonly id: string;
}

/** Deletes a company of the client with its rejection records, allowlist and waiting bills (its slug becomes free again). */
export const deleteCompany =
  (deps: InboxDeps<"allowedSenders" | "companies" | "companyBills" | "forwardingRejections">) =>
  (input: DeleteCompanyInput): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, void>> => {
      if (!(await s.companies.remove(input.clientId, input.id))) return E.left(companyNotFound());
      await s.forwardingRejections.removeOfCompany(input.clientId, input.id);
      await s.allowedSenders.removeOfCompany(input.clientId, input.id);
      await s.companyBills.removeOfCompany(input.clientId, input.id);
      return E.right(undefined);
    });
