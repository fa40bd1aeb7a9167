import { createHash } from "node:crypto";

/**
 * A single-use link that signs a person in to the portal. It is mailed to an address and signs in any user of
 * that address (one per client); only the hash of its token is stored.
 */
export interface SignInLink {
  /** Lower-case hex sha-256 of the token: the token itself is only ever in the mail. */
  readonly tokenHash: string;
  /** The address it was mailed to, lower case. */
  readonly email: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/**
 * A person's portal session after a sign-in link or OpenID Connect: the cookie holds its id, the database its hash.
 * Every request reads the person's current roles through it, and signing out ends it.
 */
export interface PersonSession {
  readonly idHash: string;
  readonly clientId: string;
  readonly userId: string;
  /** How the person proved who they are. */
  readonly method: SignInMethod;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly endedAt: Date | null;
}

/** The ways a person signs in as themselves. */
export type SignInMethod = "link" | "oidc";

/** How long a link asked for on the sign-in page works. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** How long the link of an invitation works: people read such mail later. */
export const INVITATION_LINK_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** How long a person's session lasts (as the portal's other sessions). */
export const PERSON_SESSION_MS = 8 * 60 * 60 * 1000;

/** Random bytes in a link token or a session id: 256 bits. */
export const SIGN_IN_SECRET_BYTES = 32;

/** A new secret (base64url of 32 random bytes, 43 characters). */
export const newSignInSecret = (randomBytes: (size: number) => Uint8Array): string =>
  Buffer.from(randomBytes(SIGN_IN_SECRET_BYTES)).toString("base64url");

/** The stored form of a link token or session id. */
export const hashSignInSecret = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("hex");

/** True when a text has the shape of a secret we issue (anything else is not looked up). */
export const isSignInSecretShape = (text: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(text);

/** The form an address is compared in: trimmed, lower case. */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/** True for something shaped like an e-mail address (the mail server decides the rest). */
export const looksLikeEmail = (email: string): boolean =>
  email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
