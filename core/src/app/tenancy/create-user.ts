import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { looksLikeEmail, normalisedEmail } from "../../auth/sign-in.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { ClientRole, OrganisationRole, User } from "../../tenancy/model.js";
import type { TenancyDeps } from "./deps.js";

export interface CreateUserInput {
  readonly clientId: string;
  readonly email: string;
  readonly name: string;
  readonly clientRoles?: readonly ClientRole[];
  /** Optionally add the user to an organisation of the client at once. */
  readonly organisation?: { readonly id: string; readonly roles: readonly OrganisationRole[] };
}

/** Creates a user of a client (emails are unique per client, compared case-insensitively). */
export const createUser =
  (deps: TenancyDeps<"clients" | "memberships" | "organisations" | "users">) =>
  (input: CreateUserInput): TE.TaskEither<DomainError, User> => {
    const email = normalisedEmail(input.email);
    const name = input.name.trim();
    const errors = [
      ...(looksLikeEmail(email) ? [] : [{ field: "email", code: "Invalid", message: "Give an email address." }]),
      ...(name === "" || name.length > 200
        ? [{ field: "name", code: "Invalid", message: "Give a name of 1 to 200 characters." }]
        : []),
    ];
    if (errors.length > 0) return TE.left(validationError(errors));
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, User>> => {
        if ((await s.clients.ofId(input.clientId)) === undefined)
          return E.left(notFound("Client.NotFound", "The client does not exist."));
        if ((await s.users.ofEmail(input.clientId, email)) !== undefined)
          return E.left(conflict("User.EmailTaken", "A user with this email already exists."));
        const now = deps.clock.now();
        const user: User = {
          id: deps.ids.next(),
          clientId: input.clientId,
          email,
          name,
          clientRoles: [...new Set(input.clientRoles ?? [])],
          createdAt: now,
        };
        if (input.organisation !== undefined) {
          if ((await s.organisations.ofId(input.clientId, input.organisation.id)) === undefined)
            return E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
        }
        await s.users.add(user);
        if (input.organisation !== undefined)
          await s.memberships.add({
            userId: user.id,
            organisationId: input.organisation.id,
            roles: [...new Set(input.organisation.roles)],
            createdAt: now,
          });
        return E.right(user);
      });
  };
