import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { Organisation } from "../../tenancy/model.js";
import type { TenancyDeps } from "./deps.js";

export interface RenameOrganisationInput {
  readonly clientId: string;
  readonly id: string;
  readonly name: string;
}

/**
 * Gives an organisation of the client another name (the first start names it "Default organisation" unless
 * APAR_FIRST_ORGANISATION_NAME says otherwise). Who may is the caller's business: the table and the route.
 */
export const renameOrganisation =
  (deps: TenancyDeps<"organisations">) =>
  (input: RenameOrganisationInput): TE.TaskEither<DomainError, Organisation> => {
    const name = input.name.trim();
    if (name === "" || name.length > 200)
      return TE.left(
        validationError([{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]),
      );
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, Organisation>> => {
        const organisation = await s.organisations.ofId(input.clientId, input.id);
        if (organisation === undefined)
          return E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
        const renamed: Organisation = { ...organisation, name };
        await s.organisations.update(renamed);
        return E.right(renamed);
      });
  };
