import type { Either } from "fp-ts/lib/Either.js";
import type { DomainError } from "../shared/errors.js";

/** Seals secrets for storage and opens them again (AES-256-GCM under the operator key, in adapters). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** An answer to a delivery POST: `ok` for 2xx; a connection error or timeout has `status` null and an `error`. */
export interface WebhookPostResult {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly latencyMs: number;
}

/** Sends deliveries: the SSRF-guarded HTTP client in production. */
export interface WebhookSender {
  post(
    url: string,
    request: { readonly headers: Readonly<Record<string, string>>; readonly body: string | Uint8Array },
  ): Promise<WebhookPostResult>;
}

/**
 * Checks a subscriber URL when it is saved (the guarded client's `validate`): right when allowed, else the
 * `Webhook.InvalidUrl` problem saying which rule it broke.
 */
export type WebhookUrlCheck = (url: string) => Promise<Either<DomainError, unknown>>;
