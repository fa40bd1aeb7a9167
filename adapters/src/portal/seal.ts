import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/** The keys the portal derives from the operator's secret key (`APAR_SECRET_KEY`). */
export interface PortalKeys {
  /** AES-256-GCM key of the session and flash cookies. */
  readonly seal: Buffer;
  /** HMAC key of the CSRF tokens. */
  readonly csrf: Buffer;
}

/** Derives the portal's keys: HKDF with a label of their own, so no other use of the secret key shares them. */
export const portalKeys = (secretKey: string): PortalKeys => {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", secretKey, "apar-portal", info, 32));
  return { seal: derive("session cookie v1"), csrf: derive("csrf token v1") };
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts and authenticates a JSON value for a cookie. `purpose` is bound as associated data, so a value
 * sealed as one cookie (a flash message) is refused as another (a session).
 */
export const seal = (key: Buffer, purpose: string, value: unknown): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
};

/** The value `seal` sealed with this key and purpose, or undefined for anything altered, foreign or malformed. */
export const unseal = (key: Buffer, purpose: string, sealed: string): unknown => {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES + 1) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(text.toString("utf8"));
  } catch {
    return undefined;
  }
};

/** A CSRF token bound to one session id (or one sign-in nonce): an HMAC nobody without the key can make. */
export const csrfToken = (key: Buffer, boundTo: string): string =>
  createHmac("sha256", key).update(`csrf:${boundTo}`).digest("base64url");

/** Whether `given` is the CSRF token of `boundTo` (constant time). */
export const csrfMatches = (key: Buffer, boundTo: string, given: string | null | undefined): boolean => {
  if (typeof given !== "string" || given === "") return false;
  const expected = Buffer.from(csrfToken(key, boundTo));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
