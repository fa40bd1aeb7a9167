import { createHash } from "node:crypto";

/** A single-use link that lets one approver approve or reject one bill without signing in. */
export interface ApprovalLink {
  /** Lower-case hex sha-256 of the token: the token itself is only ever in the mail. */
  readonly tokenHash: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly billId: string;
  readonly userId: string;
  readonly expiresAt: Date;
  /** Set when the link was used or revoked (the bill left NeedsApproval). */
  readonly usedAt: Date | null;
  readonly createdAt: Date;
}

/** How long a link lives: a week, long enough for an approver's absence of a few days. */
export const APPROVAL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new token: 32 random bytes, base64url (43 characters). */
export const newApprovalToken = (randomBytes: (size: number) => Uint8Array): string =>
  Buffer.from(randomBytes(32)).toString("base64url");

/** The stored form of a token. */
export const hashApprovalToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** True when a token has the shape of one we issue (anything else is not looked up). */
export const isApprovalTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** True while a link may be used. */
export const linkUsable = (link: ApprovalLink, now: Date): boolean =>
  link.usedAt === null && link.expiresAt.getTime() > now.getTime();
