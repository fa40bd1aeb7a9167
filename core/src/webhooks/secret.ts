import { Buffer } from "node:buffer";

/** The prefix of every webhook signing secret. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Random bytes in a secret: 256 bits. */
export const WEBHOOK_SECRET_BYTES = 32;

/** A new signing secret `whsec_<base64url of 32 random bytes>` from the given random source. */
export const generateWebhookSecret = (randomBytes: (size: number) => Uint8Array): string => {
  const bytes = randomBytes(WEBHOOK_SECRET_BYTES);
  if (bytes.length < WEBHOOK_SECRET_BYTES) throw new Error("the random source gave too few bytes");
  return `${WEBHOOK_SECRET_PREFIX}${Buffer.from(bytes).toString("base64url")}`;
};
