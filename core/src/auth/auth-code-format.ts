import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";

/** Random bytes in an auth code: 256 bits, far beyond guessing within its 5 minutes. */
export const AUTH_CODE_RANDOM_BYTES = 32;

/** How long an auth code may be exchanged. */
export const AUTH_CODE_LIFETIME_MS = 5 * 60 * 1000;

/** The hex sha-256 of a code, as `AuthCode.codeHash` stores it. */
export const hashAuthCode = (code: string): string => createHash("sha256").update(code, "utf8").digest("hex");

/** A new code (base64url of the random bytes) and its hash. */
export const makeAuthCode = (random: Uint8Array): { code: string; hash: string } => {
  if (random.length < AUTH_CODE_RANDOM_BYTES)
    throw new RangeError(`An auth code needs ${AUTH_CODE_RANDOM_BYTES} random bytes`);
  const code = Buffer.from(random.subarray(0, AUTH_CODE_RANDOM_BYTES)).toString("base64url");
  return { code, hash: hashAuthCode(code) };
};
