import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { conflict, type DomainError, notFound } from "../../shared/errors.js";
import type { Membership, OrganisationRole, User } from "../../tenancy/model.js";
import { createUser } from "./create-user.js";
import type { TenancyDeps } from "./deps.js";

export interface AddOrganisationMemberInput {
  readonly clientId: string;
  readonly organisationId: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly OrganisationRole[];
}

/** The member added, and whether the user was new to the client. */
export interface AddedMember {
  readonly user: User;
  readonly membership: Membership;
  readonly userCreated: boolean;
}

/**
 * Adds a person to an organisation by email: a user of the client with that email is added (never
 * duplicated), otherwise a new user is created. Already a member: 409 `Membership.Exists`.
 */
export const addOrganisationMember =
  (deps: TenancyDeps<"clients" | "memberships" | "organisations" | "users">) =>
  (input: AddOrganisationMemberInput): TE.TaskEither<DomainError, AddedMember> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, AddedMember>> => {
      const organisation = await s.organisations.ofId(input.clientId, input.organisationId);
      if (organisation === undefined)
        return E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
      const roles = [...new Set(input.roles)];
      const existing = await s.users.ofEmail(input.clientId, input.email.trim().toLowerCase());
      if (existing === undefined) {
        // Inside this unit of work: the user and the membership commit together.
        const inner = { ...deps, db: { run: <A>(work: (st: typeof s) => Promise<A>) => work(s) } };
        const created = await createUser(inner)({
          clientId: input.clientId,
          email: input.email,
          name: input.name,
          organisation: { id: organisation.id, roles },
        })();
        if (E.isLeft(created)) return created;
        const membership = await s.memberships.of(created.right.id, organisation.id);
        if (membership === undefined) throw new Error("the membership just added is missing");
        return E.right({ user: created.right, membership, userCreated: true });
      }
      if ((await s.memberships.of(existing.id, organisation.id)) !== undefined)
        return E.left(conflict("Membership.Exists", "This user is already a member of the organisation."));
      const membership: Membership = {
        userId: existing.id,
        organisationId: organisation.id,
        roles,
        createdAt: deps.clock.now(),
      };
      await s.memberships.add(membership);
      return E.right({ user: existing, membership, userCreated: false });
    });
