import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { normalisedEmail } from "../../auth/sign-in.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, domainError, notFound, validationError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { type ClientRole, ORGANISATION_ROLES, type OrganisationRole } from "../../tenancy/model.js";
import { addOrganisationMember } from "../tenancy/add-organisation-member.js";
import type { SignInDeps } from "./deps.js";
import { signInLinkJob } from "./links.js";

/** A member of an organisation, as its People page lists them. */
export interface Person {
  readonly userId: string;
  readonly name: string;
  readonly email: string;
  readonly roles: readonly OrganisationRole[];
  /** The user's roles in the client (Owner, Admin): they act in every organisation. */
  readonly clientRoles: readonly ClientRole[];
}

/** Who changes the people of an organisation: a person (their user id), or an API key (no one). */
export interface PeopleActor {
  readonly userId: string | undefined;
}

/** The organisation's members, by name. */
export const listPeople =
  (deps: Pick<SignInDeps<"memberships" | "users">, "db">) =>
  async (scope: OrgScope): Promise<Person[]> => {
    const s = deps.db.stores;
    const people: Person[] = [];
    for (const m of await s.memberships.ofOrganisation(scope.organisationId)) {
      const user = await s.users.ofId(scope.clientId, m.userId);
      if (user !== undefined)
        people.push({
          userId: user.id,
          name: user.name,
          email: user.email,
          roles: m.roles,
          clientRoles: user.clientRoles,
        });
    }
    return people.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  };

/** The roles as sent, checked: at least one, each an organisation role, each once, in the catalogue's order. */
export const organisationRolesOf = (sent: readonly string[]): E.Either<DomainError, OrganisationRole[]> => {
  const unknown = sent.filter((r) => !(ORGANISATION_ROLES as readonly string[]).includes(r));
  if (sent.length === 0 || unknown.length > 0)
    return E.left(
      validationError([
        { field: "roles", code: "Invalid", message: `Choose one or more of ${ORGANISATION_ROLES.join(", ")}.` },
      ]),
    );
  return E.right(ORGANISATION_ROLES.filter((r) => sent.includes(r)));
};

const memberNotFound = () => notFound("Membership.NotFound", "This person is not a member of the organisation.");

/**
 * Refuses a change that would leave the organisation without an Admin member when it has one now (the last
 * administrator cannot be demoted or removed; another must be made Admin first).
 */
const keepsAnAdministrator = async (
  s: Pick<Stores, "memberships">,
  scope: OrgScope,
  userId: string,
  rolesAfter: readonly OrganisationRole[],
): Promise<DomainError | undefined> => {
  if (rolesAfter.includes("Admin")) return undefined;
  const members = await s.memberships.ofOrganisation(scope.organisationId);
  const admins = members.filter((m) => m.roles.includes("Admin"));
  if (admins.length === 1 && admins[0]?.userId === userId)
    return conflict(
      "Membership.LastAdministrator",
      "This is the organisation's last administrator: make someone else Admin first.",
    );
  return undefined;
};

/** The membership of a user of the scope's client in its organisation, inside a unit of work that holds it. */
const heldMembership = async (s: Pick<Stores, "memberships" | "users">, scope: OrgScope, userId: string) => {
  await s.memberships.lockOrganisation(scope.organisationId);
  const user = await s.users.ofId(scope.clientId, userId);
  return user === undefined ? undefined : s.memberships.of(user.id, scope.organisationId);
};

/**
 * Invites a person to the organisation: the user (made when the address is new to the client) and the membership
 * commit with the job that mails them a sign-in link (it lasts 3 days).
 */
export const invitePerson =
  (deps: SignInDeps<"clients" | "jobs" | "memberships" | "organisations" | "users">) =>
  (
    scope: OrgScope,
    input: { readonly email: string; readonly name: string; readonly roles: readonly string[] },
  ): TE.TaskEither<DomainError, Person> =>
  async () => {
    const roles = organisationRolesOf(input.roles);
    if (E.isLeft(roles)) return roles;
    return deps.db.run(async (s) => {
      // Inside this unit of work: the user, the membership and the mail's job commit together.
      const inner = { ...deps, db: { run: <A>(work: (st: typeof s) => Promise<A>) => work(s) } };
      const added = await addOrganisationMember(inner)({
        clientId: scope.clientId,
        organisationId: scope.organisationId,
        email: input.email,
        name: input.name,
        roles: roles.right,
      })();
      if (E.isLeft(added)) return added;
      const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
      const now = deps.clock.now();
      await s.jobs.enqueue(
        signInLinkJob(
          {
            email: normalisedEmail(added.right.user.email),
            invitation: { organisationName: organisation?.name ?? "" },
          },
          now,
        ),
        now,
      );
      const { user, membership } = added.right;
      return E.right({
        userId: user.id,
        name: user.name,
        email: user.email,
        roles: membership.roles,
        clientRoles: user.clientRoles,
      });
    });
  };

/**
 * Gives a member other roles. Nobody may give themselves a role they do not hold (an Admin holds them all), and the
 * last Admin keeps the role.
 */
export const changeRoles =
  (deps: Pick<SignInDeps<"memberships" | "users">, "db">) =>
  (scope: OrgScope, actor: PeopleActor, userId: string, sent: readonly string[]): TE.TaskEither<DomainError, void> =>
  async () => {
    const roles = organisationRolesOf(sent);
    if (E.isLeft(roles)) return roles;
    return deps.db.run(async (s) => {
      const membership = await heldMembership(s, scope, userId);
      if (membership === undefined) return E.left(memberNotFound());
      // An Admin holds every role of the organisation: stepping down is not raising.
      const held: readonly OrganisationRole[] = membership.roles.includes("Admin")
        ? ORGANISATION_ROLES
        : membership.roles;
      if (actor.userId === userId && roles.right.some((r) => !held.includes(r)))
        return E.left(
          domainError(
            "Forbidden",
            "Membership.OwnRoleRaised",
            "Nobody may give themselves a role: ask another administrator.",
          ),
        );
      const refusal = await keepsAnAdministrator(s, scope, userId, roles.right);
      if (refusal !== undefined) return E.left(refusal);
      await s.memberships.setRoles(userId, scope.organisationId, roles.right);
      return E.right(undefined);
    });
  };

/** Ends a membership (the user stays in the client); the last Admin cannot be removed. */
export const removeMember =
  (deps: Pick<SignInDeps<"memberships" | "users">, "db">) =>
  (scope: OrgScope, userId: string): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s) => {
      const membership = await heldMembership(s, scope, userId);
      if (membership === undefined) return E.left(memberNotFound());
      const refusal = await keepsAnAdministrator(s, scope, userId, []);
      if (refusal !== undefined) return E.left(refusal);
      await s.memberships.remove(userId, scope.organisationId);
      return E.right(undefined);
    });
