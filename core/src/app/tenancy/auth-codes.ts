import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import {
  AUTH_CODE_LIFETIME_MS,
  AUTH_CODE_RANDOM_BYTES,
  hashAuthCode,
  makeAuthCode,
} from "../../auth/auth-code-format.js";
import { TOKEN_LIFETIME_MS } from "../../auth/token-lifetime.js";
import type { BearerTokens } from "../../ports/bearer-tokens.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Uuid } from "../../shared/codecs/uuid.js";
import { type DomainError, domainError, notFound } from "../../shared/errors.js";
import { apiKeyUsable } from "../../tenancy/api-key-format.js";
import type { Organisation, User } from "../../tenancy/model.js";
import { canActIn } from "../../tenancy/rules.js";
import type { TenancyDeps } from "./deps.js";

export interface IssueAuthCodeInput {
  readonly clientId: string;
  /** The API key issuing the code. */
  readonly apiKeyId: string;
  readonly userId: string;
  readonly organisationId: string;
}

/** A code to hand to the user's browser; exchange it within its 5 minutes. */
export interface IssuedAuthCode {
  readonly code: string;
  readonly expiresAt: Date;
}

/**
 * Issues a single-use code for a user of the client who acts in the organisation (a member, or a client
 * administrator). Only its hash is stored.
 */
export const issueAuthCode =
  (deps: TenancyDeps<"authCodes" | "memberships" | "organisations" | "users">) =>
  (input: IssueAuthCodeInput): TE.TaskEither<DomainError, IssuedAuthCode> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, IssuedAuthCode>> => {
      const user = await s.users.ofId(input.clientId, input.userId);
      if (user === undefined) return E.left(notFound("User.NotFound", "The user does not exist."));
      const organisation = await s.organisations.ofId(input.clientId, input.organisationId);
      if (organisation === undefined)
        return E.left(notFound("Organisation.NotFound", "The organisation does not exist."));
      if (!canActIn(user, await s.memberships.ofUser(user.id), organisation))
        return E.left(
          domainError("Forbidden", "Organisation.NotMember", "The user is not a member of this organisation."),
        );
      const now = deps.clock.now();
      const { code, hash } = makeAuthCode(deps.randomBytes(AUTH_CODE_RANDOM_BYTES));
      const expiresAt = new Date(now.getTime() + AUTH_CODE_LIFETIME_MS);
      await s.authCodes.add({
        codeHash: hash,
        clientId: input.clientId,
        userId: user.id,
        organisationId: organisation.id,
        apiKeyId: input.apiKeyId,
        createdAt: now,
        expiresAt,
        usedAt: null,
      });
      return E.right({ code, expiresAt });
    });

/** A bearer token and who it is for. */
export interface ExchangedToken {
  readonly token: string;
  readonly expiresAt: Date;
  readonly user: User;
  /** The organisations the user is a member of. */
  readonly organisations: readonly Organisation[];
}

/**
 * Exchanges a code for a bearer token (8 hours) carrying the user's client, client roles and memberships.
 * A used, expired or unknown code, or one whose issuing key was revoked since, is refused (401).
 */
export const exchangeAuthCode =
  (
    deps: TenancyDeps<"apiKeys" | "authCodes" | "memberships" | "organisations" | "users"> & {
      readonly tokens: BearerTokens;
    },
  ) =>
  (code: string): TE.TaskEither<DomainError, ExchangedToken> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, ExchangedToken>> => {
      const refused = E.left(
        domainError("Unauthenticated", "Auth.InvalidCode", "The code is not valid: it is unknown, used or expired."),
      );
      const now = deps.clock.now();
      const used = await s.authCodes.consume(hashAuthCode(code), now);
      if (used === undefined) return refused;
      const key = await s.apiKeys.ofId(used.apiKeyId);
      const user = await s.users.ofId(used.clientId, used.userId);
      if (key === undefined || !apiKeyUsable(key, now) || user === undefined) return refused;
      const memberships = await s.memberships.ofUser(user.id);
      const organisations: Organisation[] = [];
      for (const m of memberships) {
        const organisation = await s.organisations.ofId(user.clientId, m.organisationId);
        if (organisation !== undefined) organisations.push(organisation);
      }
      const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
      const token = await deps.tokens.sign({
        userId: user.id,
        clientId: user.clientId,
        clientRoles: user.clientRoles,
        memberships: memberships
          .filter((m) => organisations.some((o) => o.id === m.organisationId))
          .map((m) => ({ organisationId: m.organisationId, roles: m.roles })),
        apiKeyId: key.id,
        issuedAt: now,
        expiresAt,
      });
      return E.right({ token, expiresAt, user, organisations });
    });

/** An issued code as the API answers it (shown once). */
export const AuthCodeView = t.type({ code: t.string, expiresAt: IsoDateTime }, "AuthCode");

export const authCodeView = (c: IssuedAuthCode): t.TypeOf<typeof AuthCodeView> => ({
  code: c.code,
  expiresAt: c.expiresAt.toISOString(),
});

/** An exchanged code as the API answers it: the bearer token and the user's organisations. */
export const ExchangedTokenView = t.type(
  {
    token: t.string,
    userId: Uuid,
    email: documented(t.string, { format: "email" }),
    organisations: t.readonlyArray(t.type({ organisationId: Uuid, organisationName: t.string })),
  },
  "ExchangedToken",
);

export const exchangedTokenView = (x: ExchangedToken): t.TypeOf<typeof ExchangedTokenView> => ({
  token: x.token,
  userId: x.user.id,
  email: x.user.email,
  organisations: x.organisations.map((o) => ({ organisationId: o.id, organisationName: o.name })),
});
