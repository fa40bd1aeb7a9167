import { Buffer } from "node:buffer";
import { hash, timingSafeEqual } from "node:crypto";
import type { ApiKey } from "./model.js";

/**
 * API keys look like `apar_<prefix>_<secret>`: an 8-character public prefix (by which the key is found) and a
 * 52-character secret from 32 random bytes (256 bits), both in lower-case base32 so the key survives
 * copy-paste, URLs and double-click selection. Only the sha-256 of the whole key is stored.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const PREFIX_BYTES = 5; // 40 bits -> 8 base32 characters
const SECRET_BYTES = 32; // 256 bits -> 52 base32 characters
const KEY = /^apar_([a-z2-7]{8})_([a-z2-7]{52})$/;

/** How many random bytes `makeApiKey` needs. */
export const API_KEY_RANDOM_BYTES = PREFIX_BYTES + SECRET_BYTES;

const base32 = (bytes: Uint8Array): string => {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return bits > 0 ? out + ALPHABET[(buffer << (5 - bits)) & 31] : out;
};

/** A new API key from `API_KEY_RANDOM_BYTES` random bytes: the key to show once, its prefix and its hash. */
export const makeApiKey = (random: Uint8Array): { key: string; prefix: string; hash: string } => {
  if (random.length < API_KEY_RANDOM_BYTES)
    throw new RangeError(`An API key needs ${API_KEY_RANDOM_BYTES} random bytes`);
  const prefix = base32(random.subarray(0, PREFIX_BYTES));
  const key = `apar_${prefix}_${base32(random.subarray(PREFIX_BYTES, API_KEY_RANDOM_BYTES))}`;
  return { key, prefix, hash: hashApiKey(key) };
};

/** The prefix and secret of a presented key, or undefined when it is not in apar's key format. */
export const parseApiKey = (presented: string): { prefix: string; secret: string } | undefined => {
  const m = KEY.exec(presented);
  return m === null ? undefined : { prefix: m[1] as string, secret: m[2] as string };
};

/** The hex sha-256 of a whole key, as stored in `ApiKey.keyHash`. */
export const hashApiKey = (key: string): string => hash("sha256", key, "hex");

/** True when the presented key hashes to the stored hash, compared in constant time. */
export const apiKeyMatches = (presented: string, storedHash: string): boolean => {
  // One-shot hashing: no Hash object per request.
  const a = hash("sha256", presented, "buffer");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
};

/** True when a stored key may be used at `now`: not revoked and not expired. */
export const apiKeyUsable = (key: Pick<ApiKey, "revokedAt" | "expiresAt">, now: Date): boolean =>
  key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > now.getTime());
