import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";

/** The receiver's default replay tolerance (spec: 5 minutes between `t` and the receiver's clock). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `${t}.${rawBody}`, keyed with the whole secret string (`whsec_...` included). */
export const webhookSignatureHex = (secret: string, timestamp: number, rawBody: string | Uint8Array): string =>
  createHmac("sha256", secret)
    .update(`${timestamp}.`, "utf8")
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest("hex");

/** The signature header value `t=<unix>,v1=<hex>` for one delivery attempt made at `timestamp` (Unix seconds). */
export const signWebhook = (secret: string, timestamp: number, rawBody: string | Uint8Array): string => {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError(`bad timestamp: ${timestamp}`);
  return `t=${timestamp},v1=${webhookSignatureHex(secret, timestamp, rawBody)}`;
};

/** Why a signature did not verify. */
export type WebhookVerifyFailure =
  | "MissingHeader"
  | "MalformedHeader"
  | "NoV1Signature"
  | "BadTimestamp"
  | "TimestampTooOld"
  | "TimestampInFuture"
  | "SignatureMismatch";

/** The outcome of `verifyWebhook`: ok with the signed timestamp, or what went wrong in words a developer can act on. */
export type WebhookVerifyResult =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: WebhookVerifyFailure; readonly message: string };

export interface VerifyWebhookOptions {
  /** Largest allowed distance between `t` and `now`, in either direction (default 300). */
  readonly toleranceSeconds?: number;
  /** The receiver's clock (default: the current time). */
  readonly now?: Date;
}

const failure = (reason: WebhookVerifyFailure, message: string): WebhookVerifyResult => ({
  ok: false,
  reason,
  message,
});

/** The `t` and every `v1` of a header (`t=..,v1=..[,v1=..]`); other schemes are ignored, as Stripe does. */
const parseHeader = (header: string): { t: string | undefined; v1: string[] } | undefined => {
  let t: string | undefined;
  const v1: string[] = [];
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    if (at <= 0) return undefined;
    const key = item.slice(0, at);
    const value = item.slice(at + 1);
    if (key === "t") t = value;
    else if (key === "v1") v1.push(value);
  }
  return { t, v1 };
};

const HEX_SHA256 = /^[0-9a-f]{64}$/;

const mismatchHint = (secret: string, rawBody: string | Uint8Array): string => {
  if (secret.trim() !== secret || /\s/.test(secret))
    return " The secret contains whitespace: copy it exactly as shown (whsec_... with nothing around it).";
  if (!secret.startsWith("whsec_")) return " The secret should be the whole whsec_... string.";
  const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  try {
    const parsed: unknown = JSON.parse(text);
    if (JSON.stringify(parsed) !== text && JSON.stringify(parsed, null, 2) !== text) return "";
    return (
      " Pass the raw request body exactly as received (the bytes, not a parsed and re-serialised object):" +
      " a body that was parsed by a framework and serialised again does not match."
    );
  } catch {
    return "";
  }
};

/**
 * Checks a delivery's signature header against the raw body: the header must carry `t` and a `v1`, `t` must be
 * within the tolerance of `now` in either direction, and one `v1` must equal the HMAC (compared in constant time).
 */
export const verifyWebhook = (
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookVerifyResult => {
  if (header === undefined || header === null || header.trim() === "")
    return failure("MissingHeader", "No signature header: read the Service-Signature header of the request.");
  const parsed = parseHeader(header);
  if (parsed === undefined)
    return failure("MalformedHeader", "The signature header is not of the form t=<unix>,v1=<hex> (no spaces).");
  if (parsed.t === undefined || !/^\d{1,15}$/.test(parsed.t))
    return failure("BadTimestamp", "The signature header has no valid t=<unix seconds> entry.");
  if (parsed.v1.length === 0) return failure("NoV1Signature", "The signature header has no v1=<hex> signature.");
  const timestamp = Number(parsed.t);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (now - timestamp > tolerance)
    return failure(
      "TimestampTooOld",
      `The signature is ${now - timestamp} s old, more than the ${tolerance} s tolerance (a replay, or a slow clock).`,
    );
  if (timestamp - now > tolerance)
    return failure(
      "TimestampInFuture",
      `The signature is ${timestamp - now} s ahead of this clock, more than the ${tolerance} s tolerance (check the receiver's clock).`,
    );
  const expected = Buffer.from(webhookSignatureHex(secret, timestamp, rawBody), "utf8");
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const candidate of parsed.v1) {
    const given = Buffer.from(candidate, "utf8");
    const same = HEX_SHA256.test(candidate) && given.length === expected.length && timingSafeEqual(given, expected);
    matched = matched || same;
  }
  if (matched) return { ok: true, timestamp };
  return failure("SignatureMismatch", `No v1 signature matches the body and secret.${mismatchHint(secret, rawBody)}`);
};
