import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import type { Company } from "../../inbox/model.js";
import { type DomainError, validationError } from "../../shared/errors.js";
import {
  companyNameErrors,
  companyNotFound,
  distinct,
  foreignOrganisationErrors,
  organisationIdsErrors,
} from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface UpdateCompanyInput {
  readonly clientId: string;
  readonly id: string;
  readonly name?: string;
  /** Replaces the list when given. */
  readonly organisationIds?: readonly string[];
}

/**
 * Renames a company or changes its organisations. The slug stays: senders' forwarding rules point at the
 * address, and a rename must not silently break them.
 */
export const updateCompany =
  (deps: InboxDeps<"companies" | "organisations">) =>
  (input: UpdateCompanyInput): TE.TaskEither<DomainError, Company> => {
    const name = input.name?.trim();
    const organisationIds = input.organisationIds === undefined ? undefined : distinct(input.organisationIds);
    const errors = [
      ...(name === undefined ? [] : companyNameErrors(name)),
      ...(organisationIds === undefined ? [] : organisationIdsErrors(organisationIds)),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, Company>> => {
        const company = await s.companies.ofId(input.clientId, input.id);
        if (company === undefined) return E.left(companyNotFound());
        if (organisationIds !== undefined) {
          const foreign = await foreignOrganisationErrors(s, input.clientId, organisationIds);
          if (foreign.length > 0) return E.left(validationError(foreign));
        }
        const changed: Company = {
          ...company,
          ...(name === undefined ? {} : { name }),
          ...(organisationIds === undefined ? {} : { organisationIds }),
          updatedAt: deps.clock.now(),
        };
        await s.companies.update(changed);
        return E.right(changed);
      });
  };
