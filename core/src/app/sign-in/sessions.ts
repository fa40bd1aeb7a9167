import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import {
  hashSignInSecret,
  isSignInSecretShape,
  newSignInSecret,
  PERSON_SESSION_MS,
  type SignInMethod,
} from "../../auth/sign-in.js";
import type { UserClaims } from "../../auth/token-claims.js";
import { type DomainError, domainError } from "../../shared/errors.js";
import { accountsOf } from "./accounts.js";
import type { SignInDeps } from "./deps.js";

/** A new session: its id (for the sealed cookie only) and when it ends. */
export interface StartedSession {
  readonly sessionId: string;
  readonly expiresAt: Date;
}

/**
 * Starts a portal session for one account of an address the person has just proved (a link they received, or
 * their identity provider's verified address). An account that is no longer among the address's is refused.
 */
export const startPersonSession =
  (deps: SignInDeps<"clients" | "memberships" | "organisations" | "personSessions" | "users">) =>
  (input: {
    readonly email: string;
    readonly userId: string;
    readonly method: SignInMethod;
  }): TE.TaskEither<DomainError, StartedSession> =>
  () =>
    deps.db.run(async (s) => {
      const account = (await accountsOf(s, input.email)).find((a) => a.userId === input.userId);
      if (account === undefined)
        return E.left(domainError("Forbidden", "SignIn.NoAccount", "This account cannot be signed in to."));
      const now = deps.clock.now();
      const sessionId = newSignInSecret(deps.randomBytes);
      const expiresAt = new Date(now.getTime() + PERSON_SESSION_MS);
      await s.personSessions.add({
        idHash: hashSignInSecret(sessionId),
        clientId: account.clientId,
        userId: account.userId,
        method: input.method,
        createdAt: now,
        expiresAt,
        endedAt: null,
      });
      return E.right({ sessionId, expiresAt });
    });

/**
 * Who a live session's person is now: their current client roles and memberships (a role taken away counts from
 * the next request on). Undefined for an unknown, ended or expired session, or a user who is gone.
 */
export const personOfSession =
  (deps: Pick<SignInDeps<"memberships" | "personSessions" | "users">, "db" | "clock">) =>
  async (sessionId: string): Promise<UserClaims | undefined> => {
    if (!isSignInSecretShape(sessionId)) return undefined;
    const s = deps.db.stores;
    const session = await s.personSessions.live(hashSignInSecret(sessionId), deps.clock.now());
    if (session === undefined) return undefined;
    const user = await s.users.ofId(session.clientId, session.userId);
    if (user === undefined) return undefined;
    const memberships = await s.memberships.ofUser(user.id);
    return {
      userId: user.id,
      clientId: user.clientId,
      clientRoles: user.clientRoles,
      memberships: memberships.map((m) => ({ organisationId: m.organisationId, roles: m.roles })),
      issuedAt: session.createdAt,
      expiresAt: session.expiresAt,
    };
  };

/** Ends a session (signing out): its cookie is worth nothing afterwards, wherever a copy of it is. */
export const endPersonSession =
  (deps: Pick<SignInDeps<"personSessions">, "db" | "clock">) =>
  async (sessionId: string): Promise<void> => {
    if (isSignInSecretShape(sessionId))
      await deps.db.stores.personSessions.end(hashSignInSecret(sessionId), deps.clock.now());
  };
